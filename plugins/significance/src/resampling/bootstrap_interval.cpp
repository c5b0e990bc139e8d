#include "resampling/bootstrap_interval.hpp"

#include "resampling/bounded_bootstrap.hpp"

namespace grk::significance {

std::string bootstrap_interval_method(std::int64_t resamples, std::int64_t seed) {
  return "bootstrap percentile (resamples " + std::to_string(resamples) + ", seed " + std::to_string(seed) + ")";
}

Expected<void> set_bootstrap_interval(ComparisonRecord& record, const std::vector<double>& deltas,
                                      std::int64_t resamples, std::int64_t seed, double confidence_level,
                                      const BootstrapProgress& progress) {
  const auto estimate = bounded_bootstrap(deltas, resamples, seed, confidence_level, progress);
  if (!estimate) return unexpected(estimate.error());
  record.confidence_interval_low = estimate->confidence_interval_low;
  record.confidence_interval_high = estimate->confidence_interval_high;
  record.interval_method = bootstrap_interval_method(resamples, seed);
  return {};
}

}  // namespace grk::significance
