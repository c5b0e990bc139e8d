#include "resampling/bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "resampling/index_draws.hpp"
#include "resampling/mersenne_twister.hpp"
#include "resampling/quantile.hpp"

namespace grk::significance {

namespace {

// Resamples summed side by side: each resample's sum is a serial chain of
// additions (the order is fixed by docs/behaviour/paired-bootstrap.md §5), so one chain alone waits
// on the adder's latency; eight independent chains keep it busy.
constexpr std::size_t kLanes = 8;

void sum_eight_resamples(const double* deltas, const std::uint32_t* draws, std::size_t n,
                         double* totals) noexcept {
  const std::uint32_t* d0 = draws;
  const std::uint32_t* d1 = d0 + n;
  const std::uint32_t* d2 = d1 + n;
  const std::uint32_t* d3 = d2 + n;
  const std::uint32_t* d4 = d3 + n;
  const std::uint32_t* d5 = d4 + n;
  const std::uint32_t* d6 = d5 + n;
  const std::uint32_t* d7 = d6 + n;
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, s5 = 0.0, s6 = 0.0, s7 = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    s0 += deltas[d0[j]];
    s1 += deltas[d1[j]];
    s2 += deltas[d2[j]];
    s3 += deltas[d3[j]];
    s4 += deltas[d4[j]];
    s5 += deltas[d5[j]];
    s6 += deltas[d6[j]];
    s7 += deltas[d7[j]];
  }
  totals[0] = s0;
  totals[1] = s1;
  totals[2] = s2;
  totals[3] = s3;
  totals[4] = s4;
  totals[5] = s5;
  totals[6] = s6;
  totals[7] = s7;
}

double sum_drawn(const double* deltas, const std::uint32_t* draws, std::size_t n) noexcept {
  double total = 0.0;
  for (std::size_t j = 0; j < n; ++j) total += deltas[draws[j]];
  return total;
}

// Python's sort is stable; std::sort is not. The only distinct doubles that
// compare equal here are 0.0 and -0.0 (a tiny negative total divided by n can
// round to -0.0), and an interval end can land on one of them, so the zeros
// are put back in the order they were appended.
void sort_like_python(std::vector<double>& values) {
  std::vector<bool> zero_signs;
  for (double v : values) {
    if (v == 0.0) zero_signs.push_back(std::signbit(v));
  }
  std::sort(values.begin(), values.end());
  if (zero_signs.empty()) return;
  auto first_zero = std::lower_bound(values.begin(), values.end(), 0.0);
  for (bool negative : zero_signs) *first_zero++ = negative ? -0.0 : 0.0;
}

}  // namespace

double python311_sum(const double* values, std::size_t count) noexcept {
  // Starting from +0.0 is CPython's `0 + x0`: it turns a leading -0.0 into 0.0.
  double total = 0.0;
  for (std::size_t i = 0; i < count; ++i) total += values[i];
  return total;
}

BootstrapEstimate bootstrap_deltas(const std::vector<double>& deltas, std::int64_t resamples,
                                   std::int64_t seed, double confidence_level,
                                   const BootstrapProgress& progress,
                                   const BootstrapTuning& tuning) {
  const std::size_t n = deltas.size();
  if (n == 0 || n > 0xffffffffu || resamples <= 0) {
    throw std::invalid_argument("bootstrap_deltas: preconditions not met");
  }
  const auto total_resamples = static_cast<std::uint64_t>(resamples);
  const auto n_as_double = static_cast<double>(n);

  MersenneTwister generator = MersenneTwister::from_python_seed(seed);
  if (tuning.portable_kernels) generator.use_portable_kernel();
  IndexDraws draws(generator, static_cast<std::uint32_t>(n));

  std::vector<double> means;
  means.reserve(static_cast<std::size_t>(total_resamples));
  std::vector<std::uint32_t> indices(kLanes * n);
  double totals[kLanes];
  // About 10 reports per run at most, and none for short runs.
  const std::uint64_t report_every = std::max<std::uint64_t>(total_resamples / 10, 4096);
  std::uint64_t next_report = report_every;

  std::uint64_t done = 0;
  while (done < total_resamples) {
    const std::uint64_t left = total_resamples - done;
    if (left >= kLanes) {
      draws.fill(indices.data(), kLanes * n);
      sum_eight_resamples(deltas.data(), indices.data(), n, totals);
      for (double total : totals) means.push_back(total / n_as_double);
      done += kLanes;
    } else {
      draws.fill(indices.data(), n);
      means.push_back(sum_drawn(deltas.data(), indices.data(), n) / n_as_double);
      done += 1;
    }
    if (progress && done >= next_report) {
      progress(done, total_resamples);
      next_report += report_every;
    }
  }

  sort_like_python(means);
  BootstrapEstimate estimate;
  const double alpha = (1.0 - confidence_level) / 2.0;
  estimate.confidence_interval_low = quantile(means, alpha);
  estimate.confidence_interval_high = quantile(means, 1.0 - alpha);

  std::uint64_t non_positive = 0;
  std::uint64_t non_negative = 0;
  for (double mean : means) {
    non_positive += static_cast<std::uint64_t>(mean <= 0.0);
    non_negative += static_cast<std::uint64_t>(mean >= 0.0);
  }
  const std::uint64_t extreme = std::min(non_positive, non_negative);
  // 2.0 * (m + 1) first, then / (B + 1), then the clamp (docs/behaviour/paired-bootstrap.md §3 step 8).
  const double scaled = 2.0 * static_cast<double>(extreme + 1);
  estimate.p_value_two_sided =
      std::min(1.0, scaled / static_cast<double>(total_resamples + 1));

  estimate.effect = python311_sum(deltas.data(), n) / n_as_double;
  estimate.significant =
      estimate.confidence_interval_low > 0.0 || estimate.confidence_interval_high < 0.0;
  estimate.words_consumed = draws.words_consumed();
  return estimate;
}

}  // namespace grk::significance
