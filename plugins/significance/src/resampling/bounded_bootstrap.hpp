// bounded_bootstrap: the bootstrap engine (resampling/bootstrap.hpp) with its two limits
// turned into failures, the one place paired-bootstrap, the comparison tests'
// interval and compare-systems run it, so every caller words them alike.
#ifndef GRK_SIGNIFICANCE_RESAMPLING_BOUNDED_BOOTSTRAP_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_BOUNDED_BOOTSTRAP_HPP

#include <cstdint>
#include <vector>

#include <grk/expected.hpp>

#include "resampling/bootstrap.hpp"

namespace grk::significance {

/// bootstrap_deltas on paired `deltas`. Fails with invalid_data for more than
/// 2**32 - 1 queries (randrange's draws are 32-bit) and failed_precondition
/// when the resample means do not fit in memory (where Python would raise
/// MemoryError). resamples and confidence_level must already be checked.
Expected<BootstrapEstimate> bounded_bootstrap(const std::vector<double>& deltas, std::int64_t resamples,
                                              std::int64_t seed, double confidence_level,
                                              const BootstrapProgress& progress = {});

}  // namespace grk::significance

#endif
