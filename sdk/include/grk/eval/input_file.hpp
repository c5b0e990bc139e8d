// grk/eval/input_file.hpp: read_input_file and read_json_file, the bytes, then
// the JSON, of a file a parameter names, with each failure rendered as Python
// renders it (a wrapped OSError, docs/behaviour/python-compat.md §3; a
// UnicodeDecodeError; a JSONDecodeError).
#ifndef GRK_EVAL_INPUT_FILE_HPP
#define GRK_EVAL_INPUT_FILE_HPP

#include <boost/json/value.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <grk/error.hpp>
#include <grk/eval/regular_file.hpp>
#include <grk/expected.hpp>
#include <grk/json/reader.hpp>
#include <grk/python/text.hpp>

namespace grk::eval {

/// The failure of reading the file `name` (`what` says what it is) with
/// errno `error`: not_found for a missing file, io_error otherwise,
/// `cannot read <what> '<path>': [Errno 2] No such file or directory: '<path>'`.
inline Unexpected<Failure> unreadable_input(const std::string& name, std::string_view what, int error) {
  const std::string reason = "[Errno " + std::to_string(error) + "] " + std::strerror(error) + ": " +
                             python::repr(name);
  return fail(error == ENOENT ? Status::not_found : Status::io_error,
              "cannot read " + std::string(what) + " " + python::repr(name) + ": " + reason);
}

/// The file `name` opened for reading when it is a regular file
/// (open_regular_file): its descriptor, the caller's to close, or
/// unreadable_input's failure, or invalid_data `cannot read <what> '<path>':
/// it is a FIFO, not a regular file` (likewise a device or a socket).
inline Expected<int> open_input_file(const std::string& name, std::string_view what) {
  const OpenedFile opened = open_regular_file(name.c_str());
  if (opened.special != nullptr) {
    return fail(Status::invalid_data, "cannot read " + std::string(what) + " " + python::repr(name) + ": it is " +
                                          opened.special + ", not a regular file");
  }
  if (opened.fd < 0) return unreadable_input(name, what, opened.error);
  return opened.fd;
}

/// The whole file, opened as open_input_file opens it, failing as it does.
inline Expected<std::string> read_input_file(const std::filesystem::path& path, std::string_view what) {
  const std::string name = path.string();
  const auto unreadable = [&](int error) { return unreadable_input(name, what, error); };
  GRK_TRY(const int fd, open_input_file(name, what));
  errno = 0;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(::fdopen(fd, "rb"), &std::fclose);
  if (!file) {
    const int error = errno != 0 ? errno : EIO;
    ::close(fd);
    return unreadable(error);
  }
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

/// The file read as JSON the way Python's json.loads(text) reads it. Fails as
/// read_input_file does, or with invalid_data
/// `<what> '<path>' is not valid UTF-8: <reason>` or
/// `<what> '<path>' is not valid JSON: <str(JSONDecodeError)>`.
inline Expected<boost::json::value> read_json_file(const std::filesystem::path& path, std::string_view what) {
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

}  // namespace grk::eval

#endif
