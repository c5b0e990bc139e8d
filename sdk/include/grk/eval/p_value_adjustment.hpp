// grk/eval/p_value_adjustment.hpp: multiple-testing corrections, the adjusted
// p-values of a family of comparisons (every (pair, metric) that the shipped
// `compare-systems` compares in one step), equal to R 4.2's p.adjust, plus
// holm-sidak, which R lacks. No formula here has the form a*b + c, so a
// compiler's FMA contraction cannot change a bit of them.
#ifndef GRK_EVAL_P_VALUE_ADJUSTMENT_HPP
#define GRK_EVAL_P_VALUE_ADJUSTMENT_HPP

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/eval/choices.hpp>
#include <grk/expected.hpp>

namespace grk::eval {

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

namespace detail {

inline constexpr Spellings<Correction, 7> correction_names{{
    {Correction::holm, "holm"},
    {Correction::bonferroni, "bonferroni"},
    {Correction::holm_sidak, "holm-sidak"},
    {Correction::hommel, "hommel"},
    {Correction::bh, "bh"},
    {Correction::by, "by"},
    {Correction::none, "none"},
}};

/// Indices of `p` sorted by value, ties in input order: R's order(), which is
/// stable (a tie's adjusted values are equal anyway, but the order is R's).
inline std::vector<std::size_t> ascending_order(const std::vector<double>& p) {
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  return order;
}

/// R's order(p, decreasing = TRUE): largest first, ties in input order.
inline std::vector<std::size_t> descending_order(const std::vector<double>& p) {
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] > p[b]; });
  return order;
}

/// Step-down: the running maximum of term(rank, p) along ascending p,
/// capped at 1; `rank` counts from 1.
template <class Term>
std::vector<double> step_down(const std::vector<double>& p, Term term) {
  const std::vector<std::size_t> order = ascending_order(p);
  std::vector<double> adjusted(p.size());
  double running = 0.0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    running = k == 0 ? term(k + 1, p[order[k]]) : std::max(running, term(k + 1, p[order[k]]));
    adjusted[order[k]] = std::min(1.0, running);
  }
  return adjusted;
}

/// Step-up: the running minimum of term(rank, p) from the largest p down,
/// capped at 1; `rank` is the ascending rank, from n down to 1.
template <class Term>
std::vector<double> step_up(const std::vector<double>& p, Term term) {
  const std::vector<std::size_t> order = descending_order(p);
  const std::size_t n = p.size();
  std::vector<double> adjusted(n);
  double running = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    const double value = term(n - k, p[order[k]]);
    running = k == 0 ? value : std::min(running, value);
    adjusted[order[k]] = std::min(1.0, running);
  }
  return adjusted;
}

inline std::vector<double> hochberg(const std::vector<double>& p) {
  const auto n = static_cast<double>(p.size());
  return step_up(p, [n](std::size_t rank, double pk) { return (n + 1.0 - static_cast<double>(rank)) * pk; });
}

/// R's `hommel` branch, statement for statement (0-based here).
inline std::vector<double> hommel(const std::vector<double>& p_values) {
  const std::size_t n = p_values.size();
  const std::vector<std::size_t> order = ascending_order(p_values);
  std::vector<double> p(n);
  for (std::size_t i = 0; i < n; ++i) p[i] = p_values[order[i]];
  const auto nd = static_cast<double>(n);
  double start = nd * p[0] / 1.0;
  for (std::size_t i = 1; i < n; ++i) start = std::min(start, nd * p[i] / static_cast<double>(i + 1));
  std::vector<double> q(n, start);
  std::vector<double> pa(n, start);
  for (std::size_t j = n - 1; j >= 2; --j) {
    const auto jd = static_cast<double>(j);
    // i2 = (n - j + 2):n in R, matched with 2:j.
    double q1 = jd * p[n - j + 1] / 2.0;
    for (std::size_t k = 1; k + 1 < j; ++k) {
      q1 = std::min(q1, jd * p[n - j + 1 + k] / static_cast<double>(k + 2));
    }
    // ij = 1:(n - j + 1) in R.
    for (std::size_t i = 0; i <= n - j; ++i) q[i] = std::min(jd * p[i], q1);
    for (std::size_t i = n - j + 1; i < n; ++i) q[i] = q[n - j];
    for (std::size_t i = 0; i < n; ++i) pa[i] = std::max(pa[i], q[i]);
  }
  std::vector<double> adjusted(n);
  for (std::size_t i = 0; i < n; ++i) adjusted[order[i]] = std::max(pa[i], p[i]);
  return adjusted;
}

}  // namespace detail

/// The name users type: `holm`, `bonferroni`, `holm-sidak`, `hommel`, `bh`,
/// `by`, `none`.
[[nodiscard]] inline std::string_view correction_name(Correction correction) noexcept {
  return choice_name(detail::correction_names, correction);
}

/// The correction named `name` (exact spelling, as correction_name writes
/// it). Fails with invalid_argument `correction must be one of 'holm',
/// 'bonferroni', 'holm-sidak', 'hommel', 'bh', 'by', 'none', got 'x'`.
inline Expected<Correction> parse_correction(std::string_view name) {
  return parse_choice(detail::correction_names, "correction", name);
}

/// The adjusted p-values, in the order of `p`. Equal to R's
/// `p.adjust(p, method)` (`holm`, `bonferroni`, `BH`, `BY`, `hommel`)
/// to the last bits: the same operations in the same order (BY's harmonic sum
/// accumulated in long double, as R's sum() does). An empty family gives an
/// empty result and a family of one is returned unchanged, as R does.
/// Every p must be a p-value, in [0, 1]; the comparisons never produce NaN.
/// Hommel costs O(n^2), as in R; the others O(n log n).
[[nodiscard]] inline std::vector<double> adjust(const std::vector<double>& p, Correction correction) {
  const std::size_t n = p.size();
  if (n <= 1 || correction == Correction::none) return p;
  const auto nd = static_cast<double>(n);
  switch (correction) {
    case Correction::bonferroni: {
      std::vector<double> adjusted(n);
      for (std::size_t i = 0; i < n; ++i) adjusted[i] = std::min(1.0, nd * p[i]);
      return adjusted;
    }
    case Correction::holm:
      return detail::step_down(p, [nd](std::size_t rank, double pk) {
        return (nd + 1.0 - static_cast<double>(rank)) * pk;
      });
    case Correction::holm_sidak:
      // 0.0 - x, not -x: p = 0 must give +0.0, never -0.0 in a result.
      return detail::step_down(p, [nd](std::size_t rank, double pk) {
        return 0.0 - std::expm1((nd + 1.0 - static_cast<double>(rank)) * std::log1p(-pk));
      });
    case Correction::hommel:
      return n == 2 ? detail::hochberg(p) : detail::hommel(p);
    case Correction::bh:
      return detail::step_up(p, [nd](std::size_t rank, double pk) { return nd / static_cast<double>(rank) * pk; });
    case Correction::by: {
      // R's sum() accumulates doubles in long double.
      long double harmonic = 0.0L;
      for (std::size_t j = 1; j <= n; ++j) harmonic += 1.0 / static_cast<double>(j);
      const auto q = static_cast<double>(harmonic);
      return detail::step_up(p,
                             [q, nd](std::size_t rank, double pk) { return q * nd / static_cast<double>(rank) * pk; });
    }
    case Correction::none:
      break;
  }
  return p;
}

}  // namespace grk::eval

#endif
