// ScorePair: the per-query scores of the two sides a paired comparison
// compares, whichever input (a scores file, two EvalReport stages, runs
// files) they came from, and paired_deltas, which pairs them.
#ifndef GRK_SIGNIFICANCE_INPUTS_SCORE_PAIR_HPP
#define GRK_SIGNIFICANCE_INPUTS_SCORE_PAIR_HPP

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

namespace grk::significance {

/// Query id -> score. std::map orders keys bytewise, which for UTF-8 is
/// Python's code-point order (docs/behaviour/paired-bootstrap.md §3 step 1).
using ScoreMap = std::map<std::string, double>;

/// Baseline and candidate scores, still unpaired: paired_bootstrap checks
/// that both hold the same query ids.
struct ScorePair {
  ScoreMap baseline;
  ScoreMap candidate;
};

/// candidate - baseline per query, in sorted query-id order (the order of
/// docs/behaviour/paired-bootstrap.md §3 step 1). Fails with invalid_data, in
/// this order: `<test> requires at least one query score` (empty baseline),
/// `<test> query ids differ (missing from candidate=[...], missing from
/// baseline=[...])`, `<test> scores must be finite`; `test` is the
/// comparison's name in prose, e.g. "paired bootstrap".
Expected<std::vector<double>> paired_deltas(const ScoreMap& baseline, const ScoreMap& candidate,
                                            std::string_view test);

}  // namespace grk::significance

#endif
