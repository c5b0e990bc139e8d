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

#include "resampling/bounded_bootstrap.hpp"
#include "inputs/metric_check.hpp"
#include "inputs/paired_deltas.hpp"

namespace grk::significance {

namespace {

}  // namespace

Expected<BootstrapResult> paired_bootstrap(const ScoreMap& baseline, const ScoreMap& candidate,
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
  auto paired = paired_deltas(baseline, candidate, "paired bootstrap");
  if (!paired) return unexpected(std::move(paired).error());
  const std::vector<double> deltas = std::move(*paired);
  const auto bootstrapped =
      bounded_bootstrap(deltas, request.resamples, request.seed, request.confidence_level, progress);
  if (!bootstrapped) return unexpected(bootstrapped.error());
  const BootstrapEstimate& estimate = *bootstrapped;
  if (request.groundkit_metric) {
    if (auto metric = check_metric_name(request.metric); !metric) return unexpected(std::move(metric).error());
  }

  BootstrapResult result;
  result.baseline = request.baseline_name;
  result.candidate = request.candidate_name;
  result.metric = request.metric;
  result.query_count = deltas.size();
  result.resamples = request.resamples;
  result.seed = request.seed;
  result.confidence_level = request.confidence_level;
  result.effect = estimate.effect;
  result.confidence_interval_low = estimate.confidence_interval_low;
  result.confidence_interval_high = estimate.confidence_interval_high;
  result.p_value_two_sided = estimate.p_value_two_sided;
  result.significant = estimate.significant;
  return result;
}

}  // namespace grk::significance
