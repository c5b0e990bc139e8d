// grk/json/reader.hpp: a JSON reader that accepts, rejects and reports exactly
// like CPython 3.11's `json.loads(str)` (docs/behaviour/beir.md §2, §3, docs/behaviour/judgments.md §2).
//
// Why not boost::json::parse: Boost.JSON 1.81 rounds about 1 double in 5 to the
// wrong neighbour, rejects NaN/Infinity and "\ud800", stops at depth 32, and its
// error texts are not Python's, which the reference embeds in user-visible
// messages. The scanner below follows `Modules/_json.c` (scan_once_unicode,
// scanstring_unicode, _parse_object/_parse_array, _match_number) and
// `json.decoder.JSONDecoder.decode` step by step, including the order of checks,
// so every error names the same message and position as Python.
//
// Deviations from Python, all deliberate:
// - Integers: Python keeps any size. We keep int64 when it fits, else uint64,
//   else the correctly rounded double. Python also refuses integers of more
//   than 4300 digits with a ValueError; we return the double.
// - Nesting: Python raises RecursionError near depth 1000 (the exact depth
//   depends on the caller's stack); we stop at `max_depth`.
// - The input must be UTF-8 (callers decode first, docs/behaviour/beir.md §2). Invalid
//   bytes are not diagnosed here; inside strings they are copied through.
#ifndef GRK_JSON_READER_HPP
#define GRK_JSON_READER_HPP

#include <grk/expected.hpp>
#include <grk/json/read_error.hpp>
#include <grk/json/wtf8.hpp>

