// The studentized range distribution: the law of Tukey's HSD statistic
// Q = (max - min of k independent N(0, sigma^2) means) / s, where s^2 is an
// independent estimate of sigma^2 on df degrees of freedom. Boost.Math has
// none, so it is written here from its definition, as Copenhaver & Holland
// (1988) compute it: Gauss-Legendre quadrature over the range of k normals,
// then over the chi part,
//
//   P(Q < q) = integral_0^inf f_df(s) W(q s) ds,
//   W(w)     = P(range of k standard normals < w)
//            = k integral phi(z) [Phi(z) - Phi(z - w)]^(k-1) dz,
//
// f_df the density of chi_df / sqrt(df). Equal to R 4.2's ptukey / qtukey
// with nranges = 1 to about 1e-9 in p (tests/significance/studentized_range_test.cpp
// measures it); R's own documented accuracy is lower. R refuses df < 2 (NaN);
// the definition holds from df = 1, which these functions accept.
#ifndef GRK_SIGNIFICANCE_METHODS_STUDENTIZED_RANGE_HPP
#define GRK_SIGNIFICANCE_METHODS_STUDENTIZED_RANGE_HPP

#include <array>
#include <cmath>
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

/// Phi(x) - Phi(y) for x >= y, from the tail on the side away from zero,
/// so that two probabilities near 1 do not cancel.
inline double normal_mass_between(double y, double x) {
  constexpr double root_half = 0.7071067811865476;
  if (y >= 0.0) return 0.5 * (std::erfc(y * root_half) - std::erfc(x * root_half));
  if (x <= 0.0) return 0.5 * (std::erfc(-x * root_half) - std::erfc(-y * root_half));
  return 1.0 - 0.5 * std::erfc(x * root_half) - 0.5 * std::erfc(-y * root_half);
}

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

}  // namespace detail

/// W(w): the probability that the range of k independent standard normals
/// is below w. By the symmetry of the integrand about z = w/2,
/// W(w) = k integral_0^inf [phi(u + w/2) + phi(u - w/2)] [Phi(u + w/2) - Phi(u - w/2)]^(k-1) du.
inline double range_cdf(double w, int k) {
  if (!(w > 0.0)) return 0.0;
  const double half = 0.5 * w;
  // Past it, 1 - W is below k * 1e-19: 1 in double precision for any k a
  // comparison has.
  if (half > 9.0 + std::log10(static_cast<double>(k))) return 1.0;
  const double upper = half + 8.5;  // phi(8.5) is about 1e-16 of phi(0)
  const auto integrand = [&](double u) {
    const double between = detail::normal_mass_between(u - half, u + half);
    return (detail::normal_density(u + half) + detail::normal_density(u - half)) * std::pow(between, k - 1);
  };
  // Panels one unit wide: 16 points integrate a curve of that scale to
  // rounding (four times as many agree to 1e-14).
  const double value = k * detail::integral(integrand, 0.0, upper, static_cast<int>(std::ceil(upper)));
  return std::fmin(1.0, value);
}

/// P(Q < q) for k means and df degrees of freedom (R's ptukey(q, k, df));
/// df = infinity is the range of k normals itself. NaN for k < 2 or df < 1.
inline double cdf(double q, int k, double df) {
  if (k < 2 || !(df >= 1.0)) return std::numeric_limits<double>::quiet_NaN();
  if (!(q > 0.0)) return 0.0;
  if (std::isinf(df)) return range_cdf(q, k);
  // The density of s = chi_df / sqrt(df), concentrated within 12 of its
  // standard deviations, 1/sqrt(2 df), of 1; in logs, relative to s = 1.
  const double log_at_one = detail::log_chi_density_at_one(df);
  const auto integrand = [&](double s) {
    if (!(s > 0.0)) return 0.0;
    const double x = s - 1.0;
    const double log_density = log_at_one + (df - 1.0) * std::log1p(x) - 0.5 * df * x * (s + 1.0);
    return std::exp(log_density) * range_cdf(q * s, k);
  };
  const double spread = 12.0 / std::sqrt(2.0 * df);
  const double low = std::fmax(0.0, 1.0 - spread);
  // The density grows closer to a Gaussian with df, so fewer panels serve:
  // 6 from df 20 and 4 from df 500 agree with 16 to 5e-15 and 5e-14 (over
  // k 2-50, q 0.25-9), and cut the cost of a p-value, which Tukey's HSD
  // pays once per pair, by three to four.
  const int panels = df >= 500.0 ? 4 : df >= 20.0 ? 6 : 16;
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
