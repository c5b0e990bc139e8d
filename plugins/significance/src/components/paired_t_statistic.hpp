// PairedTStatistic: the `paired-t` component of the `significance` module.
#ifndef GRK_SIGNIFICANCE_COMPONENTS_PAIRED_T_STATISTIC_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_PAIRED_T_STATISTIC_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::significance {

/// Student's paired t-test of candidate - baseline, equal to R's
/// t.test(candidate, baseline, paired = TRUE, conf.level = L); returns a
/// ComparisonRecord with t_statistic and degrees_of_freedom. See README.md.
///
/// Check order: the shared inputs as paired-bootstrap checks them
/// (read_comparison_input), confidence_level, alpha, then the pairing
/// (paired_deltas) and the test's own refusals (fewer than 2 queries, all
/// deltas equal), which name the comparison.
class PairedTStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "paired-t";
  static constexpr std::string_view description =
      "Student's paired t-test of a candidate-minus-baseline metric delta, with its t interval and "
      "effect size (R's t.test(paired = TRUE))";
  static std::vector<ParamSpec> params();

  /// The cheap checks before the run (docs/behaviour/comparisons.md §2.5).
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::significance

#endif
