#include "read/beir_record.hpp"

#include <grk/python/text.hpp>

namespace grk::beir {

Expected<std::string_view, std::string> record_id(const RecordFields& row, const RecordPlace& place,
                                                  IdentifierSubject subject, IdentifierChecks checks) {
  if (row.kind[RecordFields::id] != FieldKind::string || row.value[RecordFields::id].empty()) {
    return unexpected(place.text() + " requires non-empty string field '_id'");
  }
  const std::string_view id = row.value[RecordFields::id];
  if (auto rule = check_identifier(id, subject, checks); !rule) return unexpected(std::move(rule).error());
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

Expected<DocumentText, std::string> document_text(const RecordFields& row, const RecordPlace& place,
                                                  std::string_view id) {
  std::string_view parts[2];
  const char* fields[2] = {"title", "text"};
  // Both type checks precede composition (docs/behaviour/beir.md §7 step 4).
  for (std::size_t i = 0; i < 2; ++i) {
    const FieldKind kind = row.kind[RecordFields::title + i];
    if (kind == FieldKind::absent) continue;
    if (kind != FieldKind::string) {
      return unexpected(place.text() + " field '" + fields[i] + "' must be a string when present");
    }
    parts[i] = python::strip(std::string_view(row.value[RecordFields::title + i]));
  }
  if (parts[0].empty() && parts[1].empty()) {
    return unexpected("BEIR document " + python::repr(id) + " has no title or text");
  }
  return DocumentText{parts[0], parts[1]};
}

Expected<std::string, std::string> query_text(const RecordFields& row, const RecordPlace& place, std::string_view id) {
  if (row.kind[RecordFields::text] != FieldKind::string || row.value[RecordFields::text].empty()) {
    return unexpected(place.text() + " requires non-empty string field 'text'");
  }
  std::string text(python::strip(std::string_view(row.value[RecordFields::text])));
  if (text.empty()) return unexpected("BEIR query " + python::repr(id) + " is empty");
  return text;
}

}  // namespace grk::beir
