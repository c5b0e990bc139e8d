// read_comparison_input: the inputs every paired comparison of the module
// shares (`report` or `scores`, `baseline`, `candidate`, `metric`), read and
// checked in paired-bootstrap's order with its messages.
#ifndef GRK_SIGNIFICANCE_COMPARISON_INPUT_HPP
#define GRK_SIGNIFICANCE_COMPARISON_INPUT_HPP

#include <string>
#include <vector>

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "score_pair.hpp"

namespace grk::significance {

/// The two sides of one comparison, still unpaired, and their names.
struct ComparisonInput {
  std::string baseline;
  std::string candidate;
  /// The metric's canonical name (`ndcg_at_10`).
  std::string metric;
  ScorePair scores;
};

/// The param specs of the shared inputs, in the order every comparison lists them.
[[nodiscard]] std::vector<ParamSpec> comparison_input_params();

/// Checks, in this order: exactly one of `report` and `scores`
/// (invalid_argument), `metric`, then the input file (not found, UTF-8, JSON,
/// content) and, for a report, docs/behaviour/paired-bootstrap.md §9. The
/// scores are not paired yet: paired_deltas does that.
Expected<ComparisonInput> read_comparison_input(const Params& params);

}  // namespace grk::significance

#endif
