// The bootstrap's quantile: linear interpolation between order statistics,
// in exactly the reference's arithmetic (docs/behaviour/paired-bootstrap.md §6),
// read from the resample means as Python's sorted() would order them.
#ifndef GRK_SIGNIFICANCE_RESAMPLING_QUANTILE_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_QUANTILE_HPP

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace grk::significance {

/// The values as `sorted(values)` orders them, one position at a time: a
/// quantile reads four positions of B means, so selecting them (O(B) each)
/// costs a tenth of sorting them, which was the serial tail of the bootstrap.
/// Python's sort is stable and the only distinct doubles that compare equal
/// here are 0.0 and -0.0 (a tiny negative total divided by n can round to
/// -0.0), so the zeros stand in the order they were appended. NaN never
/// occurs: a sum of finite deltas can overflow to one infinity, not both.
class PythonSorted {
 public:
  explicit PythonSorted(std::vector<double> values) : values_(std::move(values)) {
    // Counted without a branch: the signs of resample means near 0 are a
    // coin toss, and a mispredicted branch a mean cost as much as the
    // quantiles (35 us of 10,000 means).
    for (double v : values_) {
      negatives_ += v < 0.0 ? 1 : 0;
      zeros_ += v == 0.0 ? 1 : 0;
    }
    if (zeros_ != 0) {
      for (double v : values_) {
        if (v == 0.0) zero_signs_.push_back(std::signbit(v));
      }
    }
  }

  [[nodiscard]] std::size_t size() const noexcept { return values_.size(); }
  [[nodiscard]] bool empty() const noexcept { return values_.empty(); }
  /// How many values are below 0, and how many are ±0.0 (the p-value's counts).
  [[nodiscard]] std::size_t negatives() const noexcept { return negatives_; }
  [[nodiscard]] std::size_t zeros() const noexcept { return zeros_; }

  /// sorted(values)[k], k < size(). A quantile asks for k and k + 1: the
  /// second is the least of the values right of k, found in one scan.
  double operator[](std::size_t k) {
    if (k != placed_) {
      const auto at = [&](std::size_t i) { return values_.begin() + static_cast<std::ptrdiff_t>(i); };
      // [0, left_) holds the left_ smallest values, so a position on either
      // side of left_ is selected within its side only.
      if (k == left_) {
        std::iter_swap(at(k), std::min_element(at(k), values_.end()));
        left_ = k + 1;
      } else if (k > left_) {
        std::nth_element(at(left_), at(k), values_.end());
        left_ = k + 1;
      } else {
        std::nth_element(values_.begin(), at(k), at(left_));
      }
      placed_ = k;
    }
    const double v = values_[k];
    if (v != 0.0) return v;
    return zero_signs_[k - negatives_] ? -0.0 : 0.0;
  }

 private:
  std::vector<double> values_;
  std::vector<bool> zero_signs_;
  std::size_t negatives_ = 0;
  std::size_t zeros_ = 0;
  std::size_t left_ = 0;
  std::size_t placed_ = static_cast<std::size_t>(-1);
};

/// quantile(sorted, p). The result is `a*(1.0 - w) + b*w`, never the
/// algebraically equal `a + w*(b - a)`, which rounds differently. Builds of
/// this library turn off floating-point contraction so no FMA fuses it.
template <class Sorted>
[[nodiscard]] double quantile(Sorted& sorted, double p) {
  if (sorted.empty()) throw std::invalid_argument("cannot calculate a quantile over an empty sample");
  const double pos = static_cast<double>(sorted.size() - 1) * p;
  const double lo = std::floor(pos);
  const double hi = std::ceil(pos);
  const auto lo_index = static_cast<std::size_t>(lo);
  if (lo == hi) return sorted[lo_index];
  const double w = pos - lo;
  const double a = sorted[lo_index];
  return a * (1.0 - w) + sorted[static_cast<std::size_t>(hi)] * w;
}

}  // namespace grk::significance

#endif
