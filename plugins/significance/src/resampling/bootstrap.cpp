#include "resampling/bootstrap.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <thread>

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

unsigned bootstrap_threads(const BootstrapTuning& tuning) {
  if (tuning.threads != 0) return tuning.threads;
  // The components check GRK_THREADS and refuse a bad value before they get
  // here; a value they did not check is taken only when it is valid.
  if (const char* text = std::getenv("GRK_THREADS")) {
    const std::string_view value(text);
    unsigned threads = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), threads);
    if (error == std::errc() && end == value.data() + value.size() && threads > 0) return threads;
  }
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1u : cores;
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

  // Resample r's mean goes to means[r] whichever thread sums it. A chunk is
  // whole lane groups of about 64 Ki draws: long enough that taking the
  // generator is rare, short enough that the threads keep it busy.
  std::vector<double> means(static_cast<std::size_t>(total_resamples));
  const std::uint64_t chunk = kLanes * std::max<std::uint64_t>(1, (std::uint64_t{1} << 16) / (kLanes * n));
  const std::uint64_t chunks = (total_resamples + chunk - 1) / chunk;
  const unsigned threads =
      static_cast<unsigned>(std::min<std::uint64_t>(bootstrap_threads(tuning), chunks));
  std::mutex generator_mutex;  // held while a thread draws its chunk's indices
  std::uint64_t next_first = 0;  // the first resample no thread has drawn yet (under the mutex)
  std::atomic<std::uint64_t> summed{0};
  std::exception_ptr failure;
  // About 10 reports per run at most, and none for short runs.
  const std::uint64_t report_every = std::max<std::uint64_t>(total_resamples / 10, 4096);
  std::uint64_t next_report = report_every;

  auto work = [&](bool reports) {
    std::vector<std::uint32_t> indices(static_cast<std::size_t>(chunk) * n);
    double totals[kLanes];
    for (;;) {
      std::uint64_t first = 0;
      std::uint64_t count = 0;
      {
        const std::lock_guard<std::mutex> lock(generator_mutex);
        if (next_first >= total_resamples || failure) return;
        first = next_first;
        count = std::min(chunk, total_resamples - first);
        next_first += count;
        draws.fill(indices.data(), static_cast<std::size_t>(count) * n);
      }
      std::uint64_t done = 0;
      while (done < count) {
        const std::uint64_t left = count - done;
        const std::uint32_t* drawn = indices.data() + done * n;
        if (left >= kLanes) {
          sum_eight_resamples(deltas.data(), drawn, n, totals);
          for (std::size_t k = 0; k < kLanes; ++k) means[first + done + k] = totals[k] / n_as_double;
          done += kLanes;
        } else {
          means[first + done] = sum_drawn(deltas.data(), drawn, n) / n_as_double;
          done += 1;
        }
      }
      const std::uint64_t now = summed += count;
      if (reports && progress && now >= next_report) {
        progress(now, total_resamples);
        while (next_report <= now) next_report += report_every;
      }
    }
  };
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t) {
    helpers.emplace_back([&] {
      try {
        work(false);
      } catch (...) {  // bad_alloc of a helper's buffer: rethrown on the calling thread
        const std::lock_guard<std::mutex> lock(generator_mutex);
        if (!failure) failure = std::current_exception();
      }
    });
  }
  try {
    work(true);
  } catch (...) {
    {
      const std::lock_guard<std::mutex> lock(generator_mutex);
      if (!failure) failure = std::current_exception();
    }
  }
  for (auto& helper : helpers) helper.join();
  if (failure) std::rethrow_exception(failure);
  if (progress && next_report <= total_resamples) progress(total_resamples, total_resamples);

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
