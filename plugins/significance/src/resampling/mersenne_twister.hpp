// MersenneTwister: CPython's random.Random generator (MT19937 with
// init_by_array seeding), block by block (docs/behaviour/paired-bootstrap.md §4).
#ifndef GRK_SIGNIFICANCE_RESAMPLING_MERSENNE_TWISTER_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_MERSENNE_TWISTER_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace grk::significance {

/// The 624-word MT19937 state as CPython's `random.Random(seed)` builds it.
/// std::mt19937's seed()/seed_seq differ from init_by_array, so the seeding is
/// written out here; the generation itself is the standard recurrence.
class MersenneTwister {
 public:
  static constexpr std::size_t state_size = 624;

  /// `random.Random(seed)` for a Python int: abs(seed) split into 32-bit
  /// words, least significant first ([0] for 0), fed to init_by_array.
  [[nodiscard]] static MersenneTwister from_python_seed(std::int64_t seed);

  /// init_by_array(key) of the reference MT19937 (key must not be empty).
  explicit MersenneTwister(const std::vector<std::uint32_t>& key);

  /// genrand_uint32: the next tempered word (`getrandbits(32)`).
  std::uint32_t next_word() noexcept;

  /// Replaces the whole state with the next block and restarts the word
  /// position, so raw_block() holds the next 624 untempered words. Callers
  /// that mix this with next_word() consume words at block granularity.
  void next_block() noexcept;
  const std::uint32_t* raw_block() const noexcept { return state_.data(); }

  /// The blocks after the state in words[0, 624), written to
  /// words[624, 624 * (blocks + 1)) (kernels::generate_portable), with
  /// this generator's kernel. raw_block() of a generator that has drawn
  /// nothing is the state its first block follows.
  void generate(std::uint32_t* words, std::size_t blocks) const noexcept;

  /// Whether next_block() uses the AVX2 kernel (same bits either way).
  void use_portable_kernel() noexcept { avx2_ = false; }
  bool uses_avx2() const noexcept { return avx2_; }

 private:
  std::array<std::uint32_t, state_size> state_{};
  std::size_t position_ = state_size;
  bool avx2_ = false;
};

/// The MT19937 output transform.
[[nodiscard]] constexpr std::uint32_t temper(std::uint32_t y) noexcept {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

}  // namespace grk::significance

#endif
