// The problems validate mode reports (docs/behaviour/beir.md §18): their stable names, the
// opt-in that resolves each, and the log that counts them and keeps the first
// examples of each kind, in bounded memory.
#ifndef GRK_BEIR_RULES_VALIDATION_PROBLEMS_HPP
#define GRK_BEIR_RULES_VALIDATION_PROBLEMS_HPP

#include <boost/json/array.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/adaptation_policies.hpp"

namespace grk::beir {

/// Every kind of problem, in the order the result lists them: the order in
/// which the adapt path meets them (docs/behaviour/beir.md §7, §15.3).
enum class ProblemKind {
  unreadable_file,
  invalid_utf8,
  line_too_long,
  line_break_inside_record,
  invalid_json,
  not_a_json_object,
  missing_id,
  unsafe_document_id,
  long_document_id,
  reserved_document_id,
  duplicate_document_id,
  non_string_field,
  empty_document,
  unsafe_query_id,
  duplicate_query_id,
  missing_query_text,
  empty_query,
  qrels_without_header,
  invalid_qrels_header,
  short_qrels_row,
  invalid_score,
  graded_score,
  identical_ids,
  missing_document,
  missing_query,
  no_positive_rows,
  non_kebab_query_id,
  encoded_query_id_collision,
  case_colliding_document_ids,
  lone_surrogate,
  unicode_separator_in_text,
};
inline constexpr std::size_t problem_kind_count = static_cast<std::size_t>(ProblemKind::unicode_separator_in_text) + 1;

/// One problem a rule found: its kind, the message the adapt path refuses
/// with (groundkit's exact text), and the id it concerns (when there is one).
struct RuleProblem {
  ProblemKind kind;
  std::string message;
  std::optional<std::string> id;
};

/// The kind's stable kebab-case name, e.g. "unsafe-document-id".
const char* problem_name(ProblemKind kind) noexcept;

/// The opt-in that makes the adapt path accept what this kind names, as
/// "param=value", or nullptr when no opt-in does.
const char* resolved_by(ProblemKind kind) noexcept;

/// Whether the opt-in that resolves `kind` is chosen in `policies`: then the
/// problem is not reported. The one place that maps a problem to its policy.
bool opt_in_chosen(ProblemKind kind, const AdaptationPolicies& policies) noexcept;

/// Whether the kind makes `valid` false. Only identical-ids does not: the
/// adapt path accepts those pairs, BEIR's evaluator drops them.
bool makes_invalid(ProblemKind kind) noexcept;

/// Where one occurrence was found and what the adapt path says about it.
struct ProblemExample {
  std::string file;                  ///< "corpus.jsonl", "queries.jsonl" or "qrels/<split>.tsv"
  std::optional<std::uint64_t> line; ///< 1-based, as the adapt path numbers that file's lines
  std::optional<std::string> id;     ///< the id concerned, when there is one
  std::string message;
};

/// The problems found so far: a count per kind and its first examples.
class ProblemLog {
 public:
  static constexpr std::size_t max_examples = 10;

  explicit ProblemLog(const AdaptationPolicies& policies) {
    for (std::size_t i = 0; i < problem_kind_count; ++i) resolved_[i] = opt_in_chosen(static_cast<ProblemKind>(i), policies);
  }

  /// Counts one occurrence of `kind`, unless its opt-in is chosen. The
  /// example is built only while fewer than max_examples are kept.
  template <typename MakeExample>
  void add(ProblemKind kind, MakeExample&& make_example) {
    if (resolved_[static_cast<std::size_t>(kind)]) return;
    Entry& entry = entries_[static_cast<std::size_t>(kind)];
    ++entry.count;
    if (entry.examples.size() < max_examples) entry.examples.push_back(make_example());
  }
  void add(ProblemKind kind, ProblemExample example) {
    add(kind, [&example] { return std::move(example); });
  }

  std::uint64_t count(ProblemKind kind) const noexcept { return entries_[static_cast<std::size_t>(kind)].count; }
  /// No problem that makes the data invalid.
  bool valid() const noexcept;
  /// The kinds found, in ProblemKind order.
  std::vector<ProblemKind> kinds() const;
  /// `[{"kind", "count", "examples", "resolved_by"}, ...]`.
  boost::json::array to_json() const;

 private:
  struct Entry {
    std::uint64_t count = 0;
    std::vector<ProblemExample> examples;
  };
  std::array<bool, problem_kind_count> resolved_{};  // the kinds whose opt-in is chosen: not reported
  std::array<Entry, problem_kind_count> entries_;
};

}  // namespace grk::beir

#endif
