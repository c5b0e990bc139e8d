// The parameters the comparison components add to the shared inputs
// (confidence_level, alpha, resamples, permutations, seed): their specs and
// their range checks, with paired-bootstrap's wording.
#ifndef GRK_SIGNIFICANCE_COMPONENTS_COMPARISON_PARAMS_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_COMPARISON_PARAMS_HPP

#include <cstdint>
#include <string_view>

#include <grk/expected.hpp>
#include <grk/param.hpp>

namespace grk::significance {

[[nodiscard]] ParamSpec confidence_level_param();
[[nodiscard]] ParamSpec alpha_param();
/// The bootstrap resamples of the percentile interval.
[[nodiscard]] ParamSpec interval_resamples_param();
/// The seed of the bootstrap interval (and of randomization's sign vectors).
[[nodiscard]] ParamSpec seed_param();
[[nodiscard]] ParamSpec permutations_param();

/// The number param `name`, which must lie strictly between 0 and 1 (NaN
/// fails): invalid_argument `<name> must be between 0 and 1, got <value>`,
/// the value as Python's str() shows it (`1` for a JSON integer, `1.5`).
Expected<double> open_unit_interval(const Params& params, std::string_view name);

/// The integer param `name`, which must be > 0: invalid_argument
/// `<name> must be positive, got <value>`.
Expected<std::int64_t> positive_integer(const Params& params, std::string_view name);

}  // namespace grk::significance

#endif
