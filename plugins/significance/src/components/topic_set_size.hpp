// topic-set-size: how many topics a new test collection needs (Sakai's topic
// set size design), from the variance of an existing input
// (docs/behaviour/comparisons.md §11).
#ifndef GRK_SIGNIFICANCE_COMPONENTS_TOPIC_SET_SIZE_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_TOPIC_SET_SIZE_HPP

#include <boost/json/value.hpp>

#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::significance {

/// `test: t`: the topics a two-sided paired t-test needs, the variance the
/// sample variance of the paired deltas (candidate - baseline); `test:
/// anova`: the topics a one-way ANOVA over `systems` systems needs, the
/// variance the residual mean square of the two-way ANOVA of the input's
/// systems (methods/two_way_anova.hpp).
///
/// Check order: exactly one of report, scores and runs; runs_format and its
/// judging (qrels); alpha, power, minimum_difference; the test's own
/// parameters (baseline and candidate for t, systems for anova); the metric
/// name (trec_run, scores); then the input, its alignment, and the variance.
class TopicSetSizeStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "topic-set-size";
  static constexpr std::string_view description =
      "how many topics a new collection needs for a paired t-test or an ANOVA to detect a given difference "
      "with a given power (Sakai's topic set size design), the variance taken from the input";
  static std::vector<ParamSpec> params();

  /// Every check that reads no input.
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::significance

#endif
