#include "trec/text_lines.hpp"

#include <charconv>
#include <cmath>

namespace grk::measures {

namespace {

// C's isspace in the "C" locale: what trec_eval splits its fields at.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

}  // namespace

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
    if (!is_space(c)) return false;
  }
  return true;
}

bool is_comment(std::string_view line, CommentRule rule) {
  std::size_t i = 0;
  if (rule == CommentRule::after_spaces) {
    while (i < line.size() && is_space(line[i])) ++i;
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
    while (i < n && is_space(line[i])) ++i;
    if (i >= n) break;
    const std::size_t start = i;
    while (i < n && !is_space(line[i])) ++i;
    if (count < capacity) fields[count] = line.substr(start, i - start);
    ++count;
  }
  return count;
}

Failure bad_line(std::string_view kind, std::string_view file, const TextLine& line, std::string_view problem) {
  std::string message;
  message.reserve(kind.size() + file.size() + problem.size() + line.text.size() + 32);
  message.append(kind).append(" '").append(file).append("' line ").append(std::to_string(line.number));
  message.append(": ").append(problem).append(": '").append(line.text).append("'");
  return Failure{Status::invalid_data, std::move(message), {}};
}

bool parse_integer(std::string_view text, long& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty() || text.front() == '+') return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

bool parse_finite_number(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty() || text.front() == '+') return false;
  const char first = text.front() == '-' && text.size() > 1 ? text[1] : text.front();
  // from_chars reads "inf" and "nan" too; a score is a written number.
  if (!((first >= '0' && first <= '9') || first == '.')) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && std::isfinite(value);
}

}  // namespace grk::measures
