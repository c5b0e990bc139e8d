// grk/json/quoted_string.hpp: a JSON string literal as both Python writers
// produce it.
//
// json.dumps(ensure_ascii=False) (docs/behaviour/beir.md §9) and pydantic's
// model_dump_json (docs/behaviour/eval-report.md §1) escape identically: '"' and '\\', the short
// forms \b \f \n \r \t, every other C0 control as lowercase \u00xx, and all
// else raw, including DEL, U+0085, U+2028 and U+2029. '/' is not escaped.
#ifndef GRK_JSON_QUOTED_STRING_HPP
#define GRK_JSON_QUOTED_STRING_HPP

#include <grk/json/text_cursor.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace grk::json {

namespace detail {

// Whether a byte of `word` is below 0x20, '"' or '\\' (the bit tricks of
// "Bit Twiddling Hacks", exact for a byte below n <= 128 and for a zero byte).
constexpr bool has_byte_to_escape(std::uint64_t word) {
  constexpr std::uint64_t ones = 0x0101010101010101u;
  constexpr std::uint64_t highs = 0x8080808080808080u;
  const auto has_zero_byte = [&](std::uint64_t v) { return ((v - ones) & ~v & highs) != 0; };
  return ((word - ones * 0x20) & ~word & highs) != 0 || has_zero_byte(word ^ (ones * '"')) ||
         has_zero_byte(word ^ (ones * '\\'));
}

}  // namespace detail

/// Writes `utf8` as a quoted JSON string with the shared escaping rules of
/// json.dumps(ensure_ascii=False) and pydantic (docs/behaviour/eval-report.md §1, docs/behaviour/beir.md §9). Bytes are
/// copied through, so a WTF-8 lone surrogate is written as is: check
/// contains_lone_surrogate first where Python would fail to encode.
inline void put_quoted(detail::TextCursor& out, std::string_view utf8) {
  static constexpr char hex[] = "0123456789abcdef";
  const auto plain = [](unsigned char byte) { return byte >= 0x20 && byte != '"' && byte != '\\'; };
  // Most strings (every key of a results document) need no escape: they are
  // copied whole, into room asked for once, and scanned eight bytes at a time.
  char* at = out.room(utf8.size() + 2);
  *at++ = '"';
  if (!utf8.empty()) std::memcpy(at, utf8.data(), utf8.size());
  std::size_t i = 0;
  std::uint64_t word;
  for (; i + 8 <= utf8.size(); i += 8) {
    std::memcpy(&word, utf8.data() + i, 8);
    if (detail::has_byte_to_escape(word)) break;
  }
  if (i + 8 > utf8.size() && i < utf8.size() && utf8.size() >= 8) {
    // Fewer than eight bytes left: the word that ends the string holds them.
    std::memcpy(&word, utf8.data() + utf8.size() - 8, 8);
    if (!detail::has_byte_to_escape(word)) i = utf8.size();
  }
  while (i < utf8.size() && plain(static_cast<unsigned char>(utf8[i]))) ++i;
  if (i == utf8.size()) {
    at[i] = '"';
    out.commit(at + i + 1);
    return;
  }
  out.commit(at + i);
  std::size_t run = i;
  for (; i < utf8.size(); ++i) {
    const auto byte = static_cast<unsigned char>(utf8[i]);
    if (plain(byte)) continue;
    out.put(utf8.substr(run, i - run));
    run = i + 1;
    switch (byte) {
      case '"': out.put("\\\""); break;
      case '\\': out.put("\\\\"); break;
      case '\b': out.put("\\b"); break;
      case '\f': out.put("\\f"); break;
      case '\n': out.put("\\n"); break;
      case '\r': out.put("\\r"); break;
      case '\t': out.put("\\t"); break;
      default: {
        const char escape[] = {'\\', 'u', '0', '0', hex[byte >> 4], hex[byte & 0xF]};
        out.put(std::string_view(escape, sizeof escape));
      }
    }
  }
  out.put(utf8.substr(run));
  out.put('"');
}

/// put_quoted appended to `out`.
inline void append_quoted(std::string& out, std::string_view utf8) {
  detail::TextCursor cursor(out);
  put_quoted(cursor, utf8);
}

}  // namespace grk::json

#endif
