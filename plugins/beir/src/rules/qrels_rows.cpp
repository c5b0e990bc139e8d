#include "rules/qrels_rows.hpp"

#include <grk/python/text.hpp>

#include "rules/refusal_hints.hpp"

namespace grk::beir {

// The first three tab-separated fields, or fewer: the reader never looks
// further, so a row of millions of columns costs no memory (docs/design.md §8.8).
std::vector<std::string_view> split_tabs(std::string_view line) {
  constexpr std::size_t used_fields = 3;
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (fields.size() < used_fields) {
    const std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
  return fields;
}

std::string missing_header_message(const std::string& path) {
  return "unexpected or missing BEIR qrels header in " + path;
}

std::optional<RuleProblem> qrels_header_problem(std::string_view line, const std::string& path) {
  const std::vector<std::string_view> header = split_tabs(line);
  if (header.size() >= 3 && header[0] == "query-id" && header[1] == "corpus-id" && header[2] == "score") {
    return std::nullopt;
  }
  const ProblemKind kind = reads_as_data(line) ? ProblemKind::qrels_without_header : ProblemKind::invalid_qrels_header;
  return RuleProblem{kind, missing_header_message(path), std::nullopt};
}

// docs/behaviour/beir.md §16.2: with qrels_header auto, a first row whose third field is an
// integer (as Python's int() reads it) is data.
bool reads_as_data(std::string_view line) {
  const std::vector<std::string_view> row = split_tabs(line);
  return row.size() >= 3 && python::parse_int(row[2]).has_value();
}

std::string graded_message(const std::string& score, const std::string& path, std::uint64_t line) {
  return "graded BEIR relevance score " + score + " at " + path + " line " + std::to_string(line) +
         ": this adapter supports binary qrels only. groundkit judgments carry no relevance grade, "
         "so every positive grade would collapse to the same membership and the adapted set would "
         "report binary nDCG against a collection whose published numbers are graded. Use a binary "
         "collection (SciFact, NFCorpus's binary splits) or add graded relevance to the harness "
         "first.";
}

namespace detail {

RuleProblem short_row_problem(const std::string& path, std::uint64_t line) {
  return RuleProblem{ProblemKind::short_qrels_row, "invalid BEIR qrels row at " + path + " line " + std::to_string(line),
                     std::nullopt};
}

RuleProblem invalid_score_problem(std::string_view score, const std::string& path, std::uint64_t line) {
  return RuleProblem{ProblemKind::invalid_score,
                     "invalid integer relevance score " + python::repr(score) + " at " + path + " line " +
                         std::to_string(line),
                     std::nullopt};
}

std::optional<std::string> parse_score(std::string_view field) { return python::parse_int(field); }

}  // namespace detail

// docs/behaviour/beir.md §19: where the row is, what is wrong with it, and the opt-in.
std::string qrels_row_hint(const RuleProblem& problem, const QrelsRow& row, const std::string& file,
                           std::uint64_t line) {
  const std::string where = file + " line " + std::to_string(line);
  switch (problem.kind) {
    case ProblemKind::short_qrels_row:
      return unresolvable_hint(where + " has " + std::to_string(row.fields.size()) +
                               (row.fields.size() == 1 ? " field" : " fields") + ", not 3 tab-separated ones");
    case ProblemKind::unsafe_query_id:
      return identifier_hint(where, "query-id", row.fields[0], IdentifierSubject::query);
    case ProblemKind::unsafe_document_id:
    case ProblemKind::long_document_id:
    case ProblemKind::reserved_document_id:
      return identifier_hint(where, "corpus-id", row.fields[1], IdentifierSubject::document);
    case ProblemKind::graded_score: return graded_hint(file, line, *row.score);
    default: return unresolvable_hint(where);
  }
}

int compare_integers(const std::string& a, const std::string& b) noexcept {
  const bool a_negative = !a.empty() && a[0] == '-';
  const bool b_negative = !b.empty() && b[0] == '-';
  if (a_negative != b_negative) return a_negative ? -1 : 1;
  // Normalised digits (no leading zeros): the longer magnitude is the larger.
  const int order = a.size() != b.size() ? (a.size() < b.size() ? -1 : 1) : a.compare(b);
  const int magnitude = order < 0 ? -1 : order > 0 ? 1 : 0;
  return a_negative ? -magnitude : magnitude;
}

}  // namespace grk::beir
