// grk/groundkit/judgments/load_judgments.hpp: groundkit's load_judgments (docs/behaviour/judgments.md §1,
// §2): read, decode, split, parse and validate a judgments.jsonl file.
#ifndef GRK_GROUNDKIT_JUDGMENTS_LOAD_JUDGMENTS_HPP
#define GRK_GROUNDKIT_JUDGMENTS_LOAD_JUDGMENTS_HPP

#include <grk/error.hpp>
#include <grk/eval/regular_file.hpp>
#include <grk/expected.hpp>
#include <grk/json/reader.hpp>
#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/python/text.hpp>

#include <cerrno>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

namespace grk::judgments {

/// The judgments in `text` (the file's bytes, already valid UTF-8), checked
/// line by line in the reference's order: JSON, schema, duplicate id, then
/// strictly ascending ids. `path` is `str(path)` as messages show it. Fails
/// with invalid_data and the reference's message.
inline Expected<std::vector<Judgment>> parse_judgments(std::string_view text, const std::string& path) {
  std::vector<Judgment> judgments;
  std::set<std::string> seen;
  std::size_t number = 0;
  // splitlines already treats "\r\n" and "\r" as single breaks, which is all
  // that universal-newline translation would change for line contents.
  for (std::string_view raw : python::splitlines(text)) {
    ++number;
    const std::string_view line = python::strip(raw);
    if (line.empty()) continue;
    const std::string prefix = path + ":" + std::to_string(number) + ": ";
    const auto value = json::read(line);
    if (!value) return fail(Status::invalid_data, prefix + "invalid JSON: " + value.error().describe());
    auto valid = validate_judgment(*value);
    if (!valid) return fail(Status::invalid_data, prefix + "invalid judgment: " + valid.error());
    Judgment judgment = std::move(valid).value();
    if (seen.count(judgment.query_id) != 0) {
      return fail(Status::invalid_data, prefix + "duplicate query_id " + python::repr(judgment.query_id));
    }
    if (!judgments.empty() && judgment.query_id <= judgments.back().query_id) {
      return fail(Status::invalid_data, prefix + "query_id " + python::repr(judgment.query_id) +
                                            " is not in ascending order after " +
                                            python::repr(judgments.back().query_id) +
                                            " (the file must be kept sorted by query_id)");
    }
    seen.insert(judgment.query_id);
    judgments.push_back(std::move(judgment));
  }
  return judgments;
}

/// load_judgments(path): reads the file whole as strict UTF-8 and parses it.
/// A file that cannot be read gives `Cannot read judgments file '<path>':
/// [Errno N] ...` (not_found or io_error), bad UTF-8 gives `Judgments file
/// '<path>' is not valid UTF-8: ...` (invalid_data).
inline Expected<std::vector<Judgment>> load_judgments(const std::string& path) {
  std::string bytes;
  // A regular file, judged on the descriptor read: a FIFO is refused, not
  // waited on, and a device is never read whole.
  const eval::OpenedFile opened = eval::open_regular_file(path.c_str());
  if (opened.special != nullptr) {
    return fail(Status::invalid_data,
                "Cannot read judgments file " + python::repr(path) + ": " + opened.special + ", not a regular file");
  }
  int code = opened.error;  // EISDIR for a folder, as Python's open()
  const int fd = opened.fd;
  if (fd >= 0) {
    char block[1 << 16];
    while (code == 0) {
      const ssize_t n = ::read(fd, block, sizeof block);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) code = errno;
      if (n <= 0) break;
      bytes.append(block, static_cast<std::size_t>(n));
    }
    ::close(fd);
  }
  if (code != 0) {
    return fail(code == ENOENT || code == ENOTDIR ? Status::not_found : Status::io_error,
                "Cannot read judgments file " + python::repr(path) + ": [Errno " + std::to_string(code) + "] " +
                    std::strerror(code) + ": " + python::repr(path));
  }
  if (auto utf8 = python::validate_utf8(bytes); !utf8) {
    return fail(Status::invalid_data, "Judgments file " + python::repr(path) + " is not valid UTF-8: " + utf8.error());
  }
  return parse_judgments(bytes, path);
}

}  // namespace grk::judgments

#endif
