// bootstrap_deltas: the resampling core of paired_bootstrap, on deltas that
// are already paired and checked (docs/behaviour/paired-bootstrap.md §3 steps 3-10).
#ifndef GRK_SIGNIFICANCE_RESAMPLING_BOOTSTRAP_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_BOOTSTRAP_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace grk::significance {

/// What the bootstrap estimates, bit-identical to CPython 3.11.
struct BootstrapEstimate {
  double effect = 0.0;
  double confidence_interval_low = 0.0;
  double confidence_interval_high = 0.0;
  double p_value_two_sided = 0.0;
  bool significant = false;
  /// 32-bit generator words used (for the benchmark; not part of any result).
  std::uint64_t words_consumed = 0;
};

/// Called now and then with the resamples done so far and the total.
using BootstrapProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

/// How the bootstrap runs; every choice gives the same bits.
struct BootstrapTuning {
  /// Use the portable kernels even where AVX2 is available.
  bool portable_kernels = false;
  /// Threads for the resample means; 0: GRK_THREADS when it is a positive
  /// integer, else the machine's cores, and then one thread below 4 Mi draws
  /// (resamples x n), where a second one costs more than it gains.
  unsigned threads = 0;
};

/// The threads `tuning` asks for (its `threads`, else 1 within a
/// OneThreadBootstraps scope, else GRK_THREADS, else the cores).
[[nodiscard]] unsigned bootstrap_threads(const BootstrapTuning& tuning);

/// While one is alive on a thread (and `active`), bootstraps started on that
/// thread take one thread unless their tuning names a count: for callers that
/// already spread their own work over the cores (results/parallel_slots.cpp),
/// where threads within threads would only wait on each other.
class OneThreadBootstraps {
 public:
  explicit OneThreadBootstraps(bool active = true);
  ~OneThreadBootstraps();
  OneThreadBootstraps(const OneThreadBootstraps&) = delete;
  OneThreadBootstraps& operator=(const OneThreadBootstraps&) = delete;

 private:
  bool previous_;
};

/// docs/behaviour/paired-bootstrap.md §3 steps 3-10 on `deltas` (candidate minus baseline, in
/// sorted query-id order): `resamples` resamples of size n drawn with
/// `random.Random(seed).randrange(n)`, each summed left to right (CPython
/// 3.11 sum(), docs/behaviour/paired-bootstrap.md §5), the quantile CI, the (r+1)/(B+1) achieved
/// significance level, and the CI verdict.
///
/// Preconditions (paired_bootstrap checks them with the reference messages):
/// 1 <= deltas.size() < 2**32, every delta finite, resamples >= 1,
/// 0 < confidence_level < 1. Memory is O(n * threads + resamples) plus 15 MiB of rounds on threads.
///
/// On several threads (resample_means_on_threads) the draws are still those of
/// the one generator in order, each resample's chain is summed left to right
/// and its mean lands in its own slot, so the result is the same for any
/// thread count. `progress` is called on the calling thread only.
[[nodiscard]] BootstrapEstimate bootstrap_deltas(const std::vector<double>& deltas, std::int64_t resamples,
                                                 std::int64_t seed, double confidence_level,
                                                 const BootstrapProgress& progress = {},
                                                 const BootstrapTuning& tuning = {});

/// CPython 3.11 `sum(values)` over floats: 0 + x0 + x1 + ... left to right,
/// no compensation (3.12 changed this; docs/behaviour/paired-bootstrap.md §5).
[[nodiscard]] double python311_sum(const double* values, std::size_t count) noexcept;

}  // namespace grk::significance

#endif
