#include "support/plain_json.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <vector>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

namespace grk::host {

namespace {

using json::detail::pretty_layout;
using json::detail::TextCursor;

// The most brackets open at once, an empty pair included; deeper texts are
// read into a tree (json::read's own limit is 1,000; a result is a few
// levels deep): this bounds the stacks below.
constexpr std::size_t deepest = 64;

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

const char* digits_end(const char* p, const char* end) noexcept {
  while (p != end && is_digit(*p)) ++p;
  return p;
}

// The end of the number at `p` in JSON's grammar,
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?; null where a part is cut
// short ("1.", "1e+", "-"), which json::read reads otherwise.
const char* number_end(const char* p, const char* end) noexcept {
  if (p != end && *p == '-') ++p;
  if (p == end || !is_digit(*p)) return nullptr;
  p = *p == '0' ? p + 1 : digits_end(p + 1, end);
  if (p != end && *p == '.') {
    if (++p == end || !is_digit(*p)) return nullptr;
    p = digits_end(p, end);
  }
  if (p != end && (*p == 'e' || *p == 'E')) {
    if (++p != end && (*p == '-' || *p == '+')) ++p;
    if (p == end || !is_digit(*p)) return nullptr;
    p = digits_end(p, end);
  }
  return p;
}

const char* word_end(const char* p, const char* end, std::string_view word) noexcept {
  const bool here = static_cast<std::size_t>(end - p) >= word.size() && std::string_view(p, word.size()) == word;
  return here ? p + word.size() : nullptr;
}

// Past the closing quote of the string whose opening quote is at `p`; null
// when it holds an escape or a control character, or is not closed.
const char* plain_string_end(const char* p, const char* end) noexcept {
  for (++p; p != end; ++p) {
    const auto byte = static_cast<unsigned char>(*p);
    if (json::detail::ends_string_run[byte]) return byte == '"' ? p + 1 : nullptr;
  }
  return nullptr;
}

// The end of the value at `p` that is not an object or an array, when plain.
const char* scalar_end(const char* p, const char* end) noexcept {
  switch (*p) {
    case '"': return plain_string_end(p, end);
    case 't': return word_end(p, end, "true");
    case 'f': return word_end(p, end, "false");
    case 'n': return word_end(p, end, "null");
    case 'N': return word_end(p, end, "NaN");
    case 'I': return word_end(p, end, "Infinity");
    case '-':
      if (end - p > 1 && p[1] == 'I') return word_end(p, end, "-Infinity");
      return number_end(p, end);
    default: return number_end(p, end);
  }
}

// The keys of the objects open, to find a key given twice in one (json::read
// keeps the first one's place and the last one's value). A result's objects
// are mostly alike, a query's values then the next query's: an object whose
// keys are those of the last object closed at its depth, which were
// distinct, needs no sorting.
class ObjectKeys {
 public:
  void open() { starts_.push_back(keys_.size()); }
  void add(std::string_view key) { keys_.push_back(key); }

  // Closes the innermost object; false when it holds a key twice.
  bool close() {
    const std::size_t depth = starts_.size() - 1;
    const auto first = keys_.begin() + static_cast<std::ptrdiff_t>(starts_.back());
    starts_.pop_back();
    bool distinct = true;
    if (keys_.end() - first > 1) {
      if (depth >= last_closed_.size()) last_closed_.resize(depth + 1);
      std::vector<std::string_view>& last = last_closed_[depth];
      if (!std::equal(first, keys_.end(), last.begin(), last.end())) {
        sorted_.assign(first, keys_.end());
        std::sort(sorted_.begin(), sorted_.end());
        distinct = std::adjacent_find(sorted_.begin(), sorted_.end()) == sorted_.end();
        last.assign(first, keys_.end());
      }
    }
    keys_.erase(first, keys_.end());
    return distinct;
  }

