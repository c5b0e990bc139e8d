// tukey_hsd: Tukey's honestly significant difference for one pair of k
// systems after the two-way ANOVA (methods/two_way_anova.hpp), as R 4.2's
// TukeyHSD(aov(score ~ system + topic), "system") gives it: the p-value is
// already family-wise over all k (k - 1) / 2 pairs.
#ifndef GRK_SIGNIFICANCE_METHODS_TUKEY_HSD_HPP
#define GRK_SIGNIFICANCE_METHODS_TUKEY_HSD_HPP

#include <cstddef>

#include "resampling/bootstrap.hpp"
#include "methods/test_row.hpp"

namespace grk::significance {

/// One pair's answer.
struct TukeyPair {
  /// |diff| / sqrt(MSE / n).
  double q_statistic = 0.0;
  /// ptukey(q, k, df, lower.tail = FALSE): R's `p adj`.
  double p_value_adjusted = 0.0;
  /// diff -+ qtukey(confidence_level, k, df) sqrt(MSE / n): R's `lwr`, `upr`.
  ConfidenceInterval confidence_interval;
};

/// qtukey(confidence_level, k, df): the interval's multiplier, the same for
/// every pair of a metric, so computed once (it costs a dozen cdf evaluations).
[[nodiscard]] double tukey_critical_value(double confidence_level, std::size_t systems, double residual_df);

/// diff -+ critical_value sqrt(MSE / n), R's `lwr` and `upr`, without the
/// p-value (the randomised test's interval; a p-value costs 12 to 256
/// evaluations of the range's law, methods/studentized_range.hpp).
[[nodiscard]] ConfidenceInterval tukey_hsd_interval(double diff, std::size_t queries, double residual_mean_square,
                                                    double critical_value);

/// The pair whose mean difference (candidate - baseline) is `diff`, among
/// `systems` systems of `queries` queries each, with the ANOVA's residual
/// mean square `residual_mean_square` (> 0) on `residual_df` = (k - 1)(n - 1)
/// degrees of freedom and tukey_critical_value's `critical_value`. The
/// distribution is methods/studentized_range.hpp's, which agrees with R's
/// ptukey to R's own accuracy (about 1.6e-4 absolute at df 2, 1e-6 from df 4
/// on, better for large df) and with qtukey to its stopping rule (1e-4).
[[nodiscard]] TukeyPair tukey_hsd_pair(double diff, std::size_t systems, std::size_t queries,
                                       double residual_mean_square, double residual_df, double critical_value);

// Its row of the table (methods/comparison_tests.hpp).
TestParams tukey_test_params;
TestFill fill_tukey;
TestAnalysis analyse_tukey;

}  // namespace grk::significance

#endif
