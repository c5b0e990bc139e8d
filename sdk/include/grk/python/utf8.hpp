// grk/python/utf8.hpp: strict UTF-8 validation that fails the way CPython's
// bytes.decode("utf-8") does (docs/behaviour/python-compat.md §4, docs/behaviour/beir.md §3, §4, docs/behaviour/judgments.md §1).
//
// The reference embeds str(UnicodeDecodeError) in user-visible messages, so the
// first error's byte range and reason must be CPython's. The checks mirror
// Objects/stringlib/codecs.h (utf8_decode) and unicode_decode_utf8: a sequence
// is refused at the first byte that cannot continue it, including the
// overlong (E0 80, F0 80), surrogate (ED A0) and past-U+10FFFF (F4 90) cases.
#ifndef GRK_PYTHON_UTF8_HPP
#define GRK_PYTHON_UTF8_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

namespace grk::python {

namespace detail {

inline std::string unicode_decode_error(std::string_view bytes, std::size_t start, std::size_t end, const char* reason) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string message = "'utf-8' codec can't decode ";
  if (end - start == 1) {
    const auto byte = static_cast<unsigned char>(bytes[start]);
    message += "byte 0x";
    message += hex[byte >> 4];
    message += hex[byte & 0xF];
    message += " in position " + std::to_string(start);
  } else {
    message += "bytes in position " + std::to_string(start) + "-" + std::to_string(end - 1);
  }
  return message + ": " + reason;
}

inline bool continues(unsigned char byte) noexcept { return (byte & 0xC0) == 0x80; }

}  // namespace detail

/// Strict UTF-8 check as `bytes.decode("utf-8")`: nothing when valid, else
/// str(UnicodeDecodeError) for the first error, e.g. "'utf-8' codec can't
/// decode byte 0xff in position 9: invalid start byte" or "... bytes in
/// position 2-3: unexpected end of data" (docs/behaviour/python-compat.md §4; positions count bytes).
inline Expected<void, std::string> validate_utf8(std::string_view bytes) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t size = bytes.size();
  std::size_t i = 0;
  while (i < size) {
    // ASCII runs dominate real corpora; test eight bytes at a time.
    if (i + 8 <= size) {
      std::uint64_t word = 0;
      std::memcpy(&word, data + i, sizeof word);
      if ((word & 0x8080808080808080ULL) == 0) {
        i += 8;
        continue;
      }
    }
    const unsigned char lead = data[i];
    if (lead < 0x80) {
      ++i;
      continue;
    }
    if (lead < 0xC2 || lead > 0xF4) return unexpected(detail::unicode_decode_error(bytes, i, i + 1, "invalid start byte"));
    const std::size_t length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    // The second byte's range depends on the lead (Unicode table 3-7).
    const unsigned char low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
    const unsigned char high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
    for (std::size_t k = 1; k < length; ++k) {
      if (i + k >= size) return unexpected(detail::unicode_decode_error(bytes, i, size, "unexpected end of data"));
      const unsigned char next = data[i + k];
      const bool ok = k == 1 ? next >= low && next <= high : detail::continues(next);
      if (!ok) return unexpected(detail::unicode_decode_error(bytes, i, i + k, "invalid continuation byte"));
    }
    i += length;
  }
  return {};
}

}  // namespace grk::python

#endif
