#include "methods/wilcoxon.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <boost/math/distributions/normal.hpp>

#include "methods/comparison_tests.hpp"

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

// Each non-zero finite delta as one sortable integer: the bits of |delta|
// (which order as the magnitudes do, for non-negative doubles) shifted left
// once, and 1 in the low bit when the delta is positive. Sorted by an LSD
// radix sort, 8 bits a pass, skipping the passes where every key has the same
// byte (the high bytes, mostly): at N = 100,000 this is several times faster
// than a comparison sort of indices by fabs(), the test's whole cost.
std::vector<std::uint64_t> sorted_magnitude_keys(const std::vector<double>& nonzero) {
  std::vector<std::uint64_t> keys(nonzero.size());
  for (std::size_t i = 0; i < nonzero.size(); ++i) {
    std::uint64_t bits = 0;
    const double magnitude = std::fabs(nonzero[i]);
    std::memcpy(&bits, &magnitude, sizeof bits);
    keys[i] = (bits << 1) | (nonzero[i] > 0.0 ? 1u : 0u);
  }
  std::vector<std::uint64_t> scratch(keys.size());
  for (int shift = 0; shift < 64; shift += 8) {
    std::array<std::size_t, 257> offsets{};
    for (const std::uint64_t key : keys) ++offsets[((key >> shift) & 0xffu) + 1];
    if (std::find(offsets.begin() + 1, offsets.end(), keys.size()) != offsets.end()) continue;
    for (std::size_t b = 1; b < offsets.size(); ++b) offsets[b] += offsets[b - 1];
    for (const std::uint64_t key : keys) scratch[offsets[(key >> shift) & 0xffu]++] = key;
    keys.swap(scratch);
  }
  return keys;
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
  const std::vector<std::uint64_t> keys = sorted_magnitude_keys(nonzero);
  const auto magnitude = [&](std::size_t k) { return keys[k] >> 1; };

  // Average ranks of |delta| (R's rank(ties.method = "average")) and the tie groups.
  double v = 0.0;
  double tie_term = 0.0;
  bool ties = false;
  for (std::size_t first = 0; first < count;) {
    std::size_t last = first;
    while (last + 1 < count && magnitude(last + 1) == magnitude(first)) ++last;
    const double rank = (static_cast<double>(first + 1) + static_cast<double>(last + 1)) / 2.0;
    const double group = static_cast<double>(last - first + 1);
    if (last > first) ties = true;
    tie_term += group * group * group - group;
    for (std::size_t k = first; k <= last; ++k) {
      if ((keys[k] & 1u) != 0) v += rank;
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

// Its row of the table (methods/comparison_tests.hpp).
std::vector<ParamSpec> wilcoxon_test_params() {
  return setting_params({"confidence_level", "alpha", "resamples", "seed"});
}

// The test before the interval: a refusal (every delta zero) is reported
// before any resampling.
Expected<void> fill_wilcoxon(ComparisonRecord& record, const std::vector<double>& deltas,
                             const TestSettings& settings, const TestRun& run) {
  auto estimate = wilcoxon_signed_rank(deltas);
  if (!estimate) return unexpected(refused(run, estimate.error()));
  GRK_TRY_VOID(set_bootstrap_interval(record, deltas, settings, run));
  set_p_value(record, estimate->p_value_two_sided, settings.alpha);
  record.details = {{"v_statistic", estimate->v_statistic},
                    {"distribution", estimate->exact ? "exact" : "normal"}};
  return {};
}

}  // namespace grk::significance
