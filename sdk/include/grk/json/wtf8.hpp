// grk/json/wtf8.hpp: code points to UTF-8, keeping lone surrogates.
//
// Python's json.loads accepts an escape like "\ud800" and yields a str holding a
// lone surrogate (docs/behaviour/beir.md §2); such text only fails later, when it is encoded
// for writing. To keep that order of events we store the surrogate in its
// generalized-UTF-8 ("WTF-8") form, ED A0 80, and let writers ask about it.
#ifndef GRK_JSON_WTF8_HPP
#define GRK_JSON_WTF8_HPP

#include <cstddef>
#include <string>
#include <string_view>

namespace grk::json {

/// Appends `code_point` (<= U+10FFFF) as UTF-8; a surrogate (U+D800-U+DFFF)
/// becomes its 3-byte generalized form, which strict UTF-8 never contains.
inline void append_wtf8(std::string& out, char32_t code_point) {
  if (code_point < 0x80) {
    out.push_back(static_cast<char>(code_point));
  } else if (code_point < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (code_point >> 6)));
    out.push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  } else if (code_point < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (code_point >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (code_point >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code_point >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  }
}

/// True when `text` holds an encoded surrogate (bytes ED A0..BF xx), i.e. a
/// string Python could hold but could not encode as UTF-8 (docs/behaviour/beir.md §2:
/// writing it raises UnicodeEncodeError). Writers call this before writing.
inline bool contains_lone_surrogate(std::string_view text) noexcept {
  for (std::size_t i = text.find('\xED'); i != std::string_view::npos; i = text.find('\xED', i + 1)) {
    if (i + 1 < text.size()) {
      const auto next = static_cast<unsigned char>(text[i + 1]);
      if (next >= 0xA0 && next <= 0xBF) return true;
    }
  }
  return false;
}

}  // namespace grk::json

#endif
