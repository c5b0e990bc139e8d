#include "inputs/input_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>

#include <grk/error.hpp>
#include <grk/json/reader.hpp>
#include <grk/python/text.hpp>

namespace grk::significance {

Expected<std::string> read_input_file(const std::filesystem::path& path, std::string_view what) {
  const std::string name = path.string();
  const auto unreadable = [&](int error) {
    const std::string reason = "[Errno " + std::to_string(error) + "] " + std::strerror(error) + ": " +
                               python::repr(name);
    return fail(error == ENOENT ? Status::not_found : Status::io_error,
                "cannot read " + std::string(what) + " " + python::repr(name) + ": " + reason);
  };
  errno = 0;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(name.c_str(), "rb"), &std::fclose);
  if (!file) return unreadable(errno != 0 ? errno : EIO);
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    bytes.append(buffer, got);
    if (got < sizeof buffer) {
      // A directory opens fine on Linux and fails here with EISDIR.
      if (std::ferror(file.get())) return unreadable(errno != 0 ? errno : EIO);
      break;
    }
  }
  return bytes;
}

Expected<boost::json::value> read_json_file(const std::filesystem::path& path, std::string_view what) {
  GRK_TRY(const std::string bytes, read_input_file(path, what));
  const std::string name = python::repr(path.string());
  if (auto utf8 = python::validate_utf8(bytes); !utf8) {
    return fail(Status::invalid_data, std::string(what) + " " + name + " is not valid UTF-8: " + utf8.error());
  }
  auto value = json::read(bytes);
  if (!value) {
    return fail(Status::invalid_data,
                std::string(what) + " " + name + " is not valid JSON: " + value.error().describe());
  }
  return std::move(*value);
}

}  // namespace grk::significance
