// pydantic v2's lax conversions for the field types an EvalReport uses
// (docs/behaviour/eval-report.md §2), with the problems phrased for one-line messages.
//
// What is accepted, per field type (JSON input):
// - int:   integers; floats with no fractional part (1.0); true/false (1/0);
//          strings of an optionally signed decimal integer, surrounding
//          whitespace and a ".0..." tail allowed (" 1 ", "1.0"). Rejected:
//          1.5, "1.5", "abc", null. Values outside signed 64-bit range are
//          refused (Python would keep them; no report field gets near).
// - float: integers, floats (NaN and infinities too, as json.loads reads
//          them), true/false (1.0/0.0), numeric strings ("0.5", " 1e-3 ",
//          "inf", "nan"). Rejected: "abc", "", null.
// - bool:  true/false; 0/1; 0.0/1.0; the strings 0 off f false n no 1 on t
//          true y yes in any case. Rejected: anything else.
// - str:   strings only (pydantic does not turn numbers into strings).
// - Literal[1] (schema_version): 1, 1.0, true. Rejected: "1", 2.
#ifndef GRK_DETAIL_REPORT_LAX_HPP
#define GRK_DETAIL_REPORT_LAX_HPP

#include <boost/json/value.hpp>

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <grk/expected.hpp>
#include <grk/json/writer.hpp>

namespace grk::report::lax {

/// The input as it appears in a message: compact JSON (`1.5`, `"x"`, `null`).
inline std::string shown(const boost::json::value& value) { return json::write_compact(value); }

namespace detail {

inline std::string_view strip_ascii_space(std::string_view text) noexcept {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

inline bool fits_int64(double value) noexcept {
  return value >= -9223372036854775808.0 && value < 9223372036854775808.0;
}

inline std::optional<std::int64_t> int_from_text(std::string_view text) {
  text = strip_ascii_space(text);
  // "1.0" and "1.000" read as 1, as pydantic strips a zero fraction.
  if (const auto dot = text.find('.'); dot != std::string_view::npos) {
    const std::string_view fraction = text.substr(dot + 1);
    if (fraction.find_first_not_of('0') != std::string_view::npos) return std::nullopt;
    text = text.substr(0, dot);
  }
  bool negative = false;
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  std::uint64_t magnitude = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), magnitude);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (negative) {
    if (magnitude > 9223372036854775808ull) return std::nullopt;
    return static_cast<std::int64_t>(0u - magnitude);
  }
  if (magnitude > 9223372036854775807ull) return std::nullopt;
  return static_cast<std::int64_t>(magnitude);
}

inline std::optional<double> float_from_text(std::string_view text) {
  text = strip_ascii_space(text);
  bool negative = false;
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text.empty() || text.front() == '+' || text.front() == '-') return std::nullopt;
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  double value = 0.0;
  if (lower == "inf" || lower == "infinity") {
    value = HUGE_VAL;
  } else if (lower == "nan") {
    value = std::nan("");
  } else {
    if (lower.find_first_not_of("0123456789.e+-") != std::string::npos) return std::nullopt;
    const auto [end, ec] = std::from_chars(lower.data(), lower.data() + lower.size(), value);
    if (end != lower.data() + lower.size()) return std::nullopt;
    if (ec == std::errc::result_out_of_range) {
      // Overflow is inf in Python's float(); underflow is the rounded tiny value.
      value = lower.find("e-") != std::string::npos ? 0.0 : HUGE_VAL;
    } else if (ec != std::errc()) {
      return std::nullopt;
    }
  }
  return negative ? -value : value;
}

}  // namespace detail

/// An int field, or why the value is not one.
inline Expected<std::int64_t, std::string> to_int(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::int64: return value.get_int64();
    case boost::json::kind::uint64: break;
    case boost::json::kind::bool_: return value.get_bool() ? 1 : 0;
    case boost::json::kind::double_: {
      const double d = value.get_double();
      if (std::isfinite(d) && d == std::floor(d) && detail::fits_int64(d)) {
        return static_cast<std::int64_t>(d);
      }
      if (std::isfinite(d) && d != std::floor(d)) {
        return unexpected(std::string("must be an integer, got a number with a fractional part: " + shown(value)));
      }
      break;
    }
    case boost::json::kind::string:
      if (auto parsed = detail::int_from_text(value.get_string())) return *parsed;
      break;
    default: break;
  }
  return unexpected(std::string(value.is_number() ? "must be an integer in signed 64-bit range, got " + shown(value)
                              : "must be an integer, got " + shown(value)));
}

/// A float field.
inline Expected<double, std::string> to_float(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::int64: return static_cast<double>(value.get_int64());
    case boost::json::kind::uint64: return static_cast<double>(value.get_uint64());
    case boost::json::kind::double_: return value.get_double();
    case boost::json::kind::bool_: return value.get_bool() ? 1.0 : 0.0;
    case boost::json::kind::string:
      if (auto parsed = detail::float_from_text(value.get_string())) return *parsed;
      break;
    default: break;
  }
  return unexpected(std::string("must be a number, got " + shown(value)));
}

/// A bool field.
inline Expected<bool, std::string> to_bool(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::bool_: return value.get_bool();
    case boost::json::kind::int64:
      if (value.get_int64() == 0 || value.get_int64() == 1) return value.get_int64() == 1;
      break;
    case boost::json::kind::uint64:
      if (value.get_uint64() <= 1) return value.get_uint64() == 1;
      break;
    case boost::json::kind::double_:
      if (value.get_double() == 0.0 || value.get_double() == 1.0) return value.get_double() == 1.0;
      break;
    case boost::json::kind::string: {
      std::string lower;
      for (char c : value.get_string()) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      for (const char* yes : {"1", "on", "t", "true", "y", "yes"}) {
        if (lower == yes) return true;
      }
      for (const char* no : {"0", "off", "f", "false", "n", "no"}) {
        if (lower == no) return false;
      }
      break;
    }
    default: break;
  }
  return unexpected(std::string("must be a boolean, got " + shown(value)));
}

/// A str field.
inline Expected<std::string, std::string> to_str(const boost::json::value& value) {
  if (value.is_string()) return std::string(value.get_string());
  return unexpected(std::string("must be a string, got " + shown(value)));
}

/// `schema_version: Literal[1]`.
inline bool is_literal_one(const boost::json::value& value) noexcept {
  return (value.is_int64() && value.get_int64() == 1) || (value.is_uint64() && value.get_uint64() == 1) ||
         (value.is_double() && value.get_double() == 1.0) || (value.is_bool() && value.get_bool());
}

}  // namespace grk::report::lax

#endif
