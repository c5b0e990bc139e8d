// One corpus or query record of a BEIR JSONL file, checked field by field in
// the reference's order (3.3, 3.6, 3.7 steps 4-5).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "record_fields.hpp"

namespace grk::beir {

/// `_id` of a record: a non-empty string, not stripped. On failure returns the
/// reference's message for `context` ("corpus row 3" / "query row 3").
std::optional<std::string> record_id_problem(const RecordFields& row, std::string_view context,
                                             std::string_view& id);

/// The document text of a corpus record (reference 3.6): `title` and `text`
/// are optional strings, stripped with Python's whitespace set, joined by a
/// blank line when the title is non-empty. On failure returns the message.
std::optional<std::string> document_text_problem(const RecordFields& row, std::string_view context,
                                                 std::string_view id, std::string& text);

/// The query text of a query record (reference 3.6): `text` required as a
/// non-empty string, then stripped and required non-empty.
std::optional<std::string> query_text_problem(const RecordFields& row, std::string_view context,
                                              std::string_view id, std::string& text);

/// Whether text holds a raw U+0085, U+2028 or U+2029: json.dumps writes these
/// raw and Python's splitlines breaks the judgments line there (reference 3.11).
bool contains_raw_line_separator(std::string_view utf8) noexcept;

}  // namespace grk::beir
