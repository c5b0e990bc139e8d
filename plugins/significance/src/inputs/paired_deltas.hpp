// paired_deltas: two score maps -> the per-query deltas a paired comparison
// works on, with paired-bootstrap's checks and messages.
#ifndef GRK_SIGNIFICANCE_INPUTS_PAIRED_DELTAS_HPP
#define GRK_SIGNIFICANCE_INPUTS_PAIRED_DELTAS_HPP

#include <string_view>
#include <vector>

#include <grk/expected.hpp>

#include "inputs/score_pair.hpp"

namespace grk::significance {

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
