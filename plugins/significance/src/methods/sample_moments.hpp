// sample_moments: mean and sample variance as R computes them (mean() and
// var()), so the t statistic and d_z agree with R beyond the last few bits.
#ifndef GRK_SIGNIFICANCE_METHODS_SAMPLE_MOMENTS_HPP
#define GRK_SIGNIFICANCE_METHODS_SAMPLE_MOMENTS_HPP

#include <vector>

namespace grk::significance {

/// Mean and variance (denominator n - 1) of a sample.
struct SampleMoments {
  double mean = 0.0;
  double variance = 0.0;
};

/// R's two-pass algorithm: a long double sum over n, corrected by the long
/// double sum of the residuals over n; the variance sums the squared
/// residuals from that mean in long double. A plain sum loses the relative
/// accuracy of a mean near zero that R's parity needs. `values` must hold at
/// least two finite values.
[[nodiscard]] SampleMoments sample_moments(const std::vector<double>& values);

}  // namespace grk::significance

#endif
