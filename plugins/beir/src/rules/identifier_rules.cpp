#include "rules/identifier_rules.hpp"

#include <grk/python/text.hpp>

#include <array>
#include <cstddef>

namespace grk::beir {
namespace {

constexpr std::string_view document_suffix = ".txt";
constexpr std::size_t max_filename_bytes = 255;

bool is_ascii_alnum(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// COM0 and LPT0 are deliberately absent: the reference lists 22 stems (docs/behaviour/beir.md §1).
bool is_reserved_windows_stem(std::string_view value) noexcept {
  const std::string_view stem = value.substr(0, value.find('.'));
  if (stem.size() != 3 && stem.size() != 4) return false;
  std::string upper(stem);
  for (char& c : upper) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  static constexpr std::array<std::string_view, 4> plain{"CON", "PRN", "AUX", "NUL"};
  for (std::string_view name : plain) {
    if (upper == name) return true;
  }
  return upper.size() == 4 && (upper.compare(0, 3, "COM") == 0 || upper.compare(0, 3, "LPT") == 0) &&
         upper[3] >= '1' && upper[3] <= '9';
}

}  // namespace

bool is_safe_identifier(std::string_view value) noexcept {
  if (value.empty() || !is_ascii_alnum(value.front())) return false;
  for (char c : value) {
    if (!is_ascii_alnum(c) && c != '.' && c != '_' && c != '-') return false;
  }
  return true;
}

// docs/behaviour/beir.md §5's rules in their order: path safety, then (documents only) the
// 255-byte filename limit, then the reserved Windows device stems.
std::optional<ProblemKind> identifier_problem(std::string_view value, IdentifierSubject subject,
                                              IdentifierChecks checks) noexcept {
  if (!checks.applies(subject)) return std::nullopt;
  // "." and ".." pass the character class but name a directory (docs/behaviour/beir.md §5).
  if (!is_safe_identifier(value) || value == "." || value == "..") {
    return subject == IdentifierSubject::document ? ProblemKind::unsafe_document_id : ProblemKind::unsafe_query_id;
  }
  if (subject == IdentifierSubject::query) return std::nullopt;
  // Safe ids are ASCII, so characters, code points and bytes coincide here.
  if (value.size() + document_suffix.size() > max_filename_bytes) return ProblemKind::long_document_id;
  if (is_reserved_windows_stem(value)) return ProblemKind::reserved_document_id;
  return std::nullopt;
}

std::string unsafe_identifier_message(std::string_view what, std::string_view value) {
  return "unsafe BEIR " + std::string(what) + " " + python::repr(value) +
         "; expected letters, digits, dot, underscore, or hyphen";
}

std::string identifier_message(ProblemKind kind, std::string_view value, IdentifierSubject subject) {
  const char* const subject_name = subject == IdentifierSubject::document ? "document" : "query";
  if (kind == ProblemKind::long_document_id) {
    const std::size_t encoded = value.size() + document_suffix.size();
    return std::string("BEIR ") + subject_name + " id " + python::repr(value.substr(0, 32)) + "... is " +
           std::to_string(value.size()) + " characters; with '.txt' that is " + std::to_string(encoded) +
           " bytes, past the 255-byte filename limit every common filesystem enforces. Refused "
           "here rather than at the write, which would fail partway through an otherwise-valid "
           "corpus.";
  }
  if (kind == ProblemKind::reserved_document_id) {
    return std::string("BEIR ") + subject_name + " id " + python::repr(value) +
           " is a reserved Windows device name; it cannot be a file there, and on some builds the "
           "write silently succeeds while discarding the content. Rename or map this id before "
           "adapting.";
  }
  return unsafe_identifier_message(std::string(subject_name) + " id", value);
}

Expected<void, std::string> check_identifier(std::string_view value, IdentifierSubject subject,
                                             IdentifierChecks checks) {
  // Allocates only on a refusal: this runs once per record.
  if (const std::optional<ProblemKind> kind = identifier_problem(value, subject, checks)) {
    return unexpected(identifier_message(*kind, value, subject));
  }
  return {};
}

}  // namespace grk::beir
