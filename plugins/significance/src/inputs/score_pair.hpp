// ScorePair: the per-query scores of the two sides a paired comparison
// compares, whichever input (a scores file, two EvalReport stages, runs
// files) they came from, and paired_deltas, which pairs them.
#ifndef GRK_SIGNIFICANCE_INPUTS_SCORE_PAIR_HPP
#define GRK_SIGNIFICANCE_INPUTS_SCORE_PAIR_HPP

#include <string_view>
#include <vector>

#include <grk/eval/score_map.hpp>
#include <grk/expected.hpp>

namespace grk::significance {

/// Baseline and candidate scores, still unpaired: paired_bootstrap checks
/// that both hold the same query ids.
struct ScorePair {
  eval::ScoreMap baseline;
  eval::ScoreMap candidate;
};

/// candidate - baseline per query, in sorted query-id order (the order of
/// docs/behaviour/paired-bootstrap.md §3 step 1). Fails with invalid_data, in
/// this order: `<test> requires at least one query score` (empty baseline),
/// `<test> query ids differ (missing from candidate=[...], missing from
/// baseline=[...])`, `<test> scores must be finite`; `test` is the
/// comparison's name in prose, e.g. "paired bootstrap".
Expected<std::vector<double>> paired_deltas(const eval::ScoreMap& baseline, const eval::ScoreMap& candidate,
                                            std::string_view test);

}  // namespace grk::significance

#endif
