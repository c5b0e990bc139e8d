#include "methods/paired_bootstrap.hpp"

#include <cmath>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <grk/error.hpp>
#include <grk/json/float_format.hpp>

#include "inputs/report_scores.hpp"
#include "inputs/score_pair.hpp"
#include "methods/comparison_tests.hpp"

namespace grk::significance {

Expected<BootstrapEstimate> bounded_bootstrap(const std::vector<double>& deltas, std::int64_t resamples,
                                              std::int64_t seed, double confidence_level,
                                              const BootstrapProgress& progress, unsigned threads) {
  if (deltas.size() > 0xffffffffu) {
    return fail(Status::invalid_data, "paired bootstrap supports at most 4294967295 queries");
  }
  const auto out_of_memory = [resamples] {
    return fail(Status::failed_precondition, "not enough memory for " + std::to_string(resamples) +
                                                 " bootstrap means (8 bytes each); use fewer resamples");
  };
  try {
    BootstrapTuning tuning;
    tuning.threads = threads;
    return bootstrap_deltas(deltas, resamples, seed, confidence_level, progress, tuning);
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  } catch (const std::length_error&) {
    return out_of_memory();
  }
}

Expected<BootstrapResult> paired_bootstrap(const eval::ScoreMap& baseline, const eval::ScoreMap& candidate,
                                           const BootstrapRequest& request,
                                           const BootstrapProgress& progress) {
  if (request.resamples <= 0) {
    return fail(Status::invalid_argument, "resamples must be positive, got " + std::to_string(request.resamples));
  }
  // Written as a negation so that NaN fails too, as `not (0.0 < x < 1.0)` does.
  if (!(0.0 < request.confidence_level && request.confidence_level < 1.0)) {
    const std::string shown = request.confidence_level_text.empty()
                                  ? json::format_python_float(request.confidence_level)
                                  : request.confidence_level_text;
    return fail(Status::invalid_argument, "confidence_level must be between 0 and 1, got " + shown);
  }
  GRK_TRY(const std::vector<double> deltas, paired_deltas(baseline, candidate, "paired bootstrap"));
  GRK_TRY(const BootstrapEstimate estimate,
          bounded_bootstrap(deltas, request.resamples, request.seed, request.confidence_level, progress,
                            request.threads));
  if (request.groundkit_metric) GRK_TRY_VOID(check_metric_name(request.metric));

  BootstrapResult result;
  result.baseline = request.baseline_name;
  result.candidate = request.candidate_name;
  result.metric = request.metric;
  result.query_count = deltas.size();
  result.resamples = request.resamples;
  result.seed = request.seed;
  result.confidence_level = request.confidence_level;
  result.effect = estimate.effect;
  result.confidence_interval = estimate.confidence_interval;
  result.p_value_two_sided = estimate.p_value_two_sided;
  result.significant = estimate.confidence_interval.excludes_zero();
  return result;
}

// Its row of the table (methods/comparison_tests.hpp).
// Its parameters keep groundkit's keyword order
// (resamples, seed, confidence_level) and its own word for resamples.
std::vector<ParamSpec> bootstrap_test_params() {
  std::vector<ParamSpec> specs = setting_params({"seed", "confidence_level"});
  specs.insert(specs.begin(), with_default("resamples", ParamType::integer, 10000, "bootstrap resamples B (> 0)"));
  return specs;
}

// The engine paired_bootstrap runs, on the same deltas, so that a row of
// compare-systems equals what paired-bootstrap returns for the pair, bit for bit.
Expected<void> fill_bootstrap(ComparisonRecord& record, const std::vector<double>& deltas,
                              const TestSettings& settings, const TestRun& run) {
  GRK_TRY(const BootstrapEstimate estimate, set_bootstrap_interval(record, deltas, settings, run));
  record.effect = estimate.effect;
  set_p_value(record, estimate.p_value_two_sided, settings.alpha);
  return {};
}

}  // namespace grk::significance
