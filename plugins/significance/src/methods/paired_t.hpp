// paired_t_test: Student's paired t-test on per-query deltas, as R's
// t.test(candidate, baseline, paired = TRUE, conf.level = L) computes it,
// and the sample moments it stands on, which the record's d_z uses too.
#ifndef GRK_SIGNIFICANCE_METHODS_PAIRED_T_HPP
#define GRK_SIGNIFICANCE_METHODS_PAIRED_T_HPP

#include <vector>

#include <grk/expected.hpp>

#include "resampling/bootstrap.hpp"
#include "methods/test_row.hpp"

namespace grk::significance {

/// Mean and variance (denominator n - 1) of a sample.
struct SampleMoments {
  double mean = 0.0;
  double variance = 0.0;
};

/// Mean and sample variance as R computes them (mean() and var()), so that
/// the t statistic and d_z agree with R beyond the last few bits: a long
/// double sum over n, corrected by the long double sum of the residuals over
/// n; the variance sums the squared residuals from that mean in long double.
/// A plain sum loses the relative accuracy of a mean near zero that R's
/// parity needs. `values` must hold at least two finite values.
[[nodiscard]] SampleMoments sample_moments(const std::vector<double>& values);

/// What R's t.test reports: statistic, parameter (df), p.value, conf.int.
struct PairedTEstimate {
  double t_statistic = 0.0;
  double degrees_of_freedom = 0.0;
  double p_value_two_sided = 0.0;
  ConfidenceInterval confidence_interval;
};

/// The test on `deltas` (finite) at `confidence_level` (0 < L < 1). Fails
/// with invalid_data where R stops or would answer NaN: fewer than two
/// deltas ("not enough 'x' observations"), and deltas that are all equal,
/// zero included ("data are essentially constant": R answers NaN for all
/// zeros, which no JSON can carry).
Expected<PairedTEstimate> paired_t_test(const std::vector<double>& deltas, double confidence_level);

// Its row of the table (methods/comparison_tests.hpp).
TestParams t_test_params;
TestFill fill_t;

}  // namespace grk::significance

#endif
