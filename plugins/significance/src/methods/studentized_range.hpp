// The studentized range distribution: the law of Tukey's HSD statistic
// Q = (max - min of k independent N(0, sigma^2) means) / s, where s^2 is an
// independent estimate of sigma^2 on df degrees of freedom. Boost.Math has
// none, so it is written here from its definition, as Copenhaver & Holland
// (1988) compute it: Gauss-Legendre quadrature over the range of k normals,
// then over the chi part (from df 500, where Tukey's HSD on a large matrix
// lives, a Gauss rule of the chi law itself, 6 to 12 points in place of 64),
//
//   P(Q < q) = integral_0^inf f_df(s) W(q s) ds,
//   W(w)     = P(range of k standard normals < w)
//            = k integral phi(z) [Phi(z) - Phi(z - w)]^(k-1) dz,
//
// f_df the density of chi_df / sqrt(df). Equal to R 4.2's ptukey / qtukey
// with nranges = 1 to R's own accuracy, the coarser side (2e-4 in p at df 2,
// 2e-5 at df 3, 1e-6 above; 1.6e-6 at k 100, df 500-24,000; from df 25,000 R
// drops the chi part): tests/significance/studentized_range_test.cpp measures
// it. R refuses df < 2 (NaN); the definition holds from df = 1, which these
// functions accept.
#ifndef GRK_SIGNIFICANCE_METHODS_STUDENTIZED_RANGE_HPP
#define GRK_SIGNIFICANCE_METHODS_STUDENTIZED_RANGE_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

