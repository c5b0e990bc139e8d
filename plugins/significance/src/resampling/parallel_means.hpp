// The resample means of the paired bootstrap on several threads, with the
// bits of one (docs/behaviour/paired-bootstrap.md §3 steps 4-5, §5).
#ifndef GRK_SIGNIFICANCE_RESAMPLING_PARALLEL_MEANS_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_PARALLEL_MEANS_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "resampling/bootstrap.hpp"
#include "resampling/mersenne_twister.hpp"

namespace grk::significance {

/// Resamples summed side by side: each resample's sum is a serial chain of
/// additions (the order is fixed by docs/behaviour/paired-bootstrap.md §5), so
/// one chain alone waits on the adder's latency; eight independent chains keep it busy.
constexpr std::size_t kLanes = 8;

/// Sums resample k (k < 8) of `draws`, which holds eight resamples of n draws
/// one after the other, into totals[k], each from 0.0 left to right.
inline void sum_eight_resamples(const double* deltas, const std::uint32_t* draws, std::size_t n,
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

/// `total` plus the deltas of `count` draws, left to right: a resample's
/// chain, whole (total 0.0) or continued where an earlier part stopped.
inline double sum_drawn(double total, const double* deltas, const std::uint32_t* draws, std::size_t count) noexcept {
  for (std::size_t j = 0; j < count; ++j) total += deltas[draws[j]];
  return total;
}

/// The mean of each of `resamples` resamples of deltas.size() draws taken in
/// order from `generator` (randrange(n) of CPython), on two threads in a
/// pipeline: a second thread draws eight resamples at a time into a ring of
/// eight such batches while the calling thread sums the batches before it,
/// side by side. The draws and each sum's order are one thread's, so the
/// means are its bits. Sets `words` to the generator words taken (whole
/// blocks). `progress` is called on the calling thread; what it throws ends
/// the drawing thread too and is rethrown.
std::vector<double> resample_means_on_threads(const std::vector<double>& deltas, std::uint64_t resamples,
                                              MersenneTwister generator, const BootstrapProgress& progress,
                                              std::uint64_t& words);

}  // namespace grk::significance

#endif
