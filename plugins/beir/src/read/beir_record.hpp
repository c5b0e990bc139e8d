// One corpus or query record of a BEIR JSONL file, checked field by field in
// the reference's order (docs/behaviour/beir.md §3, §6, §7 steps 4-5). Each check's error is a
// typed problem: its kind and the reference's text; the caller gives it its status.
#ifndef GRK_BEIR_READ_BEIR_RECORD_HPP
#define GRK_BEIR_READ_BEIR_RECORD_HPP

#include <grk/expected.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/identifier_rules.hpp"
#include "rules/validation_problems.hpp"
#include "source/record_fields.hpp"

namespace grk::beir {

/// Where a record sits, for messages: "corpus row 3" / "query row 3". The
/// text is built only when there is a problem to report.
struct RecordPlace {
  const char* file;  ///< "corpus" or "query"
  std::uint64_t row;
  std::string text() const { return std::string(file) + " row " + std::to_string(row); }
};

/// `_id` of a record: a non-empty string, not stripped, then an id by the
/// identifier rules for `subject` (when `checks` applies to it). A view into the record's fields.
Expected<std::string_view, RuleProblem> record_id(const RecordFields& row, const RecordPlace& place,
                                                  IdentifierSubject subject, IdentifierChecks checks = {});

/// The document text of a corpus record (docs/behaviour/beir.md §6): `title` and `text`
/// are optional strings, stripped with Python's whitespace set, joined by a
/// blank line when the title is non-empty. Views into the record's fields.
struct DocumentText {
  std::string_view title;  ///< stripped; empty when absent or blank
  std::string_view body;   ///< stripped `text`
  /// Code points of the composed text, as Python's len().
  std::uint64_t code_points() const noexcept;
  void compose(std::string& out) const;
};

/// The title and text of a corpus record, checked.
Expected<DocumentText, RuleProblem> document_text(const RecordFields& row, const RecordPlace& place,
                                                  std::string_view id);

/// The query text of a query record (docs/behaviour/beir.md §6): `text` required as a
/// non-empty string, then stripped and required non-empty.
Expected<std::string, RuleProblem> query_text(const RecordFields& row, const RecordPlace& place, std::string_view id);

}  // namespace grk::beir

#endif
