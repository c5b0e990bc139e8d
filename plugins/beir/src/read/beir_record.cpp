#include "read/beir_record.hpp"

#include <grk/python/text.hpp>

namespace grk::beir {

Expected<std::string_view, RuleProblem> record_id(const RecordFields& row, const RecordPlace& place,
                                                  IdentifierSubject subject, IdentifierChecks checks) {
  if (row.kind[RecordFields::id] != FieldKind::string || row.value[RecordFields::id].empty()) {
    return unexpected(RuleProblem{ProblemKind::missing_id, place.text() + " requires non-empty string field '_id'",
                                  std::nullopt});
  }
  const std::string_view id = row.value[RecordFields::id];
  if (const auto kind = identifier_problem(id, subject, checks)) {
    return unexpected(RuleProblem{*kind, identifier_message(*kind, id, subject), std::string(id)});
  }
  return id;
}

std::uint64_t DocumentText::code_points() const noexcept {
  return python::code_point_count(title) + (title.empty() ? 0 : 2) + python::code_point_count(body);
}

void DocumentText::compose(std::string& out) const {
  out.clear();
  if (!title.empty()) {
    out.reserve(title.size() + 2 + body.size());
    out.append(title);
    out.append("\n\n");
  }
  out.append(body);
}

Expected<DocumentText, RuleProblem> document_text(const RecordFields& row, const RecordPlace& place,
                                                  std::string_view id) {
  std::string_view parts[2];
  const char* fields[2] = {"title", "text"};
  // Both type checks precede composition (docs/behaviour/beir.md §7 step 4).
  for (std::size_t i = 0; i < 2; ++i) {
    const FieldKind kind = row.kind[RecordFields::title + i];
    if (kind == FieldKind::absent) continue;
    if (kind != FieldKind::string) {
      return unexpected(RuleProblem{ProblemKind::non_string_field,
                                    place.text() + " field '" + fields[i] + "' must be a string when present",
                                    std::string(id)});
    }
    parts[i] = python::strip(std::string_view(row.value[RecordFields::title + i]));
  }
  if (parts[0].empty() && parts[1].empty()) {
    return unexpected(
        RuleProblem{ProblemKind::empty_document, "BEIR document " + python::repr(id) + " has no title or text",
                    std::string(id)});
  }
  return DocumentText{parts[0], parts[1]};
}

Expected<std::string, RuleProblem> query_text(const RecordFields& row, const RecordPlace& place, std::string_view id) {
  if (row.kind[RecordFields::text] != FieldKind::string || row.value[RecordFields::text].empty()) {
    return unexpected(RuleProblem{ProblemKind::missing_query_text,
                                  place.text() + " requires non-empty string field 'text'", std::string(id)});
  }
  std::string text(python::strip(std::string_view(row.value[RecordFields::text])));
  if (text.empty()) {
    return unexpected(RuleProblem{ProblemKind::empty_query, "BEIR query " + python::repr(id) + " is empty", std::string(id)});
  }
  return text;
}

}  // namespace grk::beir
