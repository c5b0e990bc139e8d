// grk/eval/query_alignment.hpp: query alignment, the per-query scores of several systems on one metric,
// paired query by query, under the `missing_queries` policy that says what
// happens to a query some system has no score for.
#ifndef GRK_EVAL_QUERY_ALIGNMENT_HPP
#define GRK_EVAL_QUERY_ALIGNMENT_HPP

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/error.hpp>
#include <grk/eval/choices.hpp>
#include <grk/eval/score_map.hpp>
#include <grk/expected.hpp>
#include <grk/python/text.hpp>

namespace grk::eval {

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

namespace detail {

inline constexpr Spellings<MissingQueries, 3> policy_names{{
    {MissingQueries::error, "error"},
    {MissingQueries::intersect, "intersect"},
    {MissingQueries::zero, "zero"},
}};

/// At most this many missing ids per system in a message: enough to spot
/// the pattern, short enough to read.
inline constexpr std::size_t listed_ids = 10;

inline std::string missing_ids_message(const std::vector<SystemScores>& systems,
                                       const std::map<std::string_view, std::size_t>& coverage,
                                       std::string_view metric) {
  std::string listed;
  for (const SystemScores& system : systems) {
    std::vector<std::string> ids;
    std::size_t missing = 0;
    for (const auto& [query, count] : coverage) {
      if (count == systems.size() || system.scores->count(std::string(query)) != 0) continue;
      if (++missing <= listed_ids) ids.emplace_back(query);
    }
    if (missing == 0) continue;
    listed += (listed.empty() ? "missing from " : "; missing from ") + python::repr(system.name) + ": " +
              python::repr_list(ids);
    if (missing > listed_ids) listed += " and " + std::to_string(missing - listed_ids) + " more";
  }
  return "metric " + python::repr(metric) + ": query ids differ between systems (" + listed +
         "); set missing_queries to 'intersect' or 'zero' to compare anyway";
}

}  // namespace detail

/// `error`, `intersect` or `zero`.
[[nodiscard]] inline std::string_view missing_queries_name(MissingQueries policy) noexcept {
  return choice_name(detail::policy_names, policy);
}

/// The policy named `name`. Fails with invalid_argument
/// `missing_queries must be one of 'error', 'intersect', 'zero', got 'x'`.
inline Expected<MissingQueries> parse_missing_queries(std::string_view name) {
  return parse_choice(detail::policy_names, "missing_queries", name);
}

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
inline Expected<AlignedScores> align_queries(const std::vector<SystemScores>& systems, std::string_view metric,
                                             MissingQueries policy) {
  // How many systems score each query; views into the systems' own keys.
  std::map<std::string_view, std::size_t> coverage;
  for (const SystemScores& system : systems) {
    for (const auto& entry : *system.scores) ++coverage[entry.first];
  }
  if (coverage.empty()) return fail(Status::invalid_data, "metric " + python::repr(metric) + ": no per-query scores");

  AlignedScores aligned;
  aligned.filled_queries.assign(systems.size(), 0);
  aligned.scores.resize(systems.size());
  std::size_t shared = 0;
  for (const auto& entry : coverage) shared += entry.second == systems.size() ? 1 : 0;
  if (shared < coverage.size()) {
    if (policy == MissingQueries::error) {
      return fail(Status::invalid_data, detail::missing_ids_message(systems, coverage, metric));
    }
    if (policy == MissingQueries::intersect) {
      if (shared == 0) {
        return fail(Status::invalid_data, "metric " + python::repr(metric) + ": no query is scored by every system");
      }
      aligned.dropped_queries = coverage.size() - shared;
    }
  }

  const bool every_query = policy == MissingQueries::zero;
  const std::size_t count = every_query ? coverage.size() : shared;
  aligned.query_ids.reserve(count);
  for (auto& row : aligned.scores) row.reserve(count);
  // Walk every system's map alongside the sorted union: one pass each, no lookups.
  std::vector<ScoreMap::const_iterator> next;
  next.reserve(systems.size());
  for (const SystemScores& system : systems) next.push_back(system.scores->begin());
  for (const auto& [query, covered] : coverage) {
    const bool kept = every_query || covered == systems.size();
    if (kept) aligned.query_ids.emplace_back(query);
    for (std::size_t s = 0; s < systems.size(); ++s) {
      const bool has = next[s] != systems[s].scores->end() && next[s]->first == query;
      if (kept) {
        aligned.scores[s].push_back(has ? next[s]->second : 0.0);
        if (!has) ++aligned.filled_queries[s];
      }
      if (has) ++next[s];
    }
  }
  return aligned;
}

}  // namespace grk::eval

#endif
