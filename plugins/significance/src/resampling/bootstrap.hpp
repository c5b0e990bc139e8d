// bootstrap_deltas: the resampling core of paired_bootstrap, on deltas that
// are already paired and checked (docs/behaviour/paired-bootstrap.md §3 steps 3-10),
// and ConfidenceInterval, the interval it estimates, which every test of the
// module reports (the t and Tukey intervals too), from its estimate to the record.
#ifndef GRK_SIGNIFICANCE_RESAMPLING_BOOTSTRAP_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_BOOTSTRAP_HPP

#include <boost/describe/class.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace grk::significance {

/// [low, high] of a mean delta. Described, so that a record holding one as
/// `confidence_interval` is written with the keys `confidence_interval_low`
/// and `confidence_interval_high` (<grk/json/described.hpp>).
struct ConfidenceInterval {
  double low = 0.0;
  double high = 0.0;

  /// Whether the interval leaves out 0 (on either side): the bootstrap's
  /// verdict (docs/behaviour/paired-bootstrap.md §3 step 10).
  [[nodiscard]] bool excludes_zero() const noexcept { return low > 0.0 || high < 0.0; }
};
BOOST_DESCRIBE_STRUCT(ConfidenceInterval, (), (low, high))

/// What the bootstrap estimates, bit-identical to CPython 3.11 (its verdict
/// is confidence_interval.excludes_zero()).
struct BootstrapEstimate {
  double effect = 0.0;
  ConfidenceInterval confidence_interval;
  double p_value_two_sided = 0.0;
  /// 32-bit generator words used (for the benchmark; not part of any result).
  std::uint64_t words_consumed = 0;
};

/// Called now and then with the resamples done so far and the total.
using BootstrapProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

/// How the bootstrap runs; every choice gives the same bits.
struct BootstrapTuning {
  /// Use the portable kernels even where AVX2 is available.
  bool portable_kernels = false;
  /// Threads for the resample means (two at most are used); 0: one. A
  /// second thread is taken only when this names it and the run pays for it
  /// (two_threads_pay: 2^20 draws or more, n up to 80,000).
  unsigned threads = 0;
};

/// docs/behaviour/paired-bootstrap.md §3 steps 3-10 on `deltas` (candidate minus baseline, in
/// sorted query-id order): `resamples` resamples of size n drawn with
/// `random.Random(seed).randrange(n)`, each summed left to right (CPython
/// 3.11 sum(), docs/behaviour/paired-bootstrap.md §5), the quantile CI, the (r+1)/(B+1) achieved
/// significance level, and the CI verdict.
///
/// Preconditions (paired_bootstrap checks them with the reference messages):
/// 1 <= deltas.size() < 2**32, every delta finite, resamples >= 1,
/// 0 < confidence_level < 1. Memory is O(n + resamples).
///
/// On two threads (resample_means_on_threads) the draws are still those of
/// the one generator in order and each resample's chain is summed left to
/// right, so the result is the same for any thread count. `progress` is called on the calling thread only.
[[nodiscard]] BootstrapEstimate bootstrap_deltas(const std::vector<double>& deltas, std::int64_t resamples,
                                                 std::int64_t seed, double confidence_level,
                                                 const BootstrapProgress& progress = {},
                                                 const BootstrapTuning& tuning = {});

/// CPython 3.11 `sum(values)` over floats: 0 + x0 + x1 + ... left to right,
/// no compensation (3.12 changed this; docs/behaviour/paired-bootstrap.md §5).
[[nodiscard]] double python311_sum(const double* values, std::size_t count) noexcept;

}  // namespace grk::significance

#endif
