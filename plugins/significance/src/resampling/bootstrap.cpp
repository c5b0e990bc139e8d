#include "resampling/bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "resampling/index_draws.hpp"
#include "resampling/mersenne_twister.hpp"
#include "resampling/parallel_means.hpp"
#include "resampling/quantile.hpp"

namespace grk::significance {

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

  std::vector<double> means;
  std::uint64_t words = 0;
  // A second thread only when the caller names it and the run is large
  // enough to pay for it (two_threads_pay); the bits are the same either way.
  if (tuning.threads > 1 && two_threads_pay(n, total_resamples)) {
    means = resample_means_on_threads(deltas, total_resamples, generator, progress, words);
  } else {
    IndexDraws draws(generator, static_cast<std::uint32_t>(n));
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
        means.push_back(sum_drawn(0.0, deltas.data(), indices.data(), n) / n_as_double);
        done += 1;
      }
      if (progress && done >= next_report) {
        progress(done, total_resamples);
        next_report += report_every;
      }
    }
    words = draws.words_consumed();
  }

  BootstrapEstimate estimate;
  PythonSorted sorted(std::move(means));
  // The means <= 0 and >= 0 (no NaN among them: PythonSorted).
  const std::uint64_t non_positive = sorted.negatives() + sorted.zeros();
  const std::uint64_t non_negative = sorted.size() - sorted.negatives();
  const std::uint64_t extreme = std::min(non_positive, non_negative);
  const double alpha = (1.0 - confidence_level) / 2.0;
  estimate.confidence_interval = {quantile(sorted, alpha), quantile(sorted, 1.0 - alpha)};
  // 2.0 * (m + 1) first, then / (B + 1), then the clamp (docs/behaviour/paired-bootstrap.md §3 step 8).
  const double scaled = 2.0 * static_cast<double>(extreme + 1);
  estimate.p_value_two_sided =
      std::min(1.0, scaled / static_cast<double>(total_resamples + 1));

  estimate.effect = python311_sum(deltas.data(), n) / n_as_double;
  estimate.words_consumed = words;
  return estimate;
}

}  // namespace grk::significance
