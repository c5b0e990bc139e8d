#include "source/record_fields.hpp"

#include <grk/json/wtf8.hpp>

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace grk::beir {
namespace {

#if defined(__SSE2__)
// Offset in [0, 16] of the first '"', '\\' or control byte of the 16 at `p`.
unsigned first_string_special(const char* p) noexcept {
  const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
  const __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
  const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(bytes, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
  const unsigned mask =
      static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(quote, _mm_or_si128(backslash, control))));
  return mask == 0 ? 16 : static_cast<unsigned>(__builtin_ctz(mask));
}
#endif

constexpr int max_depth = 64;

class Scanner {
 public:
  explicit Scanner(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  bool record(RecordFields& out) {
    skip_ws();
    if (!take('{')) return false;
    skip_ws();
    if (take('}')) return finish();
    std::string key;
    for (;;) {
      key.clear();
      if (!take('"') || !string_body(&key)) return false;
      skip_ws();
      if (!take(':')) return false;
      skip_ws();
      const int index = key == "_id" ? RecordFields::id : key == "title" ? RecordFields::title
                                                         : key == "text" ? RecordFields::text : -1;
      if (index >= 0 && p_ < end_ && *p_ == '"') {
        ++p_;
        std::string& value = out.value[static_cast<std::size_t>(index)];
        value.clear();
        lone_surrogate_ = false;
        line_separator_ = false;
        if (!string_body(&value)) return false;
        out.kind[static_cast<std::size_t>(index)] = FieldKind::string;
        out.lone_surrogate[static_cast<std::size_t>(index)] = lone_surrogate_;
        out.line_separator[static_cast<std::size_t>(index)] = line_separator_;
      } else {
        if (!skip_value(0)) return false;
        if (index >= 0) out.kind[static_cast<std::size_t>(index)] = FieldKind::other;
      }
      skip_ws();
      if (take('}')) return finish();
      if (!take(',')) return false;
      skip_ws();
    }
  }

 private:
  bool finish() {
    skip_ws();
    return p_ == end_;
  }
  bool take(char c) {
    if (p_ < end_ && *p_ == c) {
      ++p_;
      return true;
    }
    return false;
  }
  void skip_ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) ++p_;
  }
  static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }
  bool hex4(const char* at, unsigned& value) const {
    if (end_ - at < 4) return false;
    value = 0;
    for (int i = 0; i < 4; ++i) {
      const int digit = hex(at[i]);
      if (digit < 0) return false;
      value = value * 16 + static_cast<unsigned>(digit);
    }
    return true;
  }

  // After the opening quote; decodes into *out when given. Mirrors Python's
  // scanstring: raw controls are errors, a \uD8xx followed by a \uDCxx escape
  // is one character, any other surrogate stays alone.
  bool string_body(std::string* out) {
    for (;;) {
      const char* run = p_;
#if defined(__SSE2__)
      while (end_ - p_ >= 16) {
        const unsigned skipped = first_string_special(p_);
        p_ += skipped;
        if (skipped < 16) break;
      }
#endif
      // Eight bytes at a time while none is '"', '\\' or a control (the test
      // may flag a clean word, never miss a flagged one).
      while (end_ - p_ >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p_, 8);
        constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
        const std::uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');
        if ((((q - ones) & ~q) | ((b - ones) & ~b) | ((w - ones * 0x20) & ~w)) & highs) break;
        p_ += 8;
      }
      while (p_ < end_ && *p_ != '"' && *p_ != '\\' && static_cast<unsigned char>(*p_) >= 0x20) ++p_;
      if (out != nullptr) out->append(run, static_cast<std::size_t>(p_ - run));
      if (p_ >= end_ || static_cast<unsigned char>(*p_) < 0x20) return false;
      if (*p_++ == '"') return true;
      if (p_ >= end_) return false;
      const char escape = *p_++;
      char plain = 0;
      switch (escape) {
        case '"': plain = '"'; break;
        case '\\': plain = '\\'; break;
        case '/': plain = '/'; break;
        case 'b': plain = '\b'; break;
        case 'f': plain = '\f'; break;
        case 'n': plain = '\n'; break;
        case 'r': plain = '\r'; break;
        case 't': plain = '\t'; break;
        case 'u': break;
        default: return false;
      }
      if (escape != 'u') {
        if (out != nullptr) out->push_back(plain);
        continue;
      }
      unsigned code = 0;
      if (!hex4(p_, code)) return false;
      p_ += 4;
      if (code >= 0xD800 && code <= 0xDBFF && end_ - p_ >= 6 && p_[0] == '\\' && p_[1] == 'u') {
        unsigned low = 0;
        if (hex4(p_ + 2, low) && low >= 0xDC00 && low <= 0xDFFF) {
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          p_ += 6;
        }
      }
      lone_surrogate_ = lone_surrogate_ || (code >= 0xD800 && code <= 0xDFFF);
      line_separator_ = line_separator_ || code == 0x85 || code == 0x2028 || code == 0x2029;
      if (out != nullptr) json::append_wtf8(*out, static_cast<char32_t>(code));
    }
  }

  // The JSON number grammar exactly; NaN, Infinity and -Infinity go to the
  // full reader.
  bool number() {
    take('-');
    if (p_ >= end_) return false;
    if (*p_ == '0') {
      ++p_;
    } else if (*p_ >= '1' && *p_ <= '9') {
      while (p_ < end_ && *p_ >= '0' && *p_ <= '9') ++p_;
    } else {
      return false;
    }
    if (p_ < end_ && *p_ == '.') {
      ++p_;
      if (p_ >= end_ || *p_ < '0' || *p_ > '9') return false;
      while (p_ < end_ && *p_ >= '0' && *p_ <= '9') ++p_;
    }
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ >= end_ || *p_ < '0' || *p_ > '9') return false;
      while (p_ < end_ && *p_ >= '0' && *p_ <= '9') ++p_;
    }
    // What may follow a value here; anything else (e.g. "01") is left to the
    // full reader's message.
    return p_ < end_ && (*p_ == ',' || *p_ == '}' || *p_ == ']' || *p_ == ' ' || *p_ == '\t');
  }

  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return false;
    p_ += word.size();
    return true;
  }

  // An object or an array, from its opening bracket to `close`: members (a
  // key, ':', a value) or elements, separated by ','.
  bool skip_container(char close, int depth) {
    if (depth >= max_depth) return false;
    ++p_;
    skip_ws();
    if (take(close)) return true;
    for (;;) {
      if (close == '}') {
        if (!take('"') || !string_body(nullptr)) return false;
        skip_ws();
        if (!take(':')) return false;
        skip_ws();
      }
      if (!skip_value(depth + 1)) return false;
      skip_ws();
      if (take(close)) return true;
      if (!take(',')) return false;
      skip_ws();
    }
  }

  bool skip_value(int depth) {
    if (p_ >= end_) return false;
    switch (*p_) {
      case '"': ++p_; return string_body(nullptr);
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      case '{': return skip_container('}', depth);
      case '[': return skip_container(']', depth);
      default:
        if (*p_ == '-' || (*p_ >= '0' && *p_ <= '9')) return number();
        return false;
    }
  }

  const char* p_;
  const char* end_;
  bool lone_surrogate_ = false;  // what string_body decoded since they were reset
  bool line_separator_ = false;
};

}  // namespace