 private:
  std::vector<std::string_view> keys_;   // of the objects open, the outermost's first
  std::vector<std::size_t> starts_;      // where each open object's keys start
  std::vector<std::vector<std::string_view>> last_closed_;  // by depth, distinct
  std::vector<std::string_view> sorted_;
};

// Whether write_pretty writes the value json::read makes of the number
// [first, last) as these very bytes. An integer of up to 18 digits (an
// int64), but -0, which reads as 0. A float in decimal form whose digits,
// leading zeros aside, are at most 15 and end in a nonzero one (or are a
// whole number and ".0"), and whose size write_report_float writes in
// decimal form (1e-5 <= |x| < 1e16): two decimals of 15 digits or fewer
// read as two doubles, so no shorter one reads as this one, and these are
// the shortest digits to_chars finds. The rest (an exponent, 16 or 17
// digits, "0.50") are read and written again, as in a tree.
bool written_as_is(const char* first, const char* last) noexcept {
  const char* const whole = *first == '-' ? first + 1 : first;
  const char* const point = digits_end(whole, last);
  const auto whole_digits = point - whole;
  if (point == last) return whole_digits <= 18 && !(whole != first && *whole == '0');
  if (*point != '.') return false;
  const char* const fraction = point + 1;
  if (digits_end(fraction, last) != last) return false;
  const bool point_zero = last - fraction == 1 && *fraction == '0';
  if (*whole != '0') {
    if (!point_zero) return last[-1] != '0' && (last - fraction) + whole_digits <= 15;
    const char* significant_end = point;
    while (significant_end[-1] == '0') --significant_end;
    return whole_digits <= 16 && significant_end - whole <= 15;
  }
  if (point_zero) return true;  // 0.0 and -0.0
  const char* significant = fraction;
  while (significant != last && *significant == '0') ++significant;
  return significant != last && significant - fraction <= 4 && last[-1] != '0' && last - significant <= 15;
}

// Writes the value at `p` that is not an object, an array or a string as
// write_pretty writes json::read's value of it; returns its end.
const char* put_scalar(TextCursor& out, const char* p, const char* end) {
  switch (*p) {
    case 't': out.put("true"); return p + 4;
    case 'f': out.put("false"); return p + 5;
    case 'n': out.put("null"); return p + 4;
    case 'N': json::detail::put_number(out, std::numeric_limits<double>::quiet_NaN(), pretty_layout); return p + 3;
    case 'I': json::detail::put_number(out, std::numeric_limits<double>::infinity(), pretty_layout); return p + 8;
    default: break;
  }
  if (p[0] == '-' && p[1] == 'I') {
    json::detail::put_number(out, -std::numeric_limits<double>::infinity(), pretty_layout);
    return p + 9;
  }
  const char* const last = number_end(p, end);
  if (written_as_is(p, last)) {
    out.put(std::string_view(p, static_cast<std::size_t>(last - p)));
  } else {
    const bool is_float = std::find_if(p, last, [](char c) { return c == '.' || c == 'e' || c == 'E'; }) != last;
    json::detail::put_value(out, json::detail::PythonJsonScanner::number_value(p, last, is_float), pretty_layout, 0);
  }
  return last;
}

// The text between the quotes of the plain string whose opening quote is at `p`.
std::string_view plain_string_at(const char* p, const char* end) noexcept {
  const auto* close = static_cast<const char*>(std::memchr(p + 1, '"', static_cast<std::size_t>(end - p - 1)));
  return {p + 1, static_cast<std::size_t>(close - p - 1)};
}

}  // namespace

bool is_plain_compact_json(std::string_view text) noexcept {
  try {
    const char* p = text.data();
    const char* const end = p + text.size();
    std::vector<char> open;  // the closing bracket of each container open
    ObjectKeys keys;
    // At a member of the innermost object: its key and the ':'.
    const auto member_key = [&] {
      if (p == end || *p != '"') return false;
      const char* const key_end = plain_string_end(p, end);
      if (key_end == nullptr || key_end == end || *key_end != ':') return false;
      keys.add(std::string_view(p + 1, static_cast<std::size_t>(key_end - p - 2)));
      p = key_end + 1;
      return true;
    };
    for (;;) {
      if (p == end) return false;
      if (*p == '{' || *p == '[') {
        if (open.size() == deepest) return false;
        const char close = *p == '{' ? '}' : ']';
        if (++p != end && *p == close) {
          ++p;
        } else {
          open.push_back(close);
          if (close == '}') {
            keys.open();
            if (!member_key()) return false;
          }
          continue;
        }
      } else if ((p = scalar_end(p, end)) == nullptr) {
        return false;
      }
      // After a value: the brackets that close there, then a comma.
      while (!open.empty() && p != end && *p == open.back()) {
        if (open.back() == '}' && !keys.close()) return false;
        open.pop_back();
        ++p;
      }
      if (open.empty()) return p == end;
      if (p == end || *p != ',') return false;
      ++p;
      if (open.back() == '}' && !member_key()) return false;
    }
  } catch (const std::bad_alloc&) {
    return false;  // read as a tree, which says what it cannot hold
  }
}

void put_plain_json_pretty(TextCursor& out, std::string_view text, int level) {
  const char* p = text.data();
  const char* const end = p + text.size();
  std::vector<char> open;  // the closing bracket of each container open
  const auto put_key = [&] {
    const std::string_view key = plain_string_at(p, end);
    json::put_quoted(out, key);
    out.put(pretty_layout.key_separator);
    p = key.data() + key.size() + 2;  // past the quote and the ':'
  };
  for (;;) {
    const int depth = level + static_cast<int>(open.size());
    if (*p == '{' || *p == '[') {
      const char close = *p == '{' ? '}' : ']';
      out.put(*p);
      if (p[1] == close) {
        out.put(close);
        p += 2;
      } else {
        open.push_back(close);
        ++p;
        json::detail::put_item_start(out, pretty_layout, depth + 1, true);
        if (close == '}') put_key();
        continue;
      }
    } else if (*p == '"') {
      const std::string_view content = plain_string_at(p, end);
      json::put_quoted(out, content);
      p = content.data() + content.size() + 1;
    } else {
      p = put_scalar(out, p, end);
    }
    while (!open.empty() && p != end && *p == open.back()) {
      json::detail::put_close(out, pretty_layout, level + static_cast<int>(open.size()) - 1, false, open.back());
      open.pop_back();
      ++p;
    }
    if (open.empty()) return;
    ++p;  // the comma
    json::detail::put_item_start(out, pretty_layout, level + static_cast<int>(open.size()), false);
    if (open.back() == '}') put_key();
  }
}

}  // namespace grk::host
