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

// Plain decimal notation, with ".0" when there is no fractional digit.
inline void append_decimal(std::string& out, const ShortestDigits& d) {
  const std::string_view digits(d.digits, d.count);
  if (d.exponent < 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-d.exponent - 1), '0');
    out += digits;
    return;
  }
  const auto integer_digits = static_cast<std::size_t>(d.exponent) + 1;
  if (digits.size() <= integer_digits) {
    out += digits;
    out.append(integer_digits - digits.size(), '0');
    out += ".0";
  } else {
    out += digits.substr(0, integer_digits);
    out += '.';
    out += digits.substr(integer_digits);
  }
}

// d[.ddd]e<sign><exponent>, the exponent padded to `min_exponent_digits`.
inline void append_exponent(std::string& out, const ShortestDigits& d, std::size_t min_exponent_digits) {
  out += d.digits[0];
  if (d.count > 1) {
    out += '.';
    out.append(d.digits + 1, d.count - 1);
  }
  out += 'e';
  out += d.exponent < 0 ? '-' : '+';
  const std::string exponent = std::to_string(d.exponent < 0 ? -d.exponent : d.exponent);
  if (exponent.size() < min_exponent_digits) out.append(min_exponent_digits - exponent.size(), '0');
  out += exponent;
}

}  // namespace detail

/// A double as groundkit's pydantic reports write it (docs/behaviour/eval-report.md §1): shortest
/// digits; decimal for 1e-5 <= |x| < 1e16 ("0.00001", "100.0"); otherwise
/// exponent with explicit sign and no padding ("9.9e-6", "1e+16", "5e-324");
/// "-0.0" keeps its sign; NaN and infinities are "null", pydantic's default.
/// Appended to `out`: a document writes a million of them.
inline void append_report_float(std::string& out, double value) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  if (std::signbit(value)) out += '-';
  const detail::ShortestDigits digits = detail::shortest_digits(std::fabs(value));
  if (digits.exponent >= -5 && digits.exponent < 16) {
    detail::append_decimal(out, digits);
  } else {
    detail::append_exponent(out, digits, 1);
  }
}

/// append_report_float's text alone.
inline std::string format_report_float(double value) {
  std::string out;
  append_report_float(out, value);
  return out;
}

/// Python's repr(float), as json.dumps writes floats (docs/behaviour/python-compat.md §12, docs/behaviour/beir.md §9):
/// decimal for 1e-4 <= |x| < 1e16, else "1e-05", "1.5e+16" (two-digit minimum
/// exponent); "nan", "inf", "-inf", "-0.0".
inline std::string format_python_float(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  std::string out;
  if (std::signbit(value)) out += '-';
  const detail::ShortestDigits digits = detail::shortest_digits(std::fabs(value));
  // float_repr_style 'short': exponent form when decpt <= -4 or decpt > 16,
  // where decpt = exponent + 1.
  if (digits.exponent >= -4 && digits.exponent < 16) {
    detail::append_decimal(out, digits);
  } else {
    detail::append_exponent(out, digits, 2);
  }
  return out;
}

}  // namespace grk::json

#endif
