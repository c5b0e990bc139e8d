#include "wilcoxon.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/math/distributions/normal.hpp>

namespace grk::significance {

namespace {

// counts[k] = number of subsets of {1..n} summing to k, for k up to half the
// total (the distribution is symmetric). Counts below 2^53 are exact in
// doubles, as in R's csignrank.
std::vector<double> subset_sum_counts(int n) {
  const int total = n * (n + 1) / 2;
  const int half = total / 2;
  std::vector<double> counts(static_cast<std::size_t>(half) + 1, 0.0);
  counts[0] = 1.0;
  for (int j = 1; j <= n; ++j) {
    for (int i = std::min(j * (j + 1) / 2, half); i >= j; --i) counts[static_cast<std::size_t>(i)] += counts[static_cast<std::size_t>(i - j)];
  }
  return counts;
}

}  // namespace

double signed_rank_cdf(double x, int n, bool lower_tail) {
  const double nn = static_cast<double>(n);
  x = std::nearbyint(x + 1e-7);
  if (x < 0.0) return lower_tail ? 0.0 : 1.0;
  if (x >= nn * (nn + 1.0) / 2.0) return lower_tail ? 1.0 : 0.0;
  const std::vector<double> counts = subset_sum_counts(n);
  const int total = n * (n + 1) / 2;
  const auto count = [&](int k) {
    if (k > total / 2) k = total - k;
    return counts[static_cast<std::size_t>(k)];
  };
  const double f = std::exp(-nn * M_LN2);
  double p = 0.0;
  if (x <= nn * (nn + 1.0) / 4.0) {
    for (int i = 0; i <= static_cast<int>(x); ++i) p += count(i) * f;
  } else {
    const int upper = static_cast<int>(nn * (nn + 1.0) / 2.0 - x);
    for (int i = 0; i < upper; ++i) p += count(i) * f;
    lower_tail = !lower_tail;
  }
  return lower_tail ? p : 0.5 - p + 0.5;
}

Expected<WilcoxonEstimate> wilcoxon_signed_rank(const std::vector<double>& deltas) {
  std::vector<double> nonzero;
  nonzero.reserve(deltas.size());
  for (double delta : deltas) {
    if (delta != 0.0) nonzero.push_back(delta);
  }
  const bool zeroes = nonzero.size() != deltas.size();
  if (nonzero.empty()) {
    return fail(Status::invalid_data,
                "every delta is zero, so the signed-rank test has nothing to rank (R: not enough (non-missing) "
                "'x' observations)");
  }
  const std::size_t count = nonzero.size();
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return std::fabs(nonzero[a]) < std::fabs(nonzero[b]); });

  // Average ranks of |delta| (R's rank(ties.method = "average")) and the tie groups.
  double v = 0.0;
  double tie_term = 0.0;
  bool ties = false;
  for (std::size_t first = 0; first < count;) {
    std::size_t last = first;
    while (last + 1 < count && std::fabs(nonzero[order[last + 1]]) == std::fabs(nonzero[order[first]])) ++last;
    const double rank = (static_cast<double>(first + 1) + static_cast<double>(last + 1)) / 2.0;
    const double group = static_cast<double>(last - first + 1);
    if (last > first) ties = true;
    tie_term += group * group * group - group;
    for (std::size_t k = first; k <= last; ++k) {
      if (nonzero[order[k]] > 0.0) v += rank;
    }
    first = last + 1;
  }

  const double n = static_cast<double>(count);
  WilcoxonEstimate estimate;
  estimate.v_statistic = v;
  estimate.nonzero_count = count;
  estimate.exact = count < 50 && !ties && !zeroes;
  if (estimate.exact) {
    const int size = static_cast<int>(count);
    const double p = v > n * (n + 1.0) / 4.0 ? signed_rank_cdf(v - 1.0, size, false) : signed_rank_cdf(v, size, true);
    estimate.p_value_two_sided = std::min(1.0, 2.0 * p);
  } else {
    const double sigma = std::sqrt(n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - tie_term / 48.0);
    const double z = (v - n * (n + 1.0) / 4.0) / sigma;
    const boost::math::normal normal;
    estimate.p_value_two_sided =
        2.0 * std::min(boost::math::cdf(normal, z), boost::math::cdf(boost::math::complement(normal, z)));
  }
  return estimate;
}

}  // namespace grk::significance
