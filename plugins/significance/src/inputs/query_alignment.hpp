// Query alignment: the per-query scores of several systems on one metric,
// paired query by query, under the `missing_queries` policy that says what
// happens to a query some system has no score for.
#ifndef GRK_SIGNIFICANCE_INPUTS_QUERY_ALIGNMENT_HPP
#define GRK_SIGNIFICANCE_INPUTS_QUERY_ALIGNMENT_HPP

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

#include "inputs/score_pair.hpp"

namespace grk::significance {

/// What to do with a query that not every system scores.
/// - error: refuse (the default: a paired test on silently different query
///   sets is a different experiment).
/// - intersect: compare on the queries every system scores; the others are
///   dropped.
/// - zero: a system without a score for a query scores 0 there, as
///   `trec_eval -c` counts a topic the run did not retrieve for. Here the
///   query set is the union of the systems' queries (trec_eval's is the
///   qrels' topics, which a per-query file does not list).
enum class MissingQueries { error, intersect, zero };

/// `error`, `intersect` or `zero`.
[[nodiscard]] std::string_view missing_queries_name(MissingQueries policy) noexcept;

/// The policy named `name`. Fails with invalid_argument
/// `missing_queries must be one of 'error', 'intersect', 'zero', got 'x'`.
Expected<MissingQueries> parse_missing_queries(std::string_view name);

/// One system's scores on the metric being aligned. `scores` is borrowed: it
/// must outlive the call.
struct SystemScores {
  std::string name;
  const ScoreMap* scores = nullptr;
};

/// The aligned scores and what alignment did to get them.
struct AlignedScores {
  /// The compared queries, in bytewise (Python code-point) order.
  std::vector<std::string> query_ids;
  /// scores[s][q]: system s (in the order given) on query_ids[q].
  std::vector<std::vector<double>> scores;
  /// intersect: the queries left out because some system lacks them (0
  /// otherwise).
  std::size_t dropped_queries = 0;
  /// zero: per system (in the order given), the queries it lacked that score
  /// 0 (all 0 otherwise).
  std::vector<std::size_t> filled_queries;
};

/// Aligns `systems` on `metric` (named in messages). Fails with invalid_data:
/// - error policy, when the query ids differ: `metric 'P_10': query ids differ
///   between systems (missing from 'bm25': ['q3', 'q7'] and 3 more; missing
///   from 'dense': ['q1']); set missing_queries to 'intersect' or 'zero' to
///   compare anyway` (each system that lacks queries, in the order given, with
///   at most 10 ids, sorted, and how many more)
/// - intersect, when no query is scored by every system:
///   `metric 'P_10': no query is scored by every system`
/// - any policy, when no system scores any query: `metric 'P_10': no per-query scores`
/// O(S Q log Q) for S systems and Q queries.
Expected<AlignedScores> align_queries(const std::vector<SystemScores>& systems, std::string_view metric,
                                      MissingQueries policy);

}  // namespace grk::significance

#endif
