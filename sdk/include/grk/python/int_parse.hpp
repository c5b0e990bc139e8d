// grk/python/int_parse.hpp: Python's int(str) (docs/behaviour/beir.md §4 step 4).
//
// CPython 3.11 first rewrites the text (_PyUnicode_TransformDecimalAndSpaceToASCII:
// non-ASCII whitespace becomes ' ', non-ASCII decimal digits become their
// ASCII digit, anything else non-ASCII ends the text), then parses the ASCII
// result with PyLong_FromString: ASCII whitespace there is only " \t\n\v\f\r",
// so "\x1c1" is refused although "\x851" is accepted.
#ifndef GRK_PYTHON_INT_PARSE_HPP
#define GRK_PYTHON_INT_PARSE_HPP

#include <grk/python/code_points.hpp>
#include <grk/detail/unicode_tables.hpp>
#include <grk/python/whitespace.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grk::python {

namespace detail {

/// The value 0-9 of a decimal digit (category Nd), or -1.
inline int decimal_digit_value(char32_t code_point) noexcept {
  if (code_point >= '0' && code_point <= '9') return static_cast<int>(code_point - '0');
  if (code_point < 0x80) return -1;
  for (const std::uint32_t zero : ::grk::detail::unicode_tables::decimal_digit_zeros) {
    if (code_point < zero) break;
    if (code_point < zero + 10) return static_cast<int>(code_point - zero);
  }
  return -1;
}

inline bool is_int_whitespace(char32_t code_point) noexcept {
  if (code_point < 0x80) return code_point == ' ' || (code_point >= 0x09 && code_point <= 0x0D);
  return is_whitespace(code_point);
}

// CPython's default sys.get_int_max_str_digits(); more digits raise ValueError.
inline constexpr std::size_t int_max_str_digits = 4300;

}  // namespace detail

/// int(raw) for a str (docs/behaviour/beir.md §4 step 4): surrounding whitespace, one
/// optional sign, single '_' between digits, leading zeros and any Unicode
/// decimal digits are accepted. Returns the value's canonical decimal ("-0"
/// -> "0", "+01" -> "1", "1_0" -> "10"; any length), or nullopt where int()
/// raises ValueError, including past 4300 digits (CPython's default limit).
inline std::optional<std::string> parse_int(std::string_view raw) {
  std::size_t i = 0;
  auto next = [&]() -> detail::DecodedCodePoint {
    return i < raw.size() ? detail::decode_at(raw, i) : detail::DecodedCodePoint{0, 0};
  };
  detail::DecodedCodePoint current = next();
  while (current.length != 0 && detail::is_int_whitespace(current.value)) {
    i += current.length;
    current = next();
  }
  bool negative = false;
  if (current.length != 0 && (current.value == '+' || current.value == '-')) {
    negative = current.value == '-';
    i += current.length;
    current = next();
  }
  std::string digits;
  std::size_t digit_count = 0;
  bool previous_underscore = true;  // so that a leading '_' is refused
  for (; current.length != 0; i += current.length, current = next()) {
    if (current.value == '_') {
      if (previous_underscore) return std::nullopt;
      previous_underscore = true;
      continue;
    }
    const int value = detail::decimal_digit_value(current.value);
    if (value < 0) break;
    previous_underscore = false;
    ++digit_count;
    if (value != 0 || !digits.empty()) digits += static_cast<char>('0' + value);
  }
  if (digit_count == 0 || previous_underscore) return std::nullopt;
  while (current.length != 0 && detail::is_int_whitespace(current.value)) {
    i += current.length;
    current = next();
  }
  if (current.length != 0) return std::nullopt;
  if (digit_count > detail::int_max_str_digits) return std::nullopt;
  if (digits.empty()) return std::string("0");
  return negative ? "-" + digits : digits;
}

}  // namespace grk::python

#endif
