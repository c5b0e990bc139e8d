// Multiple-testing corrections: the adjusted p-values of a family of
// comparisons (every (pair, metric) that `compare-systems` compares in one
// step), equal to R 4.2's p.adjust, plus holm-sidak, which R lacks.
#ifndef GRK_SIGNIFICANCE_METHODS_P_VALUE_ADJUSTMENT_HPP
#define GRK_SIGNIFICANCE_METHODS_P_VALUE_ADJUSTMENT_HPP

#include <string_view>
#include <vector>

#include <grk/expected.hpp>

namespace grk::significance {

/// A correction, by the name users type (correction_name).
///
/// With p(1) <= ... <= p(n) the family's p-values sorted ascending (stably)
/// and every result capped at 1:
/// - holm: step-down, adj(i) = max over k <= i of (n - k + 1) p(k) (R `holm`).
/// - bonferroni: n p (R `bonferroni`).
/// - holm_sidak (`holm-sidak`): step-down with Sidak's factor,
///   adj(i) = max over k <= i of 1 - (1 - p(k))^(n - k + 1), computed as
///   -expm1((n - k + 1) log1p(-p(k))) so that a tiny p keeps its digits
///   (1 - p rounds to 1 below 1e-16); the same formula as statsmodels'
///   `holm-sidak`. Not in R.
/// - hommel: Hommel's closed-testing procedure, exactly R's `hommel`
///   (for n = 2 R computes it as `hochberg`, and so do we).
/// - bh: Benjamini-Hochberg, step-up, adj(i) = min over k >= i of n / k p(k)
///   (R `BH`): controls the false discovery rate, not the family-wise error.
/// - by: Benjamini-Yekutieli, bh times sum_{j=1..n} 1/j (R `BY`): the false
///   discovery rate under any dependence.
/// - none: the p-values unchanged.
enum class Correction { holm, bonferroni, holm_sidak, hommel, bh, by, none };

/// The name users type: `holm`, `bonferroni`, `holm-sidak`, `hommel`, `bh`,
/// `by`, `none`.
[[nodiscard]] std::string_view correction_name(Correction correction) noexcept;

/// The correction named `name` (exact spelling, as correction_name writes
/// it). Fails with invalid_argument `correction must be one of 'holm',
/// 'bonferroni', 'holm-sidak', 'hommel', 'bh', 'by', 'none', got 'x'`.
Expected<Correction> parse_correction(std::string_view name);

/// The adjusted p-values, in the order of `p_values`. Equal to R's
/// `p.adjust(p_values, method)` (`holm`, `bonferroni`, `BH`, `BY`, `hommel`)
/// to the last bits: the same operations in the same order (BY's harmonic sum
/// accumulated in long double, as R's sum() does). An empty family gives an
/// empty result and a family of one is returned unchanged, as R does.
/// Every p must be a p-value, in [0, 1]; the comparisons never produce NaN.
/// Hommel costs O(n^2), as in R; the others O(n log n).
[[nodiscard]] std::vector<double> adjust(const std::vector<double>& p_values, Correction correction);

}  // namespace grk::significance

#endif
