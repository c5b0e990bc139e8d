#include "methods/sample_moments.hpp"

#include <cmath>

namespace grk::significance {

SampleMoments sample_moments(const std::vector<double>& values) {
  const auto n = static_cast<long double>(values.size());
  long double sum = 0.0L;
  for (double value : values) sum += value;
  long double mean = sum / n;
  if (std::isfinite(static_cast<double>(mean))) {
    long double residuals = 0.0L;
    for (double value : values) residuals += value - mean;
    mean += residuals / n;
  }
  SampleMoments moments;
  moments.mean = static_cast<double>(mean);
  long double squares = 0.0L;
  for (double value : values) {
    const double residual = value - moments.mean;
    squares += residual * residual;
  }
  moments.variance = static_cast<double>(squares / (n - 1.0L));
  return moments;
}

}  // namespace grk::significance
