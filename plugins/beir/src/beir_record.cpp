#include "beir_record.hpp"

#include <grk/python/text.hpp>

namespace grk::beir {

std::optional<std::string> record_id_problem(const RecordFields& row, const RecordPlace& place,
                                             std::string_view& id) {
  if (row.kind[RecordFields::id] != FieldKind::string || row.value[RecordFields::id].empty()) {
    return place.text() + " requires non-empty string field '_id'";
  }
  id = row.value[RecordFields::id];
  return std::nullopt;
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

std::optional<std::string> document_text_problem(const RecordFields& row, const RecordPlace& place,
                                                 std::string_view id, DocumentText& text) {
  std::string_view parts[2];
  const char* fields[2] = {"title", "text"};
  // Both type checks precede composition (reference 3.7 step 4).
  for (std::size_t i = 0; i < 2; ++i) {
    const FieldKind kind = row.kind[RecordFields::title + i];
    if (kind == FieldKind::absent) continue;
    if (kind != FieldKind::string) {
      return place.text() + " field '" + fields[i] + "' must be a string when present";
    }
    parts[i] = python::strip(std::string_view(row.value[RecordFields::title + i]));
  }
  text.title = parts[0];
  text.body = parts[1];
  if (text.title.empty() && text.body.empty()) return "BEIR document " + python::repr(id) + " has no title or text";
  return std::nullopt;
}

std::optional<std::string> query_text_problem(const RecordFields& row, const RecordPlace& place,
                                              std::string_view id, std::string& text) {
  if (row.kind[RecordFields::text] != FieldKind::string || row.value[RecordFields::text].empty()) {
    return place.text() + " requires non-empty string field 'text'";
  }
  text = std::string(python::strip(std::string_view(row.value[RecordFields::text])));
  if (text.empty()) return "BEIR query " + python::repr(id) + " is empty";
  return std::nullopt;
}
}  // namespace grk::beir
