// two_way_anova: the additive two-way analysis of variance of a complete
// system x topic matrix of scores, one score per cell, as R 4.2's
// summary(aov(score ~ system + topic)) tables it. Tukey's HSD reads its
// residual mean square; compare-systems reports the table per metric
// (docs/behaviour/comparisons.md §10.7).
#ifndef GRK_SIGNIFICANCE_METHODS_TWO_WAY_ANOVA_HPP
#define GRK_SIGNIFICANCE_METHODS_TWO_WAY_ANOVA_HPP

#include <vector>

namespace grk::significance {

/// One row of the table. The residual row has no f and p_value (0 here).
struct AnovaTerm {
  double sum_of_squares = 0.0;
  double df = 0.0;
  double mean_square = 0.0;
  double f = 0.0;
  double p_value = 0.0;
};

/// The table: system, topic, residual.
struct TwoWayAnova {
  AnovaTerm system;
  AnovaTerm topic;
  AnovaTerm residual;
};

/// The table of `scores[system][query]` (k >= 2 systems, n >= 2 queries,
/// every row of length n, all finite). In a balanced design the sums of
/// squares are n sum (system mean - grand mean)^2, k sum (topic mean - grand
/// mean)^2 and the sum of the squared residuals x - system mean - topic mean
/// + grand mean, each summed directly (not as a difference of totals, which
/// cancels); df k - 1, n - 1, (k - 1)(n - 1); F = mean square / residual
/// mean square; p = P(F(df, residual df) >= F) by Boost.Math. A zero
/// residual mean square gives F = +inf (or NaN for a zero term) and p 0 (or
/// NaN), where R reports NaN with a warning: callers refuse it first.
[[nodiscard]] TwoWayAnova two_way_anova(const std::vector<std::vector<double>>& scores /*[system][query]*/);

}  // namespace grk::significance

#endif
