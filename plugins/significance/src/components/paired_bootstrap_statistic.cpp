#include "components/paired_bootstrap_statistic.hpp"

#include <string>
#include <utility>

#include <grk/error.hpp>

#include "results/bootstrap_result_json.hpp"
#include "inputs/comparison_input.hpp"
#include "components/comparison_params.hpp"
#include "methods/paired_bootstrap.hpp"

namespace grk::significance {

std::vector<ParamSpec> PairedBootstrapStatistic::params() {
  std::vector<ParamSpec> specs = comparison_input_params();
  specs.insert(specs.end(), {
      with_default("resamples", ParamType::integer, 10000, "bootstrap resamples B (> 0)"),
      with_default("seed", ParamType::integer, 7,
                   "random.Random seed; any signed 64-bit integer, the sign is ignored as in CPython"),
      with_default("confidence_level", ParamType::number, 0.95, "two-sided CI level, 0 < x < 1"),
  });
  return specs;
}

// The checks of compute() up to the resampling, in its order, where the input
// is small enough to read twice (docs/behaviour/comparisons.md §2.5).
Expected<void> PairedBootstrapStatistic::validate(const Params& params) const {
  auto input = precheck_comparison_input(params);
  if (!input) return unexpected(std::move(input).error());
  if (!*input) return {};
  // paired_bootstrap's own order and words (docs/behaviour/paired-bootstrap.md §2 steps 1-2).
  if (auto resamples = positive_integer(params, "resamples"); !resamples) return unexpected(resamples.error());
  if (auto level = open_unit_interval(params, "confidence_level"); !level) return unexpected(level.error());
  return {};
}

// The one place where a failure becomes grk::Error: compute runs under the
// plugin firewall, everything it calls returns Expected.
boost::json::value PairedBootstrapStatistic::compute(const Params& params, Context& context) {
  ComparisonInput input = read_comparison_input(params).or_throw();

  BootstrapRequest request;
  request.baseline_name = input.baseline;
  request.candidate_name = input.candidate;
  request.metric = input.metric;
  request.groundkit_metric = !params.has("runs");
  request.resamples = params.integer("resamples");
  request.seed = params.integer("seed");
  const boost::json::value& level = params.value("confidence_level");
  request.confidence_level = params.number("confidence_level");
  // A JSON integer reaches Python as an int, and str(1) is "1", not "1.0".
  if (level.is_int64()) request.confidence_level_text = std::to_string(level.get_int64());
  if (level.is_uint64()) request.confidence_level_text = std::to_string(level.get_uint64());

  const BootstrapProgress progress = [&context](std::uint64_t done, std::uint64_t total) {
    context.progress("resampling", done, total);
  };
  boost::json::value result =
      to_json(paired_bootstrap(input.scores.baseline, input.scores.candidate, request, progress).or_throw());
  add_alignment(result, input);
  return result;
}

std::string PairedBootstrapStatistic::summarize(const boost::json::value& result) const {
  return significance::summarize(result);
}

}  // namespace grk::significance
