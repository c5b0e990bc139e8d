// The two-way ANOVA without interaction of a systems x topics table of
// scores, one score per cell: R's summary(aov(score ~ system + topic)).
// topic-set-size takes its residual variance; the Tukey HSD test its
// residual mean square and degrees of freedom.
#ifndef GRK_SIGNIFICANCE_METHODS_TWO_WAY_ANOVA_HPP
#define GRK_SIGNIFICANCE_METHODS_TWO_WAY_ANOVA_HPP

#include <vector>

namespace grk::significance {

/// One row of the ANOVA table.
struct AnovaTerm {
  double sum_of_squares = 0.0;
  double df = 0.0;
  double mean_square = 0.0;
  /// mean_square over the residual mean square; NaN for the residual row
  /// (R prints none), and for every row when the residual mean square is 0.
  double f = 0.0;
  /// P(F > f) with (df, residual df) degrees of freedom; NaN where f is.
  double p = 0.0;
};

/// R's table: the system row, the topic row and the residual row.
struct TwoWayAnova {
  AnovaTerm system;
  AnovaTerm topic;
  AnovaTerm residual;
};

/// The ANOVA of scores[system][query]: m >= 2 systems, each with the same
/// n >= 2 queries in the same order (the caller checks; the queries aligned
/// by inputs/query_alignment.hpp). The design is balanced, so the sums of
/// squares are the textbook ones, which R's QR fit gives to rounding:
/// system n * sum (mean_s - mean)^2 on m - 1 df, topic m * sum (mean_q -
/// mean)^2 on n - 1 df, residual sum (x - mean_s - mean_q + mean)^2 on
/// (m - 1)(n - 1) df. O(m n).
TwoWayAnova two_way_anova(const std::vector<std::vector<double>>& scores /*[system][query]*/);

}  // namespace grk::significance

#endif
