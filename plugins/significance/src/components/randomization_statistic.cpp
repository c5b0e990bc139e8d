#include "components/randomization_statistic.hpp"

#include <utility>

#include <grk/error.hpp>

#include "resampling/bootstrap_interval.hpp"
#include "inputs/comparison_input.hpp"
#include "components/comparison_params.hpp"
#include "results/comparison_record.hpp"
#include "inputs/paired_deltas.hpp"
#include "methods/randomization.hpp"

namespace grk::significance {

std::vector<ParamSpec> RandomizationStatistic::params() {
  std::vector<ParamSpec> specs = comparison_input_params();
  specs.insert(specs.end(), {confidence_level_param(), alpha_param(), interval_resamples_param(),
                             permutations_param(), seed_param()});
  return specs;
}

// The checks of compute() up to the test itself, in its order, where the
// input is small enough to read twice (docs/behaviour/comparisons.md §2.5).
Expected<void> RandomizationStatistic::validate(const Params& params) const {
  auto input = precheck_comparison_input(params);
  if (!input) return unexpected(std::move(input).error());
  if (!*input) return {};
  if (auto checked = open_unit_interval(params, "confidence_level"); !checked) return unexpected(checked.error());
  if (auto checked = open_unit_interval(params, "alpha"); !checked) return unexpected(checked.error());
  if (auto checked = positive_integer(params, "resamples"); !checked) return unexpected(checked.error());
  if (auto checked = positive_integer(params, "permutations"); !checked) return unexpected(checked.error());
  return {};
}

// The one place where a failure becomes grk::Error (the plugin firewall).
boost::json::value RandomizationStatistic::compute(const Params& params, Context& context) {
  ComparisonInput input = read_comparison_input(params).or_throw();
  const double confidence_level = open_unit_interval(params, "confidence_level").or_throw();
  const double alpha = open_unit_interval(params, "alpha").or_throw();
  const std::int64_t resamples = positive_integer(params, "resamples").or_throw();
  const std::int64_t permutations = positive_integer(params, "permutations").or_throw();
  const std::int64_t seed = params.integer("seed");
  const std::vector<double> deltas =
      paired_deltas(input.scores.baseline, input.scores.candidate, "randomization test").or_throw();

  ComparisonRecord record = describe_comparison(input.baseline, input.candidate,
                                                input.metric, std::string(name), input.scores, deltas);
  const BootstrapProgress progress = [&context](std::uint64_t done, std::uint64_t total) {
    context.progress("resampling", done, total);
  };
  set_bootstrap_interval(record, deltas, resamples, seed, confidence_level, progress).or_throw();
  const RandomizationEstimate estimate = randomization_test(deltas, permutations, seed);
  set_p_value(record, estimate.p_value_two_sided, alpha);
  record.details = RandomizationDetails{estimate.exact ? "exact" : "monte-carlo", estimate.permutations,
                                        estimate.p_value_standard_error};
  boost::json::value result = to_json(record);
  add_alignment(result, input);
  return result;
}

std::string RandomizationStatistic::summarize(const boost::json::value& result) const {
  return summarize_comparison(result);
}

}  // namespace grk::significance
