// RandomizationStatistic: the `randomization` component of the `significance` module.
#ifndef GRK_SIGNIFICANCE_COMPONENTS_RANDOMIZATION_STATISTIC_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_RANDOMIZATION_STATISTIC_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::significance {

/// Fisher's paired randomization (sign-flip) test of candidate - baseline:
/// exact over all 2^n sign assignments when 2^n <= permutations, else Monte
/// Carlo over `permutations` sign vectors from `seed`; with paired-bootstrap's
/// percentile interval for the same seed and resamples. Returns a
/// ComparisonRecord with method, permutations and p_value_standard_error.
///
/// Check order: the shared inputs (read_comparison_input), confidence_level,
/// alpha, resamples, permutations, then the pairing (paired_deltas).
class RandomizationStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "randomization";
  static constexpr std::string_view description =
      "Fisher's paired randomization (sign-flip) test of a candidate-minus-baseline metric delta, exact "
      "or Monte Carlo, with a bootstrap interval and effect size";
  static std::vector<ParamSpec> params();

  /// The cheap checks before the run (docs/behaviour/comparisons.md §2.5).
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::significance

#endif
