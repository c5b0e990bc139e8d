#include "trec/file_text.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace grk::measures {

Expected<std::shared_ptr<const std::string>> read_file_text(const std::filesystem::path& path, std::string_view kind) {
  const std::string name = path.string();
  std::FILE* file = std::fopen(name.c_str(), "rb");
  if (file == nullptr) {
    const int error = errno;
    const Status status = error == ENOENT ? Status::not_found : Status::io_error;
    return fail(status, std::string(kind) + " '" + name + "' cannot be opened: " + std::strerror(error));
  }
  auto text = std::make_shared<std::string>();
  std::error_code size_error;
  const auto size = std::filesystem::file_size(path, size_error);
  if (!size_error) text->reserve(static_cast<std::size_t>(size));
  char block[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(block, 1, sizeof block, file)) > 0) text->append(block, got);
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) return fail(Status::io_error, std::string(kind) + " '" + name + "' cannot be read");
  return std::shared_ptr<const std::string>(std::move(text));
}

}  // namespace grk::measures
