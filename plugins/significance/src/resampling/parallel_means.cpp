#include "resampling/parallel_means.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

#include "resampling/index_draws.hpp"

namespace grk::significance {

namespace {

// A batch is eight resamples' draws (fewer in the last one), the unit the
// summing side takes at once.
constexpr std::size_t ring_batches = 8;

// Waits until `ready()` holds or `stop` is set: spins first, since the other
// side is usually a few microseconds away, then yields its core, since on a
// busy machine the other side may need it.
template <class Ready>
bool wait_for(const Ready& ready, const std::atomic<bool>& stop) {
  for (unsigned spins = 0; !ready(); ++spins) {
    if (stop.load(std::memory_order_relaxed)) return false;
    if (spins >= 256) std::this_thread::yield();
  }
  return true;
}

}  // namespace

std::vector<double> resample_means_on_threads(const std::vector<double>& deltas, std::uint64_t resamples,
                                              MersenneTwister generator, const BootstrapProgress& progress,
                                              std::uint64_t& words) {
  const std::size_t n = deltas.size();
  const double n_as_double = static_cast<double>(n);
  const std::uint64_t batches = (resamples + kLanes - 1) / kLanes;
  std::vector<std::uint32_t> ring(ring_batches * kLanes * n);
  const auto batch_size = [&](std::uint64_t b) {
    return static_cast<std::size_t>(std::min<std::uint64_t>(kLanes, resamples - b * kLanes));
  };
  std::atomic<std::uint64_t> drawn{0};   // batches in the ring
  std::atomic<std::uint64_t> summed{0};  // batches taken out of it
  std::atomic<bool> stop{false};

  // The drawing side: the generator, in stream order, one batch ahead of the
  // summing side or up to ring_batches ahead.
  std::exception_ptr failure;
  std::thread drawer([&] {
    try {
      IndexDraws draws(generator, static_cast<std::uint32_t>(n));
      for (std::uint64_t b = 0; b < batches; ++b) {
        if (!wait_for([&] { return b - summed.load(std::memory_order_acquire) < ring_batches; }, stop)) return;
        draws.fill(ring.data() + (b % ring_batches) * kLanes * n, batch_size(b) * n);
        drawn.store(b + 1, std::memory_order_release);
      }
      words = draws.words_consumed();
    } catch (...) {
      failure = std::current_exception();
      stop = true;
    }
  });

  // The summing side, on the calling thread (progress is called here).
  std::vector<double> means;
  means.reserve(static_cast<std::size_t>(resamples));
  const std::uint64_t report_every = std::max<std::uint64_t>(resamples / 10, 4096);
  std::uint64_t next_report = report_every;
  try {
    double totals[kLanes];
    for (std::uint64_t b = 0; b < batches; ++b) {
      if (!wait_for([&] { return drawn.load(std::memory_order_acquire) > b; }, stop)) break;
      const std::uint32_t* batch = ring.data() + (b % ring_batches) * kLanes * n;
      const std::size_t count = batch_size(b);
      if (count == kLanes) {
        sum_eight_resamples(deltas.data(), batch, n, totals);
      } else {
        for (std::size_t k = 0; k < count; ++k) totals[k] = sum_drawn(0.0, deltas.data(), batch + k * n, n);
      }
      summed.store(b + 1, std::memory_order_release);
      for (std::size_t k = 0; k < count; ++k) means.push_back(totals[k] / n_as_double);
      if (progress && means.size() >= next_report && means.size() < resamples) {
        progress(means.size(), resamples);
        while (next_report <= means.size()) next_report += report_every;
      }
    }
  } catch (...) {
    stop = true;
    drawer.join();
    throw;
  }
  drawer.join();
  if (failure) std::rethrow_exception(failure);
  return means;
}

}  // namespace grk::significance
