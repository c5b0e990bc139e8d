#include "support/plugin_text.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace grk::host {
namespace {

// The length of the well-formed UTF-8 sequence at text[at], 0 when there is
// none (RFC 3629's table).
std::size_t sequence_at(std::string_view text, std::size_t at) noexcept {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char first = byte(at);
  if (first < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (first >= 0xC2 && first <= 0xDF) {
    length = 2;
  } else if (first >= 0xE0 && first <= 0xEF) {
    length = 3;
    if (first == 0xE0) low = 0xA0;   // no overlong form
    if (first == 0xED) high = 0x9F;  // no surrogate
  } else if (first >= 0xF0 && first <= 0xF4) {
    length = 4;
    if (first == 0xF0) low = 0x90;   // no overlong form
    if (first == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() - at < length) return 0;
  if (byte(at + 1) < low || byte(at + 1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(at + i) < 0x80 || byte(at + i) > 0xBF) return 0;
  }
  return length;
}

void append_hex(std::string& out, unsigned char byte) {
  char text[5];
  std::snprintf(text, sizeof text, "\\x%02X", byte);
  out += text;
}

std::string escaped_key(std::string_view key) {
  // JSON pointer (RFC 6901): ~ and / are written ~0 and ~1.
  std::string out;
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string bounded_plugin_text(std::string_view text) {
  if (text.size() <= longest_plugin_text) return escape_non_utf8(text);
  std::size_t cut = longest_plugin_text;
  // Back to the start of the character the cut falls in (at most 3 bytes).
  for (int i = 0; i < 3 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++i) --cut;
  return escape_non_utf8(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

bool is_utf8(std::string_view text) noexcept {
  for (std::size_t at = 0; at < text.size();) {
    // Eight bytes at a time while they are ASCII: a 12 MB result is
    // nearly all ASCII, and one byte at a time took 8 ms of it.
    std::uint64_t word = 0;
    if (text.size() - at >= sizeof word) {
      std::memcpy(&word, text.data() + at, sizeof word);
      if ((word & 0x8080808080808080ULL) == 0) {
        at += sizeof word;
        continue;
      }
    }
    const std::size_t length = sequence_at(text, at);
    if (length == 0) return false;
    at += length;
  }
  return true;
}

std::string escape_non_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = sequence_at(text, at);
    if (length == 0) {
      append_hex(out, static_cast<unsigned char>(text[at]));
      ++at;
    } else {
      out.append(text.substr(at, length));
      at += length;
    }
  }
  return out;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = sequence_at(text, at);
    const auto first = static_cast<unsigned char>(text[at]);
    if (length == 0) {
      append_hex(out, first);
      ++at;
      continue;
    }
    if (length == 2 && first == 0xC2 && static_cast<unsigned char>(text[at + 1]) < 0xA0) {
      // C1 controls (U+0080-U+009F): CSI and OSC to some terminals.
      char code[8];
      std::snprintf(code, sizeof code, "\\u%04X", static_cast<unsigned char>(text[at + 1]));
      out += code;
    } else if (first == '\n') {
      out += "\\n";
    } else if (first == '\r') {
      out += "\\r";
    } else if (first == '\t') {
      out += "\\t";
    } else if (first < 0x20 || first == 0x7F) {
      append_hex(out, first);
    } else {
      out.append(text.substr(at, length));
    }
    at += length;
  }
  return out;
}

bool strings_read_are_utf8(std::string_view json_text) noexcept {
  if (!is_utf8(json_text)) return false;
  // A backslash and a 'u' may also be an escaped backslash and a letter:
  // then the tree is walked for nothing.
  for (std::size_t at = json_text.find("\\u"); at != std::string_view::npos; at = json_text.find("\\u", at + 2)) {
    // U+D800-U+DFFF: D, then 8 to F.
    const std::string_view hex = json_text.substr(at + 2, 2);
    const std::string_view surrogate_second = "89abcdefABCDEF";
    const bool surrogate = hex.size() == 2 && (hex[0] == 'd' || hex[0] == 'D') &&
                           surrogate_second.find(hex[1]) != std::string_view::npos;
    if (surrogate) return false;
  }
  return true;
}

std::optional<std::string> first_non_utf8(const boost::json::value& value) {
  if (const auto* text = value.if_string()) {
    if (!is_utf8(*text)) return std::string();
  } else if (const auto* array = value.if_array()) {
    for (std::size_t i = 0; i < array->size(); ++i) {
      if (auto inner = first_non_utf8((*array)[i])) return "/" + std::to_string(i) + *inner;
    }
  } else if (const auto* object = value.if_object()) {
    for (const auto& member : *object) {
      if (!is_utf8(member.key())) return "/" + escaped_key(escape_non_utf8(member.key()));
      if (auto inner = first_non_utf8(member.value())) return "/" + escaped_key(member.key()) + *inner;
    }
  }
  return std::nullopt;
}

}  // namespace grk::host
