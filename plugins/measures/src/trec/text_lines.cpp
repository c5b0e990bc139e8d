#include "trec/text_lines.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

#include <grk/eval/regular_file.hpp>
#include <grk/python/utf8.hpp>

namespace grk::measures {

bool LineCursor::next(TextLine& line) {
  if (offset_ >= text_.size()) return false;
  const std::size_t end = text_.find('\n', offset_);
  const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
  std::string_view text = text_.substr(offset_, stop - offset_);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  offset_ = end == std::string_view::npos ? text_.size() : end + 1;
  line.text = text;
  line.number = ++number_;
  return true;
}

bool is_blank(std::string_view line) {
  for (char c : line) {
    if (!is_c_space(c)) return false;
  }
  return true;
}

bool is_comment(std::string_view line, CommentRule rule) {
  std::size_t i = 0;
  if (rule == CommentRule::after_spaces) {
    while (i < line.size() && is_c_space(line[i])) ++i;
  }
  return i < line.size() && line[i] == '#';
}

bool RecordLines::next(TextLine& line) {
  while (cursor_.next(line)) {
    if (is_comment(line.text, comments_) || (skip_blank_ && is_blank(line.text))) continue;
    if (header_) {
      header_ = false;
      continue;
    }
    return true;
  }
  return false;
}

std::size_t split_fields(std::string_view line, std::string_view* fields, std::size_t capacity) {
  std::size_t count = 0;
  std::size_t i = 0;
  const std::size_t n = line.size();
  while (i < n) {
    while (i < n && is_c_space(line[i])) ++i;
    if (i >= n) break;
    const std::size_t start = i;
    while (i < n && !is_c_space(line[i])) ++i;
    if (count < capacity) fields[count] = line.substr(start, i - start);
    ++count;
  }
  return count;
}

Failure bad_line(std::string_view kind, std::string_view file, const TextLine& line, std::string_view problem) {
  std::string message;
  message.reserve(kind.size() + file.size() + problem.size() + line.text.size() + 32);
  message.append(kind).append(" '").append(file).append("' line ").append(std::to_string(line.number));
  message.append(": ").append(problem).append(": '").append(line.text.substr(0, quoted_line_bytes));
  message.append(line.text.size() > quoted_line_bytes ? "...'" : "'");
  return Failure{Status::invalid_data, std::move(message), {}};
}

Failure overlong_line(std::string_view kind, std::string_view file, std::size_t number) {
  return Failure{Status::invalid_data,
                 std::string(kind) + " '" + std::string(file) + "' line " + std::to_string(number) +
                     ": longer than " + std::to_string(longest_line) + " bytes, the longest line a TREC file may have",
                 {}};
}

bool parse_integer(std::string_view text, long& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty() || text.front() == '+') return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

namespace {

// The common score, digits with at most one point and no exponent, read
// directly when its digits fit in 2**53 and the point is at most 22 places in:
// then both m and 10**k are exact doubles and one correctly rounded division
// gives what strtod gives (Clinger's fast path). False sends the text to
// std::from_chars.
bool parse_plain_decimal(std::string_view text, double& value) {
  static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const char* p = text.data();
  const char* const end = p + text.size();
  const bool negative = p < end && *p == '-';
  if (negative) ++p;
  // The digits before the point, then those after it: two tight loops, no
  // state per character. More than 15 digits in all fails the fast path.
  const auto digit = [](char c) { return static_cast<unsigned>(c - '0') <= 9u; };
  const char* const first = p;
  std::uint64_t digits = 0;
  for (; p < end && digit(*p); ++p) digits = digits * 10 + static_cast<unsigned>(*p - '0');
  std::size_t count = static_cast<std::size_t>(p - first);
  std::size_t places = 0;
  if (p < end && *p == '.') {
    const char* const fraction = ++p;
    for (; p < end && digit(*p); ++p) digits = digits * 10 + static_cast<unsigned>(*p - '0');
    places = static_cast<std::size_t>(p - fraction);
    count += places;
  }
  // 10**15 < 2**53: below 16 digits no overflow and no rounding (the loops
  // may have wrapped past them; the result is then thrown away).
  if (p != end || count == 0 || count > 15 || places > 22) return false;
  const double magnitude = static_cast<double>(digits) / powers[places];
  value = negative ? -magnitude : magnitude;
  return true;
}

}  // namespace

bool parse_finite_number(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (!text.empty() && text.front() != '+' && parse_plain_decimal(text, value)) return true;
  if (text.empty() || text.front() == '+') return false;
  const char first = text.front() == '-' && text.size() > 1 ? text[1] : text.front();
  // from_chars reads "inf" and "nan" too; a score is a written number.
  if (!((first >= '0' && first <= '9') || first == '.')) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) return false;
  if (error == std::errc::result_out_of_range) {
    // Too small for a double (1e-400): strtod's value, 0 or the nearest
    // subnormal, as trec_eval reads it. Too large stays refused.
    const std::string copy(text);
    value = std::strtod(copy.c_str(), nullptr);
    return std::isfinite(value) && std::fabs(value) <= std::numeric_limits<double>::min();
  }
  return error == std::errc() && std::isfinite(value);
}

