// bootstrap_interval: the percentile interval that wilcoxon and
// randomization report, paired-bootstrap's own for the same seed and resamples.
#ifndef GRK_SIGNIFICANCE_RESAMPLING_BOOTSTRAP_INTERVAL_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_BOOTSTRAP_INTERVAL_HPP

#include <cstdint>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "resampling/bootstrap.hpp"
#include "results/comparison_record.hpp"

namespace grk::significance {

/// `bootstrap percentile (resamples 10000, seed 7)`: the record's interval_method.
[[nodiscard]] std::string bootstrap_interval_method(std::int64_t resamples, std::int64_t seed);

/// Sets the record's interval (and interval_method) to paired-bootstrap's
/// percentile interval of `deltas`, bit for bit. Fails with invalid_data for
/// more than 2**32 - 1 queries and failed_precondition when the resample
/// means do not fit in memory, with paired-bootstrap's messages.
Expected<void> set_bootstrap_interval(ComparisonRecord& record, const std::vector<double>& deltas,
                                      std::int64_t resamples, std::int64_t seed, double confidence_level,
                                      const BootstrapProgress& progress = {});

}  // namespace grk::significance

#endif
