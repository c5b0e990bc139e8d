#include "beir_record.hpp"

#include <grk/python/text.hpp>

namespace grk::beir {

std::optional<std::string> record_id_problem(const RecordFields& row, std::string_view context,
                                             std::string_view& id) {
  if (row.kind[RecordFields::id] != FieldKind::string || row.value[RecordFields::id].empty()) {
    return std::string(context) + " requires non-empty string field '_id'";
  }
  id = row.value[RecordFields::id];
  return std::nullopt;
}

std::optional<std::string> document_text_problem(const RecordFields& row, std::string_view context,
                                                 std::string_view id, std::string& text) {
  std::string_view parts[2];
  const char* fields[2] = {"title", "text"};
  // Both type checks precede composition (reference 3.7 step 4).
  for (std::size_t i = 0; i < 2; ++i) {
    const FieldKind kind = row.kind[RecordFields::title + i];
    if (kind == FieldKind::absent) continue;
    if (kind != FieldKind::string) {
      return std::string(context) + " field '" + fields[i] + "' must be a string when present";
    }
    parts[i] = python::strip(std::string_view(row.value[RecordFields::title + i]));
  }
  text.clear();
  if (!parts[0].empty()) {
    text.reserve(parts[0].size() + 2 + parts[1].size());
    text.append(parts[0]);
    text.append("\n\n");
  }
  text.append(parts[1]);
  if (text.empty()) return "BEIR document " + python::repr(id) + " has no title or text";
  return std::nullopt;
}

std::optional<std::string> query_text_problem(const RecordFields& row, std::string_view context,
                                              std::string_view id, std::string& text) {
  if (row.kind[RecordFields::text] != FieldKind::string || row.value[RecordFields::text].empty()) {
    return std::string(context) + " requires non-empty string field 'text'";
  }
  text = std::string(python::strip(std::string_view(row.value[RecordFields::text])));
  if (text.empty()) return "BEIR query " + python::repr(id) + " is empty";
  return std::nullopt;
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
