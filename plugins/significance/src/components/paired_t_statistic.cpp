#include "components/paired_t_statistic.hpp"

#include <utility>

#include <grk/error.hpp>

#include "inputs/comparison_input.hpp"
#include "components/comparison_params.hpp"
#include "results/comparison_record.hpp"
#include "inputs/paired_deltas.hpp"
#include "methods/paired_t.hpp"

namespace grk::significance {

std::vector<ParamSpec> PairedTStatistic::params() {
  std::vector<ParamSpec> specs = comparison_input_params();
  specs.insert(specs.end(), {confidence_level_param(), alpha_param()});
  return specs;
}

// The checks of compute() up to the test itself, in its order, where the
// input is small enough to read twice (docs/behaviour/comparisons.md §2.5).
Expected<void> PairedTStatistic::validate(const Params& params) const {
  auto input = precheck_comparison_input(params);
  if (!input) return unexpected(std::move(input).error());
  if (!*input) return {};
  if (auto checked = open_unit_interval(params, "confidence_level"); !checked) return unexpected(checked.error());
  if (auto checked = open_unit_interval(params, "alpha"); !checked) return unexpected(checked.error());
  return {};
}

// The one place where a failure becomes grk::Error (the plugin firewall).
boost::json::value PairedTStatistic::compute(const Params& params, Context& context) {
  (void)context;
  ComparisonInput input = read_comparison_input(params).or_throw();
  const double confidence_level = open_unit_interval(params, "confidence_level").or_throw();
  const double alpha = open_unit_interval(params, "alpha").or_throw();
  const std::vector<double> deltas =
      paired_deltas(input.scores.baseline, input.scores.candidate, "paired t-test").or_throw();

  ComparisonRecord record = describe_comparison(input.baseline, input.candidate,
                                                input.metric, std::string(name), input.scores, deltas);
  auto estimate = paired_t_test(deltas, confidence_level);
  if (!estimate) {
    throw Error(estimate.error().status, "paired-t " + comparison_name(record) + ": " + estimate.error().message);
  }
  record.confidence_interval_low = estimate->confidence_interval_low;
  record.confidence_interval_high = estimate->confidence_interval_high;
  record.interval_method = "t";
  set_p_value(record, estimate->p_value_two_sided, alpha);
  record.details = PairedTDetails{estimate->t_statistic, estimate->degrees_of_freedom};
  boost::json::value result = to_json(record);
  add_alignment(result, input);
  return result;
}

std::string PairedTStatistic::summarize(const boost::json::value& result) const {
  return summarize_comparison(result);
}

}  // namespace grk::significance
