// grk/json/float_format.hpp: the two ways the reference writes a double.
//
// Both start from the shortest digits that read back to the same double
// (std::to_chars) and differ only in layout: pydantic's report format
// (docs/behaviour/eval-report.md §1) and Python's repr(float) used by json.dumps (docs/behaviour/beir.md §9).
// Boost.JSON's serializer writes 1E-1, which matches neither.
#ifndef GRK_JSON_FLOAT_FORMAT_HPP
#define GRK_JSON_FLOAT_FORMAT_HPP

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace grk::json {

namespace detail {

// The shortest round-trip digits of |value| (finite, nonzero or zero) and the
// power of ten of the first one: |value| = d.ddd x 10^exponent.
struct ShortestDigits {
  char digits[32];
  std::size_t count = 0;
  int exponent = 0;
};

inline ShortestDigits shortest_digits(double magnitude) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, magnitude, std::chars_format::scientific);
  ShortestDigits out;
  const char* p = buffer;
  for (; p != result.ptr && *p != 'e'; ++p) {
    if (*p != '.') out.digits[out.count++] = *p;
  }
  // to_chars always writes an exponent in scientific form: e+00, e-07, e+308.
  ++p;
  const bool negative = *p == '-';
  int exponent = 0;
  for (++p; p != result.ptr; ++p) exponent = exponent * 10 + (*p - '0');
  out.exponent = negative ? -exponent : exponent;
  return out;
}

// Copies a word ("null", "nan", "-Infinity") to `at`; returns the end.
inline char* write_word(char* at, std::string_view word) {
  std::memcpy(at, word.data(), word.size());
  return at + word.size();
}

// The longest text a double takes in either layout ("-1.2345678901234567e-308"
// is 24 bytes): what a writer makes room for.
constexpr std::size_t longest_float_text = 32;

// Plain decimal notation, with ".0" when there is no fractional digit.
// Writes at `at` and returns the end.
inline char* write_decimal(char* at, const ShortestDigits& d) {
  if (d.exponent < 0) {
    *at++ = '0';
    *at++ = '.';
    for (int i = -1; i > d.exponent; --i) *at++ = '0';
    std::memcpy(at, d.digits, d.count);
    return at + d.count;
  }
  const auto integer_digits = static_cast<std::size_t>(d.exponent) + 1;
  if (d.count <= integer_digits) {
    std::memcpy(at, d.digits, d.count);
    at += d.count;
    for (std::size_t i = d.count; i < integer_digits; ++i) *at++ = '0';
    *at++ = '.';
    *at++ = '0';
    return at;
  }
  std::memcpy(at, d.digits, integer_digits);
  at += integer_digits;
  *at++ = '.';
  std::memcpy(at, d.digits + integer_digits, d.count - integer_digits);
  return at + (d.count - integer_digits);
}

// d[.ddd]e<sign><exponent>, the exponent padded to `min_exponent_digits`.
inline char* write_exponent(char* at, const ShortestDigits& d, int min_exponent_digits) {
  *at++ = d.digits[0];
  if (d.count > 1) {
    *at++ = '.';
    std::memcpy(at, d.digits + 1, d.count - 1);
    at += d.count - 1;
  }
  *at++ = 'e';
  *at++ = d.exponent < 0 ? '-' : '+';
  const int magnitude = d.exponent < 0 ? -d.exponent : d.exponent;
  const int digits = magnitude >= 100 ? 3 : magnitude >= 10 ? 2 : 1;
  for (int i = digits; i < min_exponent_digits; ++i) *at++ = '0';
  return std::to_chars(at, at + 3, magnitude).ptr;
}

}  // namespace detail

/// A double as groundkit's pydantic reports write it (docs/behaviour/eval-report.md §1): shortest
/// digits; decimal for 1e-5 <= |x| < 1e16 ("0.00001", "100.0"); otherwise
/// exponent with explicit sign and no padding ("9.9e-6", "1e+16", "5e-324");
/// "-0.0" keeps its sign; NaN and infinities are "null", pydantic's default.
/// Written at `at`, which has room for detail::longest_float_text bytes; returns
/// the end. A document writes a million of them.
inline char* write_report_float(char* at, double value) {
  if (!std::isfinite(value)) return detail::write_word(at, "null");
  if (std::signbit(value)) *at++ = '-';
  const detail::ShortestDigits digits = detail::shortest_digits(std::fabs(value));
  if (digits.exponent >= -5 && digits.exponent < 16) return detail::write_decimal(at, digits);
  return detail::write_exponent(at, digits, 1);
}

/// write_report_float appended to `out`.
inline void append_report_float(std::string& out, double value) {
  char text[detail::longest_float_text];
  out.append(text, write_report_float(text, value));
}

/// append_report_float's text alone.
inline std::string format_report_float(double value) {
  std::string out;
  append_report_float(out, value);
  return out;
}

/// Python's repr(float), as json.dumps writes floats (docs/behaviour/python-compat.md §12, docs/behaviour/beir.md §9):
/// decimal for 1e-4 <= |x| < 1e16, else "1e-05", "1.5e+16" (two-digit minimum
/// exponent); "nan", "inf", "-inf", "-0.0". Written at `at` as write_report_float is.
inline char* write_python_float(char* at, double value) {
  if (std::isnan(value)) return detail::write_word(at, "nan");
  if (std::isinf(value)) return detail::write_word(at, value < 0 ? "-inf" : "inf");
  if (std::signbit(value)) *at++ = '-';
  const detail::ShortestDigits digits = detail::shortest_digits(std::fabs(value));
  // float_repr_style 'short': exponent form when decpt <= -4 or decpt > 16,
  // where decpt = exponent + 1.
  if (digits.exponent >= -4 && digits.exponent < 16) return detail::write_decimal(at, digits);
  return detail::write_exponent(at, digits, 2);
}

/// write_python_float's text alone.
inline std::string format_python_float(double value) {
  char text[detail::longest_float_text];
  return std::string(text, write_python_float(text, value));
}

}  // namespace grk::json

#endif
