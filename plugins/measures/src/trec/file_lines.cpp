#include "trec/file_lines.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace grk::measures {

namespace {

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

}  // namespace

Expected<void> for_each_file_line(const std::filesystem::path& path, std::string_view kind,
                                  const std::function<Expected<void>(const TextLine&)>& take) {
  const std::string name = path.string();
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(name.c_str(), "rb"));
  if (!file) {
    const int error = errno;
    return fail(error == ENOENT ? Status::not_found : Status::io_error,
                std::string(kind) + " '" + name + "' cannot be opened: " + std::strerror(error));
  }
  std::vector<char> block(std::size_t{1} << 20);
  std::string pending;  // a line cut by the end of a block
  TextLine line;
  auto emit = [&](std::string_view text) {
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    line.text = text;
    ++line.number;
    return take(line);
  };
  std::size_t got = 0;
  while ((got = std::fread(block.data(), 1, block.size(), file.get())) > 0) {
    std::string_view rest(block.data(), got);
    for (std::size_t end = rest.find('\n'); end != std::string_view::npos; end = rest.find('\n')) {
      if (pending.empty()) {
        GRK_TRY_VOID(emit(rest.substr(0, end)));
      } else {
        pending.append(rest.substr(0, end));
        GRK_TRY_VOID(emit(pending));
        pending.clear();
      }
      rest.remove_prefix(end + 1);
    }
    pending.append(rest);
  }
  if (std::ferror(file.get())) return fail(Status::io_error, std::string(kind) + " '" + name + "' cannot be read");
  if (!pending.empty()) GRK_TRY_VOID(emit(pending));
  return {};
}

}  // namespace grk::measures
