// Ids made safe to use, for dataset adapters (docs/behaviour/beir.md §16.8):
// - a document id as a file name that every common file system accepts and
//   keeps distinct (Linux, macOS and Windows, case-insensitive ones included),
//   reversibly;
// - a query id as a groundkit judgment id (kebab-case).
// The `beir` adapter's `document_ids: encode` and `query_ids: encode` are these
// functions; a third-party adapter calls them to name its files the same way.
#ifndef GRK_GROUNDKIT_ID_ENCODING_HPP
#define GRK_GROUNDKIT_ID_ENCODING_HPP

#include <grk/detail/sha256.hpp>
#include <grk/expected.hpp>
#include <grk/python/repr.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace grk::groundkit {

/// The longest file name, in bytes, every common file system accepts.
inline constexpr std::size_t max_file_name_bytes = 255;
/// Every encoded stem starts with it; a portable id never does.
inline constexpr char encoded_stem_prefix = '_';
/// How many hex digits of SHA-256 a digest stem carries.
inline constexpr std::size_t digest_hex_digits = 32;

namespace detail {

inline bool is_ascii_alnum(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The bytes an escaped body keeps as they are: lowercase, so that no two
// encoded names differ only by case.
inline bool is_literal_byte(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

inline int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;  // uppercase hex is not the canonical form
}

// CON PRN AUX NUL COM1-COM9 LPT1-LPT9, in any case, before the first dot.
inline bool is_windows_device_stem(std::string_view name) noexcept {
  const std::string_view stem = name.substr(0, name.find('.'));
  if (stem.size() != 3 && stem.size() != 4) return false;
  std::string upper(stem);
  for (char& c : upper) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  if (upper == "CON" || upper == "PRN" || upper == "AUX" || upper == "NUL") return true;
  return upper.size() == 4 && (upper.compare(0, 3, "COM") == 0 || upper.compare(0, 3, "LPT") == 0) &&
         upper[3] >= '1' && upper[3] <= '9';
}

// One unit of the escaped body: the byte itself or "_" and its two hex digits.
inline void append_escaped(std::string& out, char c) {
  static constexpr char digits[] = "0123456789abcdef";
  if (is_literal_byte(c)) {
    out += c;
    return;
  }
  const auto byte = static_cast<unsigned char>(c);
  out += encoded_stem_prefix;
  out += digits[byte >> 4];
  out += digits[byte & 0xf];
}

}  // namespace detail

/// Whether `stem` may name a file as it is (with `suffix` appended): one or
/// more of `A-Z a-z 0-9 . _ -` starting with a letter or digit, `stem + suffix`
/// at most 255 bytes and not ending in a dot, and no Windows device name (CON,
/// PRN, AUX, NUL, COM1-9, LPT1-9 in any case, before the first dot). For
/// `suffix` ".txt" this is groundkit's BEIR rule for document ids.
inline bool is_portable_file_stem(std::string_view stem, std::string_view suffix) noexcept {
  if (stem.empty() || !detail::is_ascii_alnum(stem.front())) return false;
  for (const char c : stem) {
    if (!detail::is_ascii_alnum(c) && c != '.' && c != '_' && c != '-') return false;
  }
  if (stem.size() + suffix.size() > max_file_name_bytes) return false;
  const std::string_view last = suffix.empty() ? stem : suffix;
  if (last.back() == '.') return false;
  return !detail::is_windows_device_stem(stem);
}

/// The encoded stem of `id` (any bytes; UTF-8 text in practice): "_" followed
/// by the id's bytes, each of `a-z 0-9 -` as it is and every other byte as "_"
/// and its two lowercase hex digits ("Foo" gives "__46oo", "a.b" "_a_2eb").
/// When that, with `suffix`, passes 255 bytes, the digest stem instead: "_",
/// the longest run of whole units of that escaped form that fits, "_h", and
/// the first 32 hex digits of the SHA-256 of the id's bytes. Only the first
/// form can be decoded; an adapter records every changed id beside its files
/// (the `beir` adapter's id_map.tsv), so the digest form is recoverable too.
inline std::string encode_file_stem(std::string_view id, std::string_view suffix) {
  std::string stem(1, encoded_stem_prefix);
  stem.reserve(1 + id.size() * 3);
  for (const char c : id) detail::append_escaped(stem, c);
  if (stem.size() + suffix.size() <= max_file_name_bytes) return stem;
  const std::size_t room = max_file_name_bytes - suffix.size() - 1 - 2 - digest_hex_digits;
  std::string digest_stem(1, encoded_stem_prefix);
  std::string unit;
  for (const char c : id) {
    unit.clear();
    detail::append_escaped(unit, c);
    if (digest_stem.size() - 1 + unit.size() > room) break;
    digest_stem += unit;
  }
  digest_stem += encoded_stem_prefix;
  digest_stem += 'h';
  digest_stem += grk::detail::sha256_hex(id).substr(0, digest_hex_digits);
  return digest_stem;
}

/// Whether `stem` is a digest stem (encode_file_stem's form for a long id),
/// which cannot be decoded.
inline bool is_digest_file_stem(std::string_view stem) noexcept {
  const std::size_t tail = 2 + digest_hex_digits;
  if (stem.size() < 1 + tail || stem.front() != encoded_stem_prefix) return false;
  if (stem[stem.size() - tail] != encoded_stem_prefix || stem[stem.size() - tail + 1] != 'h') return false;
  for (std::size_t i = stem.size() - digest_hex_digits; i < stem.size(); ++i) {
    if (detail::hex_value(stem[i]) < 0) return false;
  }
  return true;
}

/// The id whose file stem (with `suffix`) is `stem`: a portable stem is its
/// own id; an encoded stem is unescaped. Fails (invalid_data) for a digest
/// stem (look the id up where the adapter recorded it) and for any stem that
/// neither rule produces, so that no two ids share a stem.
inline Expected<std::string> decode_file_stem(std::string_view stem, std::string_view suffix) {
  if (stem.empty() || stem.front() != encoded_stem_prefix) {
    if (is_portable_file_stem(stem, suffix)) return std::string(stem);
    return fail(Status::invalid_data, "file stem " + python::repr(stem) + " is neither a portable id nor an encoded one");
  }
  if (is_digest_file_stem(stem)) {
    return fail(Status::invalid_data,
                "file stem " + python::repr(stem) + " is the digest of a longer id; the adapter's id map records it");
  }
  std::string id;
  for (std::size_t i = 1; i < stem.size(); ++i) {
    const char c = stem[i];
    if (detail::is_literal_byte(c)) {
      id += c;
      continue;
    }
    const int high = c == encoded_stem_prefix && i + 2 < stem.size() ? detail::hex_value(stem[i + 1]) : -1;
    const int low = high >= 0 ? detail::hex_value(stem[i + 2]) : -1;
    const char byte = static_cast<char>(high * 16 + low);
    // An escape of a literal byte is not what encode_file_stem writes.
    if (low < 0 || detail::is_literal_byte(byte)) {
      return fail(Status::invalid_data, "file stem " + python::repr(stem) + " is not an encoded id at byte " +
                                            std::to_string(i));
    }
    id += byte;
    i += 2;
  }
  if (stem.size() + suffix.size() > max_file_name_bytes) {
    return fail(Status::invalid_data, "file stem " + python::repr(stem) + " is too long to be an encoded id");
  }
  return id;
}

/// The kebab-case id (`^[a-z0-9]+(-[a-z0-9]+)*$`) made from `id` (UTF-8):
/// its words joined with "-". A word is a run of ASCII letters and digits,
/// letters lowercased, or one non-ASCII code point written as "u" and its
/// lowercase hex (é gives "ue9"); every other character separates words. An
/// id with no word gives "x" and the lowercase hex of its bytes ("--" gives
/// "x2d2d"). A kebab-case id gives itself. Many ids give the same result
/// ("Q_1", "q-1"), so an adapter must refuse or resolve such collisions.
inline std::string kebab_case_id(std::string_view id) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  bool in_word = false;
  const auto start_word = [&] {
    if (!out.empty()) out += '-';
    in_word = true;
  };
  for (std::size_t i = 0; i < id.size();) {
    const auto byte = static_cast<unsigned char>(id[i]);
    if (byte < 0x80) {
      ++i;
      if (!detail::is_ascii_alnum(static_cast<char>(byte))) {
        in_word = false;
        continue;
      }
      if (!in_word) start_word();
      out += byte >= 'A' && byte <= 'Z' ? static_cast<char>(byte - 'A' + 'a') : static_cast<char>(byte);
      continue;
    }
    // A code point of 2-4 bytes; a byte that starts none counts alone.
    const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
    std::uint32_t code_point = length == 1 ? byte : byte & (0x7F >> length);
    std::size_t taken = 1;
    while (taken < length && i + taken < id.size() && (static_cast<unsigned char>(id[i + taken]) & 0xC0) == 0x80) {
      code_point = code_point << 6 | (static_cast<unsigned char>(id[i + taken]) & 0x3F);
      ++taken;
    }
    if (taken != length) code_point = byte;
    i += taken != length ? 1 : taken;
    start_word();
    out += 'u';
    std::string hex;
    for (std::uint32_t rest = code_point; rest != 0 || hex.empty(); rest >>= 4) hex.insert(hex.begin(), digits[rest & 0xf]);
    out += hex;
    in_word = false;  // the next letter starts a word of its own
  }
  if (!out.empty()) return out;
  out = "x";
  for (const char c : id) {
    out += digits[static_cast<unsigned char>(c) >> 4];
    out += digits[static_cast<unsigned char>(c) & 0xf];
  }
  return out;
}

}  // namespace grk::groundkit

#endif
