#include "rules/refusal_hints.hpp"

#include <grk/python/text.hpp>

#include <cstdio>
#include <vector>


namespace grk::beir {
namespace {

constexpr const char* validate_tip = "mode=validate lists every problem of the dataset at once";

std::string code_point_text(char32_t code_point) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(code_point));
  return text;
}

bool is_id_character(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '-';
}

}  // namespace

std::string character_name(char32_t code_point) {
  const char* name = nullptr;
  switch (code_point) {
    case 0x0B: name = "LINE TABULATION"; break;
    case 0x0C: name = "FORM FEED"; break;
    case 0x1C: name = "INFORMATION SEPARATOR FOUR"; break;
    case 0x1D: name = "INFORMATION SEPARATOR THREE"; break;
    case 0x1E: name = "INFORMATION SEPARATOR TWO"; break;
    case 0x85: name = "NEXT LINE"; break;
    case 0x2028: name = "LINE SEPARATOR"; break;
    case 0x2029: name = "PARAGRAPH SEPARATOR"; break;
    default: break;
  }
  return name == nullptr ? code_point_text(code_point) : code_point_text(code_point) + " (" + name + ")";
}

// docs/behaviour/beir.md §19: a record cut by a break only Python's splitlines makes.
std::string jsonl_line_hint(const std::string& file, std::uint64_t line_number, std::string_view line,
                            char32_t ended_by, char32_t started_after) {
  const std::string where = file + " line " + std::to_string(line_number);
  const auto python_only = [](char32_t c) { return c != 0 && c != '\n' && c != '\r'; };
  if (python_only(ended_by) || python_only(started_after)) {
    const char32_t found = python_only(ended_by) ? ended_by : started_after;
    // json.dumps writes these three raw, so the judgments need escaping too.
    const bool raw_in_judgments = found == 0x85 || found == 0x2028 || found == 0x2029;
    const std::string fix = std::string("; set line_breaks=newline") +
                            (raw_in_judgments ? " (and unicode_separators=escape)" : "") +
                            " to keep it inside the record";
    if (python_only(ended_by)) {
      return where + ": a raw " + character_name(found) + " at character " +
             std::to_string(python::code_point_count(line) + 1) + " ends the line under Python's splitlines()" + fix;
    }
    return where + ": the line starts after a raw " + character_name(found) +
           ", which ends the line before it under Python's splitlines()" + fix;
  }
  return unresolvable_hint(where);
}

std::string identifier_hint(const std::string& where, const char* field, std::string_view id,
                            IdentifierSubject subject) {
  const std::string option = subject == IdentifierSubject::document
                                 ? "; set document_ids=encode to give such ids safe file names"
                                 : "; set query_ids=encode to map such ids to kebab-case ids";
  const std::string named = where + ": the " + field + " " + python::repr(id);
  if (id == "." || id == "..") return named + " names a directory" + option;
  std::size_t at = 0;
  std::uint64_t character = 1;
  // The first character out of place: a first one that is not a letter or
  // digit, or any later one outside the class.
  for (; at < id.size(); ++character) {
    const char c = id[at];
    const bool fits = at == 0 ? is_id_character(c) && c != '.' && c != '_' && c != '-' : is_id_character(c);
    if (!fits) break;
    ++at;
  }
  if (id.empty()) return named + " is empty" + option;
  if (at < id.size()) {
    const python::detail::DecodedCodePoint decoded = python::detail::decode_at(id, at);
    const std::string shown = python::repr(id.substr(at, decoded.length == 0 ? 1 : decoded.length));
    const char* rule = at == 0 ? "cannot start an id (a letter or digit must)"
                               : "is not a letter, digit, dot, underscore or hyphen";
    return named + " holds " + shown + " (" + code_point_text(decoded.value) + ") at character " +
           std::to_string(character) + ", which " + rule + option;
  }
  if (id.size() + 4 > 255) {
    return where + ": the " + field + " " + python::repr(id.substr(0, 32)) + "... is " + std::to_string(id.size()) +
           " characters, " + std::to_string(id.size() + 4) + " bytes with '.txt'" + option;
  }
  return named + " is a Windows device name" + option;
}

std::string dataset_file_name(const std::string& path, bool with_folder) {
  std::size_t slash = path.rfind('/');
  if (with_folder && slash != std::string::npos && slash > 0) slash = path.rfind('/', slash - 1);
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::optional<SeparatorAt> first_separator(std::string_view text) {
  std::uint64_t character = 0;
  for (std::size_t i = 0; i < text.size();) {
    const python::detail::DecodedCodePoint decoded = python::detail::decode_at(text, i);
    ++character;
    if (decoded.value == 0x85 || decoded.value == 0x2028 || decoded.value == 0x2029) {
      return SeparatorAt{decoded.value, character};
    }
    i += decoded.length == 0 ? 1 : decoded.length;
  }
  return std::nullopt;
}

std::string separator_hint(const std::string& what, const SeparatorAt& at) {
  return what + " holds a raw " + character_name(at.code_point) + " at character " + std::to_string(at.character) +
         ", which json.dumps writes raw and load_judgments reads as a line break; set unicode_separators=escape to "
         "write such characters as \\uXXXX escapes in judgments.jsonl";
}

std::string graded_hint(const std::string& file, std::uint64_t line, const std::string& score) {
  return file + " line " + std::to_string(line) + ": score " + score +
         "; set graded=1 to count every score >= 1 as relevant (or graded=k for a higher threshold)";
}

std::string header_hint(const std::string& file, std::string_view first_row, bool reads_as_data) {
  const std::string where = file + " line 1 is " + python::repr(first_row.substr(0, 80));
  if (reads_as_data) return where + ", which reads as data: set qrels_header=auto to read it as a row";
  return where + "; the header must start with query-id, corpus-id and score, tab-separated";
}

std::string unresolvable_hint(const std::string& where) {
  return where + "; no opt-in accepts this; " + validate_tip;
}

}  // namespace grk::beir
