// WilcoxonStatistic: the `wilcoxon` component of the `significance` module.
#ifndef GRK_SIGNIFICANCE_COMPONENTS_WILCOXON_STATISTIC_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_WILCOXON_STATISTIC_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::significance {

/// The Wilcoxon signed-rank test of candidate - baseline, equal to R's
/// wilcox.test(candidate, baseline, paired = TRUE, exact = NULL, correct =
/// FALSE), with paired-bootstrap's percentile interval for the same seed and
/// resamples; returns a ComparisonRecord with v_statistic and distribution.
///
/// Check order: the shared inputs (read_comparison_input), confidence_level,
/// alpha, resamples, then the pairing (paired_deltas) and the test's own
/// refusal (every delta zero), which names the comparison.
class WilcoxonStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "wilcoxon";
  static constexpr std::string_view description =
      "Wilcoxon signed-rank test of a candidate-minus-baseline metric delta (R's wilcox.test(paired = "
      "TRUE, correct = FALSE)), with a bootstrap interval and effect size";
  static std::vector<ParamSpec> params();

  /// The cheap checks before the run (docs/behaviour/comparisons.md §2.5).
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::significance

#endif
