// IndexDraws: the sequence of `rng.randrange(n)` results of one
// random.Random, produced a block at a time (docs/behaviour/paired-bootstrap.md §4).
#ifndef GRK_SIGNIFICANCE_RESAMPLING_INDEX_DRAWS_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_INDEX_DRAWS_HPP

#include <array>
#include <cstddef>
#include <cstdint>

#include "resampling/block_kernels.hpp"
#include "resampling/mersenne_twister.hpp"

namespace grk::significance {

/// CPython 3.11's randrange(n) for 1 <= n < 2**32 (_randbelow_with_getrandbits):
/// k = n.bit_length(); draw getrandbits(k) until it is below n. n == 1 still
/// draws (k = 1) and so consumes words. Results come out in draw order, exactly
/// as successive randrange(n) calls would return them.
class IndexDraws {
 public:
  IndexDraws(MersenneTwister generator, std::uint32_t n);

  /// getrandbits(k) of n.bit_length() = k is a word's top k bits: the
  /// shift that leaves them.
  [[nodiscard]] static std::uint32_t shift_for(std::uint32_t n) noexcept;

  /// Writes, in order, the draws below `bound` of the raw (untempered)
  /// block `raw` (each tempered word shifted by `shift`) to `out`, which has
  /// room for MersenneTwister::state_size + kernels::accept_slack words;
  /// returns how many. `avx2`: as MersenneTwister::uses_avx2().
  static std::size_t accept_block(const std::uint32_t* raw, std::uint32_t shift, std::uint32_t bound,
                                  std::uint32_t* out, bool avx2) noexcept;

  /// Writes the next `count` draws to `out`.
  void fill(std::uint32_t* out, std::size_t count);

  /// 32-bit words taken from the generator so far (whole blocks).
  std::uint64_t words_consumed() const noexcept { return words_; }
  bool uses_avx2() const noexcept { return generator_.uses_avx2(); }

 private:
  std::size_t next_block_into(std::uint32_t* out) noexcept;

  MersenneTwister generator_;
  std::uint32_t bound_;
  std::uint32_t shift_;
  std::uint64_t words_ = 0;
  // Draws of the last block that the previous fill() did not need.
  std::array<std::uint32_t, MersenneTwister::state_size + kernels::accept_slack> carry_{};
  std::size_t carry_begin_ = 0;
  std::size_t carry_end_ = 0;
};

}  // namespace grk::significance

#endif
