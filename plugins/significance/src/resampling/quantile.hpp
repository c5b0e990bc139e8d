// The bootstrap's quantile: linear interpolation between order statistics,
// in exactly the reference's arithmetic (docs/behaviour/paired-bootstrap.md §6).
#ifndef GRK_SIGNIFICANCE_RESAMPLING_QUANTILE_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_QUANTILE_HPP

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace grk::significance {

/// quantile(sorted, p). The result is `a*(1.0 - w) + b*w`, never the
/// algebraically equal `a + w*(b - a)`, which rounds differently. Builds of
/// this library turn off floating-point contraction so no FMA fuses it.
[[nodiscard]] inline double quantile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) throw std::invalid_argument("cannot calculate a quantile over an empty sample");
  const double pos = static_cast<double>(sorted.size() - 1) * p;
  const double lo = std::floor(pos);
  const double hi = std::ceil(pos);
  const auto lo_index = static_cast<std::size_t>(lo);
  if (lo == hi) return sorted[lo_index];
  const double w = pos - lo;
  return sorted[lo_index] * (1.0 - w) + sorted[static_cast<std::size_t>(hi)] * w;
}

}  // namespace grk::significance

#endif
