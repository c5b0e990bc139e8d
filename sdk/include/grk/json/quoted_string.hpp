// grk/json/quoted_string.hpp: a JSON string literal as both Python writers
// produce it.
//
// json.dumps(ensure_ascii=False) (docs/behaviour/beir.md §9) and pydantic's
// model_dump_json (docs/behaviour/eval-report.md §1) escape identically: '"' and '\\', the short
// forms \b \f \n \r \t, every other C0 control as lowercase \u00xx, and all
// else raw, including DEL, U+0085, U+2028 and U+2029. '/' is not escaped.
#ifndef GRK_JSON_QUOTED_STRING_HPP
#define GRK_JSON_QUOTED_STRING_HPP

#include <cstddef>
#include <string>
#include <string_view>

namespace grk::json {

/// Appends `utf8` as a quoted JSON string with the shared escaping rules of
/// json.dumps(ensure_ascii=False) and pydantic (docs/behaviour/eval-report.md §1, docs/behaviour/beir.md §9). Bytes are
/// copied through, so a WTF-8 lone surrogate is written as is: check
/// contains_lone_surrogate first where Python would fail to encode.
inline void append_quoted(std::string& out, std::string_view utf8) {
  static constexpr char hex[] = "0123456789abcdef";
  out.reserve(out.size() + utf8.size() + 2);
  out += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    const auto byte = static_cast<unsigned char>(utf8[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    out.append(utf8.data() + run, i - run);
    run = i + 1;
    switch (byte) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        out += "\\u00";
        out += hex[byte >> 4];
        out += hex[byte & 0xF];
    }
  }
  out.append(utf8.data() + run, utf8.size() - run);
  out += '"';
}

}  // namespace grk::json

#endif
