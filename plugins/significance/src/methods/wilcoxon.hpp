// wilcoxon_signed_rank: the Wilcoxon signed-rank test on per-query deltas,
// as R's wilcox.test(candidate, baseline, paired = TRUE, exact = NULL,
// correct = FALSE) computes it.
#ifndef GRK_SIGNIFICANCE_METHODS_WILCOXON_HPP
#define GRK_SIGNIFICANCE_METHODS_WILCOXON_HPP

#include <cstddef>
#include <vector>

#include <grk/expected.hpp>

#include "methods/test_row.hpp"

namespace grk::significance {

/// What R reports: statistic V, p.value, and which distribution gave it.
struct WilcoxonEstimate {
  /// Sum of the (average) ranks of |delta| over the positive deltas.
  double v_statistic = 0.0;
  double p_value_two_sided = 0.0;
  /// The exact null distribution (fewer than 50 non-zero deltas, no ties
  /// among |delta|, no zero delta), else the normal approximation with the
  /// tie-corrected variance and no continuity correction: R's decision.
  bool exact = false;
  /// Deltas left after the zeros are dropped.
  std::size_t nonzero_count = 0;
};

/// The test on `deltas` (finite). Fails with invalid_data when every delta
/// is zero: nothing is left to rank (R stops there too).
Expected<WilcoxonEstimate> wilcoxon_signed_rank(const std::vector<double>& deltas);

/// R's psignrank(x, n, lower.tail): the null distribution of V for n
/// untied non-zero deltas, from the count of subsets of {1..n} with each
/// sum, summed in R's order. n <= 1000 (the counts overflow doubles beyond).
[[nodiscard]] double signed_rank_cdf(double x, int n, bool lower_tail);

// Its row of the table (methods/comparison_tests.hpp).
TestParams wilcoxon_test_params;
TestFill fill_wilcoxon;

}  // namespace grk::significance

#endif