namespace grk::significance::studentized_range {

namespace detail {

/// The 16-point Gauss-Legendre rule on [-1, 1], its nodes found once by
/// Newton's method on the Legendre polynomial (exact to the last bit or two,
/// no table to mistype).
struct GaussLegendre16 {
  static constexpr int points = 16;
  std::array<double, points> node{};
  std::array<double, points> weight{};
  GaussLegendre16() {
    const double pi = std::acos(-1.0);
    for (int i = 0; i < points; ++i) {
      double x = std::cos(pi * (i + 0.75) / (points + 0.5));
      double derivative = 0.0;
      for (int step = 0; step < 100; ++step) {
        double p0 = 1.0;
        double p1 = x;
        for (int n = 2; n <= points; ++n) {
          const double p2 = ((2.0 * n - 1.0) * x * p1 - (n - 1.0) * p0) / n;
          p0 = p1;
          p1 = p2;
        }
        derivative = points * (x * p1 - p0) / (x * x - 1.0);
        const double next = x - p1 / derivative;
        const bool done = std::fabs(next - x) <= 1e-16;
        x = next;
        if (done) break;
      }
      node[static_cast<std::size_t>(i)] = x;
      weight[static_cast<std::size_t>(i)] = 2.0 / ((1.0 - x * x) * derivative * derivative);
    }
  }
};

inline const GaussLegendre16& rule() {
  static const GaussLegendre16 instance;
  return instance;
}

/// The integral of f over [a, b], split into `panels` equal parts, 16
/// points each.
template <class F>
double integral(F f, double a, double b, int panels) {
  const auto& gl = rule();
  const double width = (b - a) / panels;
  double total = 0.0;
  for (int panel = 0; panel < panels; ++panel) {
    const double middle = a + (panel + 0.5) * width;
    double sum = 0.0;
    for (int i = 0; i < GaussLegendre16::points; ++i) {
      const auto j = static_cast<std::size_t>(i);
      sum += gl.weight[j] * f(middle + 0.5 * width * gl.node[j]);
    }
    total += 0.5 * width * sum;
  }
  return total;
}

inline double normal_density(double x) { return 0.3989422804014327 * std::exp(-0.5 * x * x); }

/// 1 / sqrt(2): Phi(x) = erfc(-x root_half) / 2.
constexpr double root_half = 0.7071067811865476;

/// log f(1), f the density of chi_df / sqrt(df): df/2 log df - lgamma(df/2)
/// - (df/2 - 1) log 2 - df/2. For large df those terms are large and cancel
/// (1e-12 lost at df = 5000), so there it is 1/2 log(df / pi) less the
/// remainder of Stirling's series for lgamma(df/2), which is what is left.
inline double log_chi_density_at_one(double df) {
  const double x = 0.5 * df;
  if (x < 10.0) return x * std::log(df) - std::lgamma(x) - (x - 1.0) * std::log(2.0) - x;
  const double x2 = x * x;
  const double remainder = (1.0 / 12.0 - (1.0 / 360.0 - (1.0 / 1260.0 - 1.0 / (1680.0 * x2)) / x2) / x2) / x;
  return 0.5 * std::log(df / std::acos(-1.0)) - remainder;
}

/// x^n for n >= 0 by repeated squaring: exact to a few ulps, and a tenth of
/// the time of std::pow, which the range's integrand calls at every node.
inline double integer_power(double x, int n) {
  double result = 1.0;
  while (n > 0) {
    if (n & 1) result *= x;
    x *= x;
    n >>= 1;
  }
  return result;
}

/// The nodes of the range's integral over z in [-9, 9] (phi(9) is 2.6e-18),
/// unit panels of 16 Gauss-Legendre points, with what does not depend on w
/// at each: the weight times phi(z), Phi(z) and 1 - Phi(z). Computed once
/// for every w and k, which leaves one erfc per node to each W(w).
struct RangeNodes {
  static constexpr int first = -9;
  static constexpr int panels = 18;
  static constexpr int count = panels * GaussLegendre16::points;
  std::array<double, count> z{};
  std::array<double, count> weighted_density{};
  std::array<double, count> below{};
  std::array<double, count> above{};
  RangeNodes() {
    const auto& gl = rule();
    for (int panel = 0; panel < panels; ++panel) {
      for (int i = 0; i < GaussLegendre16::points; ++i) {
        const auto j = static_cast<std::size_t>(panel * GaussLegendre16::points + i);
        const double x = first + panel + 0.5 + 0.5 * gl.node[static_cast<std::size_t>(i)];
        z[j] = x;
        weighted_density[j] = 0.5 * gl.weight[static_cast<std::size_t>(i)] * normal_density(x);
        below[j] = 0.5 * std::erfc(-x * root_half);
        above[j] = 0.5 * std::erfc(x * root_half);
      }
    }
  }
};

inline const RangeNodes& range_nodes() {
  static const RangeNodes instance;
  return instance;
}

/// The first panel of RangeNodes that W's integrand reaches for k means: it
/// is at most k phi(z) Phi(z)^(k-1), which grows up to z = 0, so a panel
/// whose right end keeps that under 1e-20 adds nothing (for k = 20 the
/// integral starts at z = -2, for k = 2 at -9).
inline int first_range_panel(int k) {
  int panel = 0;
  while (panel < RangeNodes::panels / 2) {
    const double right = RangeNodes::first + panel + 1.0;
    const double bound = k * normal_density(right) * integer_power(0.5 * std::erfc(-right * root_half), k - 1);
    if (bound >= 1e-20) break;
    ++panel;
  }
  return panel;
}

/// From df = 500 on, the chi part as a Gauss rule of its own law: with
/// u = df s^2 / 2, s = chi_df / sqrt(df) is u ~ Gamma(df / 2), and the
/// Gauss rule of that law integrates W(q sqrt(2 u / df)), smooth over the
/// narrow bulk of u, the more closely the larger df: 12 points from df 500,
/// 8 from 2,000 and 6 from 10,000 are within 1e-14 of 640 Legendre points
/// over 14 standard deviations (4e-14 at df 1e6, where that reference is no
/// better: over k 2-100, q 0.25-12; the 64 Legendre points this replaces
/// were 4e-14 and 1e-13). Its nodes are the eigenvalues of the
/// law's Jacobi matrix (the recurrence of the Laguerre polynomials with
/// alpha = df / 2 - 1: diagonal 2j + alpha + 1, off-diagonal
/// sqrt(j (j + alpha))), found by bisection on Sturm counts; its weights the
/// Christoffel numbers 1 / sum_j p_j(u)^2 of the orthonormal polynomials,
/// scaled to sum to 1. It depends on df alone, so each thread keeps the
/// last one (chi_rule) for all the pairs of a comparison.
struct ChiRule {
  static constexpr std::size_t most_points = 12;
  static constexpr double from_df = 500.0;
  double df = 0.0;
  std::size_t points = 0;
  std::array<double, most_points> s{};
  std::array<double, most_points> weight{};
  ChiRule() = default;
  explicit ChiRule(double degrees) : df(degrees), points(df >= 10000.0 ? 6 : df >= 2000.0 ? 8 : most_points) {
    const double alpha = 0.5 * df - 1.0;
    std::array<double, most_points> diagonal{};
    std::array<double, most_points> off{};  // off[j] couples rows j - 1 and j
    for (std::size_t j = 0; j < points; ++j) {
      const auto order = static_cast<double>(j);
      diagonal[j] = 2.0 * order + alpha + 1.0;
      off[j] = std::sqrt(order * (order + alpha));
    }
    // How many eigenvalues lie below x: the negative pivots of T - x I.
    const auto below = [&](double x) {
      std::size_t count = 0;
      double pivot = 1.0;
      for (std::size_t j = 0; j < points; ++j) {
        pivot = diagonal[j] - x - (j > 0 ? off[j] * off[j] / pivot : 0.0);
        if (pivot == 0.0) pivot = std::numeric_limits<double>::min();
        if (pivot < 0.0) ++count;
      }
      return count;
    };
    // Gershgorin's bounds hold every eigenvalue.
    const double lowest = 0.0;
    double highest = 0.0;
    for (std::size_t j = 0; j < points; ++j) {
      const double radius = off[j] + (j + 1 < points ? off[j + 1] : 0.0);
      highest = std::fmax(highest, diagonal[j] + radius);
    }
    double total = 0.0;
    for (std::size_t i = 0; i < points; ++i) {
      double low = lowest;
      double high = highest;
      for (;;) {
        const double middle = 0.5 * (low + high);
        if (!(middle > low && middle < high)) break;
        (below(middle) > i ? high : low) = middle;
      }
      const double u = 0.5 * (low + high);
      double previous = 0.0;
      double current = 1.0;
      double squares = 1.0;
      for (std::size_t j = 0; j + 1 < points; ++j) {
        const double next = ((u - diagonal[j]) * current - off[j] * previous) / off[j + 1];
        previous = current;
        current = next;
        squares += current * current;
      }
      s[i] = std::sqrt(2.0 * u / df);
      weight[i] = 1.0 / squares;
      total += weight[i];
    }
    for (std::size_t i = 0; i < points; ++i) weight[i] /= total;
  }
};

inline const ChiRule& chi_rule(double df) {
  thread_local ChiRule last;
  if (last.df != df) last = ChiRule(df);
  return last;
}

/// Past it, 1 - W(w) is below k * 1e-19: 1 in double precision for any k a
/// comparison has.
inline double range_is_one_from(int k) { return 2.0 * (9.0 + std::log10(static_cast<double>(k))); }

}  // namespace detail

/// W(w): the probability that the range of k independent standard normals
/// is below w, W(w) = k integral phi(z) [Phi(z) - Phi(z - w)]^(k-1) dz, on
/// RangeNodes from first_range_panel(k) (`first_panel`, which callers that
/// ask for many w of one k find once).
inline double range_cdf(double w, int k, int first_panel) {
  if (!(w > 0.0)) return 0.0;
  if (w > detail::range_is_one_from(k)) return 1.0;
  using detail::root_half;
  const auto& nodes = detail::range_nodes();
  double sum = 0.0;
  for (auto j = static_cast<std::size_t>(first_panel * detail::GaussLegendre16::points);
       j < static_cast<std::size_t>(detail::RangeNodes::count); ++j) {
    const double z = nodes.z[j];
    const double y = z - w;
    // Phi(z) - Phi(y) from the tail on the side away from zero, so that two
    // probabilities near 1 do not cancel.
    double between;
    if (y >= 0.0) {
      between = 0.5 * std::erfc(y * root_half) - nodes.above[j];
    } else if (z <= 0.0) {
      between = nodes.below[j] - 0.5 * std::erfc(-y * root_half);
    } else {
      between = 1.0 - nodes.above[j] - 0.5 * std::erfc(-y * root_half);
    }
    sum += nodes.weighted_density[j] * detail::integer_power(between, k - 1);
  }
  return std::fmin(1.0, k * sum);
}

inline double range_cdf(double w, int k) { return range_cdf(w, k, detail::first_range_panel(k)); }

/// P(Q < q) for k means and df degrees of freedom (R's ptukey(q, k, df));
/// df = infinity is the range of k normals itself. NaN for k < 2 or df < 1.
inline double cdf(double q, int k, double df) {
  if (k < 2 || !(df >= 1.0)) return std::numeric_limits<double>::quiet_NaN();
  if (!(q > 0.0)) return 0.0;
  if (std::isinf(df)) return range_cdf(q, k);
  // The density of s = chi_df / sqrt(df), concentrated within 12 of its
  // standard deviations, 1/sqrt(2 df), of 1; in logs, relative to s = 1.
  const double spread = 12.0 / std::sqrt(2.0 * df);
  const double low = std::fmax(0.0, 1.0 - spread);
  // W(q s) is 1 over the whole of it: the integral is the density's mass.
  if (q * low > detail::range_is_one_from(k)) return 1.0;
  const int first_panel = detail::first_range_panel(k);
  if (df >= detail::ChiRule::from_df) {
    const detail::ChiRule& rule = detail::chi_rule(df);
    double value = 0.0;
    for (std::size_t i = 0; i < rule.points; ++i) {
      value += rule.weight[i] * range_cdf(q * rule.s[i], k, first_panel);
    }
    return std::fmin(1.0, std::fmax(0.0, value));
  }
  const double log_at_one = detail::log_chi_density_at_one(df);
  const auto integrand = [&](double s) {
    if (!(s > 0.0)) return 0.0;
    const double x = s - 1.0;
    const double log_density = log_at_one + (df - 1.0) * std::log1p(x) - 0.5 * df * x * (s + 1.0);
    return std::exp(log_density) * range_cdf(q * s, k, first_panel);
  };
  // The density grows closer to a Gaussian with df, so fewer panels serve:
  // 6 from df 20 agree with 16 to 5e-15 (over k 2-50, q 0.25-9).
  const int panels = df >= 20.0 ? 6 : 16;
  const double value = detail::integral(integrand, low, 1.0 + spread, panels);
  return std::fmin(1.0, std::fmax(0.0, value));
}

/// P(Q >= q): Tukey's HSD p-value (R's ptukey(q, k, df, lower.tail = FALSE)).
inline double upper_tail(double q, int k, double df) { return 1.0 - cdf(q, k, df); }

/// The q with P(Q < q) = p (R's qtukey(p, k, df)): regula falsi with the
/// Illinois rule on a bracket, which the monotone cdf keeps valid, to the
/// last bits (about a dozen cdf evaluations). NaN outside 0 < p < 1.
inline double quantile(double p, int k, double df) {
  if (!(p > 0.0 && p < 1.0) || k < 2 || !(df >= 1.0)) return std::numeric_limits<double>::quiet_NaN();
  double low = 0.0;
  double f_low = -p;
  double high = 4.0;
  double f_high = cdf(high, k, df) - p;
  while (f_high < 0.0) {
    low = high;
    f_low = f_high;
    high *= 2.0;
    if (high > 1e6) return std::numeric_limits<double>::infinity();
    f_high = cdf(high, k, df) - p;
  }
  int kept = 0;  // which end stayed on the last step: -1 low, +1 high
  for (int step = 0; step < 200 && high - low > 4.0 * std::numeric_limits<double>::epsilon() * high; ++step) {
    double middle = (low * f_high - high * f_low) / (f_high - f_low);
    if (!(middle > low && middle < high)) middle = 0.5 * (low + high);
    const double f_middle = cdf(middle, k, df) - p;
    if (f_middle == 0.0) return middle;
    if (f_middle < 0.0) {
      low = middle;
      f_low = f_middle;
      if (kept == 1) f_high *= 0.5;  // Illinois: the end kept twice counts half
      kept = 1;
    } else {
      high = middle;
      f_high = f_middle;
      if (kept == -1) f_low *= 0.5;
      kept = -1;
    }
  }
  return 0.5 * (low + high);
}

}  // namespace grk::significance::studentized_range

#endif
