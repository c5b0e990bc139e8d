// ScorePair: the per-query scores of the two sides a paired bootstrap
// compares, whichever input (a scores file or two EvalReport stages) they
// came from.
#ifndef GRK_SIGNIFICANCE_INPUTS_SCORE_PAIR_HPP
#define GRK_SIGNIFICANCE_INPUTS_SCORE_PAIR_HPP

#include <map>
#include <string>

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

}  // namespace grk::significance

#endif
