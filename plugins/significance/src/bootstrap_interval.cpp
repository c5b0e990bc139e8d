#include "bootstrap_interval.hpp"

#include <new>
#include <stdexcept>

namespace grk::significance {

std::string bootstrap_interval_method(std::int64_t resamples, std::int64_t seed) {
  return "bootstrap percentile (resamples " + std::to_string(resamples) + ", seed " + std::to_string(seed) + ")";
}

Expected<void> set_bootstrap_interval(ComparisonRecord& record, const std::vector<double>& deltas,
                                      std::int64_t resamples, std::int64_t seed, double confidence_level,
                                      const BootstrapProgress& progress) {
  if (deltas.size() > 0xffffffffu) {
    return fail(Status::invalid_data, "paired bootstrap supports at most 4294967295 queries");
  }
  const auto out_of_memory = [resamples] {
    return fail(Status::failed_precondition, "not enough memory for " + std::to_string(resamples) +
                                                 " bootstrap means (8 bytes each); use fewer resamples");
  };
  BootstrapEstimate estimate;
  try {
    estimate = bootstrap_deltas(deltas, resamples, seed, confidence_level, progress);
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  } catch (const std::length_error&) {
    return out_of_memory();
  }
  record.confidence_interval_low = estimate.confidence_interval_low;
  record.confidence_interval_high = estimate.confidence_interval_high;
  record.interval_method = bootstrap_interval_method(resamples, seed);
  return {};
}

}  // namespace grk::significance
