// CompareSystemsStatistic: the `compare-systems` component of the
// `significance` module.
#ifndef GRK_SIGNIFICANCE_COMPONENTS_COMPARE_SYSTEMS_STATISTIC_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_COMPARE_SYSTEMS_STATISTIC_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::significance {

/// The results table in one step: every chosen pair of systems on every
/// chosen metric, with one test, the p-values corrected over the whole
/// family. See README.md.
///
/// Check order: exactly one of `report`, `scores` and `runs`; runs_format,
/// test, correction, missing_queries, alpha, confidence_level, resamples,
/// permutations; `metric` with `metrics`, `metric` with `scores`; the
/// `systems` and `metrics` lists;
/// GRK_THREADS; then the input, baseline and systems, the alignment, and
/// the comparisons in family order.
class CompareSystemsStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "compare-systems";
  static constexpr std::string_view description =
      "every pair of systems (or each against a baseline) on every metric with one paired test, "
      "p-values corrected for multiple testing over the family";
  static std::vector<ParamSpec> params();

  /// The cheap checks before the run (docs/behaviour/comparisons.md §2.5).
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::significance

#endif
