// grk/python/code_points.hpp: walking UTF-8 text one code point at a time,
// counting as Python's len(str) does.
//
// Text reaching these functions has been decoded strictly (utf8.hpp), except
// that JSON strings may hold a lone surrogate in its 3-byte generalized form
// (grk/json/wtf8.hpp); both decode here as Python holds them. A byte that
// starts no valid sequence decodes as U+DC80+byte, the code point Python's
// "surrogateescape" would give it, so the walk never stalls or reads past the end.
#ifndef GRK_PYTHON_CODE_POINTS_HPP
#define GRK_PYTHON_CODE_POINTS_HPP

#include <cstddef>
#include <string_view>

namespace grk::python {

namespace detail {

/// One code point and how many bytes encode it.
struct DecodedCodePoint {
  char32_t value;
  std::size_t length;
};

inline bool is_continuation(unsigned char byte) noexcept { return (byte & 0xC0) == 0x80; }

/// Decodes the code point starting at `text[at]` (at < size).
inline DecodedCodePoint decode_at(std::string_view text, std::size_t at) noexcept {
  const auto byte = static_cast<unsigned char>(text[at]);
  if (byte < 0x80) return {byte, 1};
  const DecodedCodePoint escaped{static_cast<char32_t>(0xDC00 + byte), 1};
  const std::size_t length = byte < 0xC2 ? 0 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : byte < 0xF5 ? 4 : 0;
  if (length == 0 || at + length > text.size()) return escaped;
  char32_t value = byte & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(text[at + k]);
    if (!is_continuation(next)) return escaped;
    value = (value << 6) | (next & 0x3F);
  }
  // Overlong forms and values past U+10FFFF are not code points; encoded
  // surrogates are accepted (see above).
  if ((length == 3 && value < 0x800) || (length == 4 && (value < 0x10000 || value > 0x10FFFF))) return escaped;
  return {value, length};
}

/// The offset where the code point ending just before `end` (end > 0) starts.
inline std::size_t start_before(std::string_view text, std::size_t end) noexcept {
  std::size_t start = end - 1;
  // A sequence is at most 4 bytes: 3 continuations and a lead.
  while (start > 0 && end - start < 4 && is_continuation(static_cast<unsigned char>(text[start]))) --start;
  if (decode_at(text, start).length == end - start) return start;
  return end - 1;
}

}  // namespace detail

/// len(str) of decoded UTF-8 text (docs/behaviour/beir.md §5 counts characters with it):
/// the number of code points, i.e. of bytes that do not continue a sequence.
inline std::size_t code_point_count(std::string_view text) noexcept {
  std::size_t count = 0;
  for (const char c : text) count += !detail::is_continuation(static_cast<unsigned char>(c));
  return count;
}

}  // namespace grk::python

#endif
