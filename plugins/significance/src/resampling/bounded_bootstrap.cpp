#include "resampling/bounded_bootstrap.hpp"

#include <new>
#include <stdexcept>
#include <string>

namespace grk::significance {

Expected<BootstrapEstimate> bounded_bootstrap(const std::vector<double>& deltas, std::int64_t resamples,
                                              std::int64_t seed, double confidence_level,
                                              const BootstrapProgress& progress) {
  if (deltas.size() > 0xffffffffu) {
    return fail(Status::invalid_data, "paired bootstrap supports at most 4294967295 queries");
  }
  const auto out_of_memory = [resamples] {
    return fail(Status::failed_precondition, "not enough memory for " + std::to_string(resamples) +
                                                 " bootstrap means (8 bytes each); use fewer resamples");
  };
  try {
    return bootstrap_deltas(deltas, resamples, seed, confidence_level, progress);
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  } catch (const std::length_error&) {
    return out_of_memory();
  }
}

}  // namespace grk::significance
