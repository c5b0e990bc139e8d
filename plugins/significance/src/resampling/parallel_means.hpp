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

/// Sums the `count` draws at each of the eight `lanes` into totals[k], each
/// from 0.0 left to right; lanes may repeat (a lane's sum is then simply
/// computed twice).
inline void sum_eight_lanes(const double* deltas, const std::uint32_t* const* lanes, std::size_t count,
                            double* totals) noexcept {
  const std::uint32_t* d0 = lanes[0];
  const std::uint32_t* d1 = lanes[1];
  const std::uint32_t* d2 = lanes[2];
  const std::uint32_t* d3 = lanes[3];
  const std::uint32_t* d4 = lanes[4];
  const std::uint32_t* d5 = lanes[5];
  const std::uint32_t* d6 = lanes[6];
  const std::uint32_t* d7 = lanes[7];
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, s5 = 0.0, s6 = 0.0, s7 = 0.0;
  for (std::size_t j = 0; j < count; ++j) {
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

/// Sums resample k (k < 8) of `draws`, which holds eight resamples of n draws
/// one after the other, into totals[k], each from 0.0 left to right.
inline void sum_eight_resamples(const double* deltas, const std::uint32_t* draws, std::size_t n,
                                double* totals) noexcept {
  const std::uint32_t* const lanes[kLanes] = {draws,         draws + n,     draws + 2 * n, draws + 3 * n,
                                              draws + 4 * n, draws + 5 * n, draws + 6 * n, draws + 7 * n};
  sum_eight_lanes(deltas, lanes, n, totals);
}

/// `total` plus the deltas of `count` draws, left to right: a resample's
/// chain, whole (total 0.0) or continued where an earlier part stopped.
inline double sum_drawn(double total, const double* deltas, const std::uint32_t* draws, std::size_t count) noexcept {
  for (std::size_t j = 0; j < count; ++j) total += deltas[draws[j]];
  return total;
}

/// Whether resample_means_on_threads is worth a second thread for n deltas
/// and `resamples` resamples: enough draws to pay for starting it (about a
/// million), and chunks that hold several resamples each (n up to 80,000).
[[nodiscard]] bool two_threads_pay(std::size_t n, std::uint64_t resamples) noexcept;

/// The mean of each of `resamples` resamples of deltas.size() draws taken in
/// order from `generator` (randrange(n) of CPython; a generator that has
/// drawn nothing), on two threads. The generator's blocks are cut into
/// chunks that the calling thread and a second one take in turn, whichever
/// is free; each thread generates, draws and sums its chunks itself, so only
/// a chunk's start state, its end position and a partial sum pass between
/// the cores, never the draws (on this project's machines moving 40 MB of
/// draws across cores cost more than summing them). The draws and each
/// sum's order are one thread's, so the means are its bits. Sets `words` to
/// the generator words taken (whole blocks). `progress` is called on the
/// calling thread; what it throws stops the second thread too and is
/// rethrown. Any n >= 1 works; two_threads_pay says when it is worth it.
std::vector<double> resample_means_on_threads(const std::vector<double>& deltas, std::uint64_t resamples,
                                              MersenneTwister generator, const BootstrapProgress& progress,
                                              std::uint64_t& words);

}  // namespace grk::significance

#endif
