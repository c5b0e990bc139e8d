// grk/python/repr.hpp: Python's repr() of a str and of a list of str
// (docs/behaviour/python-compat.md §2; used by most messages of docs/behaviour/beir.md and docs/behaviour/judgments.md).
#ifndef GRK_PYTHON_REPR_HPP
#define GRK_PYTHON_REPR_HPP

#include <grk/python/code_points.hpp>
#include <grk/detail/unicode_tables.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grk::python {

/// str.isprintable() for one code point, from CPython 3.11's Unicode 14.0
/// tables (unicode_tables.hpp).
inline bool is_printable(char32_t code_point) noexcept {
  const auto& ranges = ::grk::detail::unicode_tables::non_printable_ranges;
  std::size_t low = 0;
  std::size_t high = sizeof ranges / sizeof ranges[0];
  while (low < high) {
    const std::size_t middle = (low + high) / 2;
    if (code_point < ranges[middle][0]) {
      high = middle;
    } else if (code_point > ranges[middle][1]) {
      low = middle + 1;
    } else {
      return false;
    }
  }
  return true;
}

/// repr(str) exactly as CPython 3.11 writes it (docs/behaviour/python-compat.md §2): single quotes,
/// or double quotes when the text holds ' and no "; \\, the chosen quote,
/// \t \n \r escaped; other non-printable characters as \xhh, \uhhhh or
/// \Uhhhhhhhh (lowercase); printable non-ASCII kept raw. A lone surrogate in
/// generalized form shows as \udXXX, as Python shows it.
inline std::string repr(std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  const bool has_single = text.find('\'') != std::string_view::npos;
  const bool has_double = text.find('"') != std::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out;
  out.reserve(text.size() + 2);
  out += quote;
  auto append_hex = [&out](char32_t value, int digits) {
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += hex[(value >> shift) & 0xF];
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const detail::DecodedCodePoint decoded = detail::decode_at(text, i);
    const char32_t c = decoded.value;
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7F) {
      out += "\\x";
      append_hex(c, 2);
    } else if (c < 0x7F) {
      out += static_cast<char>(c);
    } else if (is_printable(c)) {
      out.append(text.data() + i, decoded.length);
    } else if (c <= 0xFF) {
      out += "\\x";
      append_hex(c, 2);
    } else if (c <= 0xFFFF) {
      out += "\\u";
      append_hex(c, 4);
    } else {
      out += "\\U";
      append_hex(c, 8);
    }
    i += decoded.length;
  }
  out += quote;
  return out;
}

/// repr(list_of_str) (docs/behaviour/python-compat.md §2): "['a', 'b']", "[]" when empty.
inline std::string repr_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += repr(items[i]);
  }
  out += ']';
  return out;
}

}  // namespace grk::python

#endif