#include <boost/json/value.hpp>

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace grk::json {

/// What the reader accepts beyond strict JSON.
struct ReadOptions {
  /// Python's json.loads accepts NaN, Infinity and -Infinity (docs/behaviour/beir.md §2);
  /// when false they fail as "Expecting value", as in a strict parser.
  bool allow_nan_and_infinity = true;
  /// Deeper nesting fails with "maximum nesting depth exceeded" at the opening
  /// bracket. Python's own limit is its recursion limit (~1000). The reader
  /// recurses once per level, so this also bounds its stack use.
  std::size_t max_depth = 1000;
};

namespace detail {

// Bytes that stop a run of plain string content: '"', '\\' and the C0
// controls that strict mode rejects. A table keeps the hot loop to one test.
struct StringRunEndTable {
  bool entries[256] = {};
  constexpr StringRunEndTable() {
    for (int byte = 0; byte < 0x20; ++byte) entries[byte] = true;
    entries[static_cast<unsigned char>('"')] = true;
    entries[static_cast<unsigned char>('\\')] = true;
  }
  constexpr bool operator[](unsigned char byte) const { return entries[byte]; }
};
inline constexpr StringRunEndTable ends_string_run{};

// One read of one text. Indices are byte offsets; they become code point
// positions only when an error is reported, which keeps the hot path on bytes.
class PythonJsonScanner {
 public:
  PythonJsonScanner(std::string_view text, const ReadOptions& options, ReadError& error)
      : text_(text.data()), size_(text.size()), options_(options), error_(error) {}

  /// The members of an object from one of them, `at`, to the object's '}',
  /// read by another scanner (read_object_tail) for this one to take over
  /// when it gets there (hand_over_at).
  struct ObjectTail {
    boost::json::object members;
    std::size_t close = 0;  ///< the offset of the object's '}'
    /// The deepest `depth` at which a bracket opened among the members, the
    /// object's own members being at depth 1; 0 for none.
    std::size_t deepest_bracket = 0;
  };

  /// When the scanner is at `at` at the start of an object's member, it asks
  /// `take` for the tail read from there and, given one, takes its members
  /// and goes on at its '}'; given none, it reads on itself.
  void hand_over_at(std::size_t at, std::function<ObjectTail*()> take) {
    handoff_at_ = at;
    take_ = std::move(take);
  }

  /// Reads the members of an object from `at`, where one starts, to the
  /// object's '}', as decode would read them there; false at the first
  /// mistake.
  bool read_object_tail(std::size_t at, ObjectTail& tail) {
    if (!read_members(at, tail.members, tail.close, 1)) return false;
    tail.deepest_bracket = deepest_bracket_;
    return true;
  }

  // JSONDecoder.decode: BOM check, skip whitespace, one value, whitespace, end.
  bool decode(boost::json::value& out) {
    if (size_ >= 3 && text_[0] == '\xEF' && text_[1] == '\xBB' && text_[2] == '\xBF') {
      return fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    }
    std::size_t end = 0;
    if (!scan_once(skip_whitespace(0), out, end, 0)) return false;
    end = skip_whitespace(end);
    if (end != size_) return fail("Extra data", end);
    return true;
  }

 private:
  // JSON's whitespace only; Python's WHITESPACE regex is [ \t\n\r]*.
  static bool is_json_whitespace(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

  std::size_t skip_whitespace(std::size_t idx) const noexcept {
    while (idx < size_ && is_json_whitespace(text_[idx])) ++idx;
    return idx;
  }

  bool matches(std::size_t idx, std::string_view word) const noexcept {
    return size_ - idx >= word.size() && std::string_view(text_ + idx, word.size()) == word;
  }

  bool fail(const char* message, std::size_t byte_offset) {
    std::size_t position = 0;
    std::size_t newline_position = 0;
    bool seen_newline = false;
    for (std::size_t i = 0; i < byte_offset; ++i) {
      const auto byte = static_cast<unsigned char>(text_[i]);
      if ((byte & 0xC0) == 0x80) continue;
      if (byte == '\n') {
        newline_position = position;
        seen_newline = true;
        ++error_.line;
      }
      ++position;
    }
    error_.message = message;
    error_.position = position;
    error_.line += 1;
    // JSONDecodeError: colno = pos - doc.rindex('\n', 0, pos), or pos + 1.
    error_.column = seen_newline ? position - newline_position : position + 1;
    return false;
  }

  // scan_once_unicode: a StopIteration from here becomes "Expecting value" at
  // `idx` in raw_decode, whichever nesting level raised it.
  bool scan_once(std::size_t idx, boost::json::value& out, std::size_t& next, std::size_t depth) {
    if (idx >= size_) return fail("Expecting value", idx);
    switch (text_[idx]) {
      case '"': {
        std::string_view content;
        if (!scan_string(idx + 1, content, next)) return false;
        out = boost::json::string(content);
        return true;
      }
      case '{':
        if (depth >= options_.max_depth) return fail("maximum nesting depth exceeded", idx);
        deepest_bracket_ = std::max(deepest_bracket_, depth);
        return parse_object(idx + 1, out, next, depth + 1);
      case '[':
        if (depth >= options_.max_depth) return fail("maximum nesting depth exceeded", idx);
        deepest_bracket_ = std::max(deepest_bracket_, depth);
        return parse_array(idx + 1, out, next, depth + 1);
      case 'n':
        if (matches(idx, "null")) {
          out = nullptr;
          next = idx + 4;
          return true;
        }
        break;
      case 't':
        if (matches(idx, "true")) {
          out = true;
          next = idx + 4;
          return true;
        }
        break;
      case 'f':
        if (matches(idx, "false")) {
          out = false;
          next = idx + 5;
          return true;
        }
        break;
      case 'N':
        if (options_.allow_nan_and_infinity && matches(idx, "NaN")) {
          out = std::numeric_limits<double>::quiet_NaN();
          next = idx + 3;
          return true;
        }
        break;
      case 'I':
        if (options_.allow_nan_and_infinity && matches(idx, "Infinity")) {
          out = std::numeric_limits<double>::infinity();
          next = idx + 8;
          return true;
        }
        break;
      case '-':
        if (options_.allow_nan_and_infinity && matches(idx, "-Infinity")) {
          out = -std::numeric_limits<double>::infinity();
          next = idx + 9;
          return true;
        }
        break;
      default:
        break;
    }
    return match_number(idx, out, next);
  }

  // An object is given, from the start, room for as many members as the
  // last object closed at its depth had: siblings are mostly alike (a
  // query's values, then the next query's), and growing one a member at a
  // time rehashes it at each step (a third of the time a million per-query
  // values took to read). Each closed object's size is taken by one object
  // only, the next at its depth, so the room given and not used is at most
  // the members read, which the text holds.
  bool parse_object(std::size_t idx, boost::json::value& out, std::size_t& next, std::size_t depth) {
    boost::json::object& object = out.emplace_object();
    if (depth >= object_sizes_.size()) object_sizes_.resize(depth + 1, 0);
    object.reserve(std::exchange(object_sizes_[depth], 0));
    idx = skip_whitespace(idx);
    if ((idx >= size_ || text_[idx] != '}') && !read_members(idx, object, idx, depth)) return false;
    next = idx + 1;
    object_sizes_[depth] = object.size();
    return true;
  }

  // An object's members from the first's key at `idx` to the '}' (`close`).
  bool read_members(std::size_t idx, boost::json::object& object, std::size_t& close, std::size_t depth) {
    for (;;) {
      if (idx == handoff_at_ && take_over(object, depth, idx)) break;
      if (idx >= size_ || text_[idx] != '"') {
        return fail("Expecting property name enclosed in double quotes", idx);
      }
      std::string_view key;
      if (!scan_string(idx + 1, key, idx)) return false;
      idx = skip_whitespace(idx);
      if (idx >= size_ || text_[idx] != ':') return fail("Expecting ':' delimiter", idx);
      idx = skip_whitespace(idx + 1);
      // A repeated key overwrites the value in the slot it first took, as a
      // Python dict does (docs/behaviour/beir.md §2). The key is consumed before the
      // value is scanned, so the scratch buffer behind `key` may be reused.
      boost::json::value& slot = object[key];
      if (!scan_once(idx, slot, idx, depth)) return false;
      idx = skip_whitespace(idx);
      if (idx < size_ && text_[idx] == '}') break;
      if (idx >= size_ || text_[idx] != ',') return fail("Expecting ',' delimiter", idx);
      idx = skip_whitespace(idx + 1);
    }
    close = idx;
    return true;
  }

  // At the hand-over point: the other scanner's members, put in this
  // object's as this scanner would have put them (a key both hold keeps its
  // first slot and takes the later value), and `idx` moved to the '}'. Not
  // when the other scanner failed, or its brackets would be too deep here:
  // this one then reads on and fails, or not, as it would have alone.
  bool take_over(boost::json::object& object, std::size_t depth, std::size_t& idx) {
    handoff_at_ = std::string_view::npos;
    ObjectTail* tail = take_ ? take_() : nullptr;
    if (tail == nullptr || (tail->deepest_bracket > 0 && tail->deepest_bracket + depth - 1 >= options_.max_depth)) {
      return false;
    }
    for (auto& member : tail->members) object[member.key()] = std::move(member.value());
    idx = tail->close;
    return true;
  }

  bool parse_array(std::size_t idx, boost::json::value& out, std::size_t& next, std::size_t depth) {
    boost::json::array& array = out.emplace_array();
    idx = skip_whitespace(idx);
    if (idx >= size_ || text_[idx] != ']') {
      for (;;) {
        boost::json::value& slot = array.emplace_back(nullptr);
        if (!scan_once(idx, slot, idx, depth)) return false;
        idx = skip_whitespace(idx);
        if (idx < size_ && text_[idx] == ']') break;
        if (idx >= size_ || text_[idx] != ',') return fail("Expecting ',' delimiter", idx);
        idx = skip_whitespace(idx + 1);
      }
    }
    next = idx + 1;
    return true;
  }

  // _match_number_unicode: '-'? ('0' | [1-9][0-9]*) ('.' [0-9]+)? ([eE] [-+]? [0-9]+)?
  // where a fraction or exponent that is not complete is simply not consumed
  // ("1." reads 1, then fails as "Extra data" at the '.').
  bool match_number(std::size_t start, boost::json::value& out, std::size_t& next) {
    std::size_t idx = start;
    if (text_[idx] == '-') {
      ++idx;
      if (idx >= size_) return fail("Expecting value", start);
    }
    if (text_[idx] >= '1' && text_[idx] <= '9') {
      ++idx;
      while (idx < size_ && is_digit(text_[idx])) ++idx;
    } else if (text_[idx] == '0') {
      ++idx;
    } else {
      return fail("Expecting value", start);
    }
    bool is_float = false;
    if (idx + 1 < size_ && text_[idx] == '.' && is_digit(text_[idx + 1])) {
      is_float = true;
      idx += 2;
      while (idx < size_ && is_digit(text_[idx])) ++idx;
    }
    if (idx + 1 < size_ && (text_[idx] == 'e' || text_[idx] == 'E')) {
      const std::size_t exponent_start = idx;
      ++idx;
      if (idx + 1 < size_ && (text_[idx] == '-' || text_[idx] == '+')) ++idx;
      while (idx < size_ && is_digit(text_[idx])) ++idx;
      if (is_digit(text_[idx - 1])) {
        is_float = true;
      } else {
        idx = exponent_start;
      }
    }
    next = idx;
    out = number_value(text_ + start, text_ + idx, is_float);
    return true;
  }

 public:
  /// The value of a number the grammar above matched, [first, last): an
  /// integer as int64 when it fits, else uint64, else a double, as floats
  /// are (the deviations at the top of this file).
  static boost::json::value number_value(const char* first, const char* last, bool is_float) {
    if (!is_float) {
      std::int64_t signed_value = 0;
      if (std::from_chars(first, last, signed_value).ec == std::errc()) return signed_value;
      std::uint64_t unsigned_value = 0;
      if (*first != '-' && std::from_chars(first, last, unsigned_value).ec == std::errc()) return unsigned_value;
    }
    return to_double(first, last);
  }

 private:
  // Correctly rounded, as Python's float(); from_chars reports overflow and
  // underflow without a value, so pick ±inf or ±0 from the decimal magnitude.
  static double to_double(const char* first, const char* last) {
    double value = 0.0;
    const auto result = std::from_chars(first, last, value, std::chars_format::general);
    if (result.ec == std::errc()) return value;
    const bool negative = *first == '-';
    if (negative) ++first;
    // Decimal exponent of the leading nonzero digit, before the 'e' part.
    long magnitude = 0;
    bool seen_nonzero = false;
    const char* p = first;
    for (; p != last && is_digit(*p); ++p) {
      if (seen_nonzero) {
        ++magnitude;
      } else if (*p != '0') {
        seen_nonzero = true;
      }
    }
    if (p != last && *p == '.') {
      for (++p; p != last && is_digit(*p); ++p) {
        if (!seen_nonzero) {
          --magnitude;
          seen_nonzero = *p != '0';
        }
      }
    }
    long exponent = 0;
    if (p != last) {
      ++p;
      const bool exponent_negative = *p == '-';
      if (*p == '-' || *p == '+') ++p;
      for (; p != last; ++p) {
        if (exponent < 100000) exponent = exponent * 10 + (*p - '0');
      }
      if (exponent_negative) exponent = -exponent;
    }
    const bool overflow = seen_nonzero && magnitude + exponent >= 0;
    const double magnitude_value = overflow ? std::numeric_limits<double>::infinity() : 0.0;
    return negative ? -magnitude_value : magnitude_value;
  }

  // scanstring_unicode with strict=True. `content` views the text itself when
  // the string holds no escape, else the scanner's scratch buffer.
  bool scan_string(std::size_t end, std::string_view& content, std::size_t& next_end) {
    const std::size_t begin = end - 1;
    bool escaped = false;
    for (;;) {
      std::size_t next = end;
      char c = 0;
      while (next < size_ && !ends_string_run[static_cast<unsigned char>(text_[next])]) ++next;
      if (next < size_) {
        c = text_[next];
        if (c != '"' && c != '\\') return fail("Invalid control character at", next);
      }
      if (next >= size_) return fail("Unterminated string starting at", begin);
      if (c == '"' && !escaped) {
        content = std::string_view(text_ + end, next - end);
        next_end = next + 1;
        return true;
      }
      if (!escaped) {
        scratch_.clear();
        escaped = true;
      }
      scratch_.append(text_ + end, next - end);
      ++next;
      if (c == '"') {
        content = scratch_;
        next_end = next;
        return true;
      }
      if (next == size_) return fail("Unterminated string starting at", begin);
      c = text_[next];
      if (c != 'u') {
        end = next + 1;
        switch (c) {
          case '"':
          case '\\':
          case '/':
            break;
          case 'b': c = '\b'; break;
          case 'f': c = '\f'; break;
          case 'n': c = '\n'; break;
          case 'r': c = '\r'; break;
          case 't': c = '\t'; break;
          default:
            return fail("Invalid \\escape", end - 2);
        }
        scratch_.push_back(c);
        continue;
      }
      ++next;
      end = next + 4;
      // Python needs one more character after the four digits, so an
      // unterminated "\u1234 fails here rather than as unterminated.
      if (end >= size_) return fail("Invalid \\uXXXX escape", next - 1);
      char32_t code_point = 0;
      if (!read_hex4(next, code_point)) return fail("Invalid \\uXXXX escape", end - 5);
      if (code_point >= 0xD800 && code_point <= 0xDBFF && end + 6 < size_ && text_[end] == '\\' &&
          text_[end + 1] == 'u') {
        char32_t low = 0;
        if (!read_hex4(end + 2, low)) return fail("Invalid \\uXXXX escape", end + 1);
        if (low >= 0xDC00 && low <= 0xDFFF) {
          code_point = 0x10000 + (((code_point - 0xD800) << 10) | (low - 0xDC00));
          end += 6;
        }
      }
      append_wtf8(scratch_, code_point);
    }
  }

  bool read_hex4(std::size_t idx, char32_t& value) const noexcept {
    value = 0;
    for (std::size_t i = idx; i < idx + 4; ++i) {
      const char digit = text_[i];
      value <<= 4;
      if (digit >= '0' && digit <= '9') {
        value |= static_cast<char32_t>(digit - '0');
      } else if (digit >= 'a' && digit <= 'f') {
        value |= static_cast<char32_t>(digit - 'a' + 10);
      } else if (digit >= 'A' && digit <= 'F') {
        value |= static_cast<char32_t>(digit - 'A' + 10);
      } else {
        return false;
      }
    }
    return true;
  }

  const char* text_;
  std::size_t size_;
  const ReadOptions& options_;
  ReadError& error_;
  std::string scratch_;
  std::vector<std::size_t> object_sizes_;  ///< by depth: the members of the last object closed there
  std::size_t deepest_bracket_ = 0;        ///< the deepest depth at which a bracket opened
  std::size_t handoff_at_ = std::string_view::npos;
  std::function<ObjectTail*()> take_;
};

}  // namespace detail

/// Reads one JSON text as CPython 3.11's `json.loads(str)` would (docs/behaviour/beir.md
/// §2, §3, docs/behaviour/judgments.md §2); the error is what Python's JSONDecodeError would say.
/// Strings are UTF-8; a lone surrogate escape is kept as WTF-8 (see
/// contains_lone_surrogate). Numbers: see the deviations at the top.
inline Expected<boost::json::value, ReadError> read(std::string_view utf8_text,
                                                    const ReadOptions& options = {}) {
  ReadError error;
  boost::json::value value;
  detail::PythonJsonScanner scanner(utf8_text, options, error);
  if (!scanner.decode(value)) return unexpected(std::move(error));
  return value;
}

}  // namespace grk::json

#endif
