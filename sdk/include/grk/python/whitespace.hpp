// grk/python/whitespace.hpp: Python's Unicode whitespace and str.strip()
// (docs/behaviour/beir.md §2, §6, docs/behaviour/judgments.md §1).
#ifndef GRK_PYTHON_WHITESPACE_HPP
#define GRK_PYTHON_WHITESPACE_HPP

#include <grk/python/code_points.hpp>

#include <cstddef>
#include <string_view>

namespace grk::python {

/// str.isspace() for one code point (docs/behaviour/beir.md §2): \t \n \x0b \x0c \r
/// \x1c-\x1f space \x85 \xa0 U+1680 U+2000-U+200A U+2028 U+2029 U+202F U+205F
/// U+3000. U+FEFF and U+200B are not whitespace.
constexpr bool is_whitespace(char32_t code_point) noexcept {
  if (code_point < 0x80) return (code_point >= 0x09 && code_point <= 0x0D) || (code_point >= 0x1C && code_point <= 0x20);
  switch (code_point) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
      return true;
    default:
      return code_point >= 0x2000 && code_point <= 0x200A;
  }
}

/// str.strip() with no argument (docs/behaviour/beir.md §2, §6): the view without
/// leading and trailing Unicode whitespace. No allocation.
inline std::string_view strip(std::string_view text) noexcept {
  std::size_t begin = 0;
  while (begin < text.size()) {
    const detail::DecodedCodePoint decoded = detail::decode_at(text, begin);
    if (!is_whitespace(decoded.value)) break;
    begin += decoded.length;
  }
  std::size_t end = text.size();
  while (end > begin) {
    const std::size_t start = detail::start_before(text, end);
    if (!is_whitespace(detail::decode_at(text, start).value)) break;
    end = start;
  }
  return text.substr(begin, end - begin);
}

}  // namespace grk::python

#endif
