// Portable block kernels: the reference MT19937 recurrence and a branch-free
// rejection filter (a data-dependent branch here mispredicts on every
// rejection, which for n just above a power of two is almost half the words).
#include "resampling/block_kernels.hpp"

#include "resampling/mersenne_twister.hpp"

namespace grk::significance::kernels {

namespace {
constexpr std::size_t kN = MersenneTwister::state_size;
constexpr std::size_t kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
constexpr std::uint32_t kUpper = 0x80000000u;
constexpr std::uint32_t kLower = 0x7fffffffu;

inline std::uint32_t twist(std::uint32_t current, std::uint32_t next, std::uint32_t far) noexcept {
  const std::uint32_t y = (current & kUpper) | (next & kLower);
  return far ^ (y >> 1) ^ ((0u - (y & 1u)) & kMatrixA);
}
}  // namespace

void regenerate_portable(std::uint32_t* mt) noexcept {
  std::size_t k = 0;
  for (; k < kN - kM; ++k) mt[k] = twist(mt[k], mt[k + 1], mt[k + kM]);
  for (; k < kN - 1; ++k) mt[k] = twist(mt[k], mt[k + 1], mt[k + kM - kN]);
  mt[kN - 1] = twist(mt[kN - 1], mt[0], mt[kM - 1]);
}

void generate_portable(std::uint32_t* words, std::size_t blocks) noexcept {
  const std::size_t end = kN * (blocks + 1);
  for (std::size_t i = kN; i < end; ++i) words[i] = twist(words[i - kN], words[i - kN + 1], words[i - (kN - kM)]);
}

std::size_t accept_below_portable(const std::uint32_t* raw, std::uint32_t shift,
                                  std::uint32_t bound, std::uint32_t* out) noexcept {
  std::size_t count = 0;
  for (std::size_t i = 0; i < kN; ++i) {
    const std::uint32_t r = temper(raw[i]) >> shift;
    out[count] = r;
    count += static_cast<std::size_t>(r < bound);
  }
  return count;
}

bool avx2_available() noexcept {
#if defined(GRK_SIGNIFICANCE_AVX2_KERNELS)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

}  // namespace grk::significance::kernels
