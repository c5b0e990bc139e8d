// The three fields a BEIR record is read for (`_id`, `title`, `text`, reference
// 3.3), and a fast scanner that extracts them without building a JSON tree.
#pragma once

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
bool scan_record_fields(std::string_view line, RecordFields& out);

}  // namespace grk::beir
