#include "methods/tukey_hsd.hpp"

#include <cmath>

#include "methods/studentized_range.hpp"

namespace grk::significance {

double tukey_critical_value(double confidence_level, std::size_t systems, double residual_df) {
  return studentized_range::quantile(confidence_level, static_cast<int>(systems), residual_df);
}

TukeyInterval tukey_hsd_interval(double diff, std::size_t queries, double residual_mean_square,
                                 double critical_value) {
  const double standard_error = std::sqrt(residual_mean_square / static_cast<double>(queries));
  return TukeyInterval{diff - critical_value * standard_error, diff + critical_value * standard_error};
}

TukeyPair tukey_hsd_pair(double diff, std::size_t systems, std::size_t queries, double residual_mean_square,
                         double residual_df, double critical_value) {
  const double standard_error = std::sqrt(residual_mean_square / static_cast<double>(queries));
  TukeyPair pair;
  pair.q_statistic = std::fabs(diff) / standard_error;
  pair.p_value_adjusted = studentized_range::upper_tail(pair.q_statistic, static_cast<int>(systems), residual_df);
  const TukeyInterval interval = tukey_hsd_interval(diff, queries, residual_mean_square, critical_value);
  pair.confidence_interval_low = interval.low;
  pair.confidence_interval_high = interval.high;
  return pair;
}

}  // namespace grk::significance
