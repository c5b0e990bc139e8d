// The three fields a BEIR record is read for (`_id`, `title`, `text`, docs/behaviour/beir.md
// §3), and a fast scanner that extracts them without building a JSON tree.
#ifndef GRK_BEIR_SOURCE_RECORD_FIELDS_HPP
#define GRK_BEIR_SOURCE_RECORD_FIELDS_HPP

#include <boost/json/object.hpp>

#include <array>
#include <string>
#include <string_view>

namespace grk::beir {

/// How a field appeared in a record: absent, a string, or any other JSON value.
enum class FieldKind { absent, string, other };

struct RecordFields {
  enum Index { id = 0, title = 1, text = 2 };
  std::array<FieldKind, 3> kind{FieldKind::absent, FieldKind::absent, FieldKind::absent};
  std::array<std::string, 3> value;  ///< the decoded string, when kind is string
  // Facts about each decoded string, found while decoding. A line of valid
  // UTF-8 holds neither raw (raw surrogates are invalid UTF-8; raw
  // separators end the line), so only \u escapes produce them.
  std::array<bool, 3> lone_surrogate{false, false, false};  ///< a surrogate without its pair
  std::array<bool, 3> line_separator{false, false, false};  ///< U+0085, U+2028 or U+2029
};

/// The fields of an object Python's json.loads produced (duplicate keys: the
/// reader already kept the last).
RecordFields fields_of(const boost::json::object& row);

/// Reads the fields of `line` when it is a plain JSON object that json.loads
/// accepts: strings with any escape (a lone surrogate kept as WTF-8), numbers,
/// true/false/null, nested arrays and objects; the last duplicate key wins.
/// Returns false, deciding nothing, for anything else (a syntax error, NaN or
/// Infinity, a BOM, a non-object, deep nesting): the caller then runs the full
/// reader, which gives Python's exact result or message. True only for input
/// json.loads accepts, with the values it would produce.
[[nodiscard]] bool scan_record_fields(std::string_view line, RecordFields& out);

/// Whether text holds a raw U+0085, U+2028 or U+2029: json.dumps writes these
/// raw and Python's splitlines breaks the judgments line there (docs/behaviour/beir.md §11).
bool contains_raw_line_separator(std::string_view utf8) noexcept;


}  // namespace grk::beir

#endif