Expected<InputFile> open_input(const std::filesystem::path& path, std::string_view kind) {
  const eval::OpenedFile opened = eval::open_regular_file(path.c_str());
  if (opened.special != nullptr) {
    return fail(Status::invalid_data,
                std::string(kind) + " '" + path.string() + "' is " + opened.special + ", not a regular file");
  }
  InputFile file(opened.fd >= 0 ? ::fdopen(opened.fd, "rb") : nullptr);
  if (!file) {
    const int error = opened.error != 0 ? opened.error : errno;
    if (opened.fd >= 0) ::close(opened.fd);
    const Status status = error == ENOENT ? Status::not_found : Status::io_error;
    return fail(status, std::string(kind) + " '" + path.string() + "' cannot be opened: " + std::strerror(error));
  }
  return file;
}

std::size_t size_of(const InputFile& file) {
  struct stat st {};
  return ::fstat(::fileno(file.get()), &st) == 0 ? static_cast<std::size_t>(st.st_size) : 0;
}

Unexpected<Failure> unreadable(const std::filesystem::path& path, std::string_view kind) {
  return fail(Status::io_error, std::string(kind) + " '" + path.string() + "' cannot be read");
}

Expected<std::shared_ptr<const std::string>> read_file_text(const std::filesystem::path& path, std::string_view kind) {
  GRK_TRY(const InputFile file, open_input(path, kind));
  auto text = std::make_shared<std::string>();
  // Reserved up to a bound: the size is a claim until the bytes arrive.
  text->reserve(std::min<std::size_t>(size_of(file), std::size_t{1} << 28));
  char block[1 << 16];
  std::size_t got = 0, lines = 0, line_length = 0;
  while ((got = std::fread(block, 1, sizeof block, file.get())) > 0) {
    for (const char* p = block; p < block + got;) {
      const void* found = std::memchr(p, '\n', static_cast<std::size_t>(block + got - p));
      const char* stop = found != nullptr ? static_cast<const char*>(found) : block + got;
      line_length += static_cast<std::size_t>(stop - p);
      if (line_length > longest_line) return unexpected(overlong_line(kind, path.string(), lines + 1));
      if (found == nullptr) break;
      ++lines;
      line_length = 0;
      p = stop + 1;
    }
    text->append(block, got);
  }
  if (std::ferror(file.get()) != 0) return unreadable(path, kind);
  return std::shared_ptr<const std::string>(std::move(text));
}

Expected<void> refuse_non_utf8(std::string_view id, std::string_view what, std::string_view kind, std::string_view file,
                               const TextLine& line) {
  const auto valid = python::validate_utf8(id);
  if (valid) return {};
  return unexpected(bad_line(kind, file, line, std::string(what) + " is not UTF-8 (" + valid.error() + ")"));
}

Expected<void> refuse_byte_order_mark(std::string_view text, std::string_view kind, std::string_view file) {
  if (text.substr(0, 3) != "\xEF\xBB\xBF") return {};
  return fail(Status::invalid_data, std::string(kind) + " '" + std::string(file) +
                                        "' line 1: starts with a UTF-8 byte-order mark (EF BB BF); save it without one");
}

}  // namespace grk::measures