RecordFields fields_of(const boost::json::object& row) {
  RecordFields fields;
  const char* names[3] = {"_id", "title", "text"};
  for (std::size_t i = 0; i < 3; ++i) {
    const boost::json::value* value = row.if_contains(names[i]);
    if (value == nullptr) continue;
    fields.kind[i] = value->is_string() ? FieldKind::string : FieldKind::other;
    if (!value->is_string()) continue;
    fields.value[i] = std::string(value->get_string());
    fields.lone_surrogate[i] = json::contains_lone_surrogate(fields.value[i]);
    fields.line_separator[i] = contains_raw_line_separator(fields.value[i]);
  }
  return fields;
}

bool scan_record_fields(std::string_view line, RecordFields& out) {
  out.kind = {FieldKind::absent, FieldKind::absent, FieldKind::absent};
  out.lone_surrogate = {false, false, false};
  out.line_separator = {false, false, false};
  Scanner scanner(line);
  return scanner.record(out);
}

bool contains_raw_line_separator(std::string_view utf8) noexcept {
  for (std::size_t i = utf8.find('\xC2'); i != std::string_view::npos; i = utf8.find('\xC2', i + 1)) {
    if (i + 1 < utf8.size() && utf8[i + 1] == '\x85') return true;
  }
  for (std::size_t i = utf8.find('\xE2'); i != std::string_view::npos; i = utf8.find('\xE2', i + 1)) {
    if (i + 2 < utf8.size() && utf8[i + 1] == '\x80' && (utf8[i + 2] == '\xA8' || utf8[i + 2] == '\xA9')) return true;
  }
  return false;
}

}  // namespace grk::beir
