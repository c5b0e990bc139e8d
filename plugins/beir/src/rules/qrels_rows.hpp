// The qrels row rules (docs/behaviour/beir.md §4, §16.2-§16.3): the one classifier the
// qrels reader, its refusal hints and validate mode all ask. Each rule gives a
// typed problem: its kind (validate mode's stable name), groundkit's exact
// message and, on demand, the hint (docs/behaviour/beir.md §19).
#ifndef GRK_BEIR_RULES_QRELS_ROWS_HPP
#define GRK_BEIR_RULES_QRELS_ROWS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/identifier_rules.hpp"
#include "rules/validation_problems.hpp"

namespace grk::beir {

/// The first three tab-separated fields of a qrels line, or fewer.
std::vector<std::string_view> split_tabs(std::string_view line);

/// The header rule of the first non-empty line (docs/behaviour/beir.md §4): none when it is
/// the header; qrels-without-header when it reads as data (qrels_header=auto
/// resolves it), else invalid-qrels-header; the message is the same.
std::optional<RuleProblem> qrels_header_problem(std::string_view line, const std::string& path);

/// The refusal of qrels without a non-empty line.
std::string missing_header_message(const std::string& path);

/// Whether a first row reads as data under qrels_header auto (docs/behaviour/beir.md §16.2).
bool reads_as_data(std::string_view line);

/// The reference's refusal of a score other than 0 and 1 (docs/behaviour/beir.md §4 step 5).
std::string graded_message(const std::string& score, const std::string& path, std::uint64_t line);

/// A data row as docs/behaviour/beir.md §4 steps 1-5 read it.
struct QrelsRow {
  std::vector<std::string_view> fields;  ///< the first three, or fewer
  std::optional<std::string> score;      ///< the third as Python's int() writes it; none: short row or no integer
};

/// What the row rules are told: where the row is and which rules apply.
struct QrelsRowPlace {
  const std::string& path;
  std::uint64_t line;         ///< numbered as docs/behaviour/beir.md §4 numbers them
  IdentifierChecks checks;    ///< which ids §4 steps 2-3 check
  bool binary;                ///< no `graded` threshold: step 5 refuses scores other than 0 and 1
};

/// Checks one data row in docs/behaviour/beir.md §4's order, handing each problem to
/// `on_problem(RuleProblem&&)`, which returns whether to look for more. A short
/// row or a score that is no integer ends the checks.
template <typename OnProblem>
QrelsRow check_qrels_row(std::string_view line, const QrelsRowPlace& place, OnProblem&& on_problem);

/// The hint of a row problem (docs/behaviour/beir.md §19); `file` is "qrels/<split>.tsv".
std::string qrels_row_hint(const RuleProblem& problem, const QrelsRow& row, const std::string& file,
                           std::uint64_t line);

/// Orders two integers written as Python's int() normalises them ("-12",
/// "0", "7"): negative, zero or positive as a is below, equal to or above b.
int compare_integers(const std::string& a, const std::string& b) noexcept;

// The problems of one row, built only when a rule is broken: the fast path allocates nothing.
namespace detail {
RuleProblem short_row_problem(const std::string& path, std::uint64_t line);
RuleProblem invalid_score_problem(std::string_view score, const std::string& path, std::uint64_t line);
std::optional<std::string> parse_score(std::string_view field);
}  // namespace detail

template <typename OnProblem>
QrelsRow check_qrels_row(std::string_view line, const QrelsRowPlace& place, OnProblem&& on_problem) {
  QrelsRow row{split_tabs(line), std::nullopt};
  if (row.fields.size() < 3) {
    on_problem(detail::short_row_problem(place.path, place.line));
    return row;
  }
  const IdentifierSubject subjects[2] = {IdentifierSubject::query, IdentifierSubject::document};
  for (int column = 0; column < 2; ++column) {
    const std::string_view id = row.fields[static_cast<std::size_t>(column)];
    if (const auto kind = identifier_problem(id, subjects[column], place.checks)) {
      if (!on_problem(RuleProblem{*kind, identifier_message(*kind, id, subjects[column]), std::string(id)})) return row;
    }
  }
  row.score = detail::parse_score(row.fields[2]);
  if (!row.score) {
    on_problem(detail::invalid_score_problem(row.fields[2], place.path, place.line));
    return row;
  }
  if (place.binary && *row.score != "0" && *row.score != "1") {
    on_problem(RuleProblem{ProblemKind::graded_score, graded_message(*row.score, place.path, place.line), std::nullopt});
  }
  return row;
}

}  // namespace grk::beir

#endif
