#include "components/statistics.hpp"

#include <string>
#include <utility>

#include <grk/eval/threads.hpp>

#include "inputs/comparison_input.hpp"
#include "inputs/score_pair.hpp"
#include "methods/paired_bootstrap.hpp"
#include "results/result_json.hpp"

namespace grk::significance {

namespace {

/// The host's progress line for the bootstrap's resamples, and the poll for
/// cancellation (SDK 1.2): the resampling loop reports on the calling thread
/// every tenth of its work (at least every 4096 resamples), and the throw
/// leaves it with nothing written.
BootstrapProgress resampling_progress(Context& context) {
  return [&context](std::uint64_t done, std::uint64_t total) {
    context.progress("resampling", done, total);
    context.stop_if_cancelled();
  };
}

}  // namespace

// The checks of compute() up to the test itself, in its order, where the
// input is small enough to read twice (docs/behaviour/comparisons.md §2.5).
Expected<void> validate_comparison(const ComparisonTest& test, const Params& params) {
  GRK_TRY(const bool read, precheck_comparison_input(params));
  if (!read) return {};
  GRK_TRY_VOID(read_test_settings(params, test));
  return {};
}

boost::json::value compute_comparison(const ComparisonTest& test, const Params& params, Context& context) {
  const unsigned threads = eval::thread_count().or_throw();
  ComparisonInput input = read_comparison_input(params).or_throw();
  const TestSettings settings = read_test_settings(params, test).or_throw();
  const std::vector<double> deltas =
      paired_deltas(input.scores.baseline, input.scores.candidate, test.prose).or_throw();

  ComparisonRecord record = describe_comparison(input.baseline, input.candidate, input.metric,
                                                std::string(test.name), input.scores, deltas);
  TestRun run;
  run.progress = resampling_progress(context);
  run.bootstrap_threads = threads;
  run.refusal_prefix = std::string(test.name) + " " + comparison_name(record) + ": ";
  test.fill(record, deltas, settings, run).or_throw();
  boost::json::value result = to_json(record);
  add_alignment(result, input);
  return result;
}

// groundkit's own function, not the row's fill: the result is groundkit's
// BootstrapResult, checked in paired_bootstrap's order and words.
boost::json::value PairedBootstrapStatistic::compute(const Params& params, Context& context) {
  const unsigned threads = eval::thread_count().or_throw();
  ComparisonInput input = read_comparison_input(params).or_throw();

  BootstrapRequest request;
  request.baseline_name = input.baseline;
  request.candidate_name = input.candidate;
  request.metric = input.metric;
  request.groundkit_metric = input.groundkit_metric;
  request.resamples = params.integer("resamples");
  request.seed = params.integer("seed");
  const boost::json::value& level = params.value("confidence_level");
  request.confidence_level = params.number("confidence_level");
  // A JSON integer reaches Python as an int, and str(1) is "1", not "1.0".
  if (level.is_int64()) request.confidence_level_text = std::to_string(level.get_int64());
  if (level.is_uint64()) request.confidence_level_text = std::to_string(level.get_uint64());
  request.threads = threads;

  boost::json::value result = to_json(
      paired_bootstrap(input.scores.baseline, input.scores.candidate, request, resampling_progress(context))
          .or_throw());
  add_alignment(result, input);
  return result;
}

std::string PairedBootstrapStatistic::summarize(const boost::json::value& result) const {
  return summarize_bootstrap(result);
}

}  // namespace grk::significance
