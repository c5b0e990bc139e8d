// AVX2 block kernels, compiled with -mavx2 -mpopcnt in this file only and
// chosen at run time (avx2_available). They produce exactly the words of the
// portable kernels; tests/significance compares both on every seed they use.
// Self-contained on purpose: an inline function shared with other files would
// be compiled for AVX2 here and could be picked by the linker for all callers.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace grk::significance::kernels {

void regenerate_avx2(std::uint32_t* state) noexcept;
void generate_avx2(std::uint32_t* words, std::size_t blocks) noexcept;
std::size_t accept_below_avx2(const std::uint32_t* raw, std::uint32_t shift, std::uint32_t bound,
                              std::uint32_t* out) noexcept;

namespace {
constexpr std::size_t kN = 624;
constexpr std::size_t kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
constexpr std::uint32_t kUpper = 0x80000000u;
constexpr std::uint32_t kLower = 0x7fffffffu;

std::uint32_t twist1(std::uint32_t current, std::uint32_t next, std::uint32_t far) noexcept {
  const std::uint32_t y = (current & kUpper) | (next & kLower);
  return far ^ (y >> 1) ^ ((0u - (y & 1u)) & kMatrixA);
}

__m256i twist8(__m256i current, __m256i next, __m256i far) noexcept {
  const __m256i y = _mm256_or_si256(_mm256_and_si256(current, _mm256_set1_epi32(static_cast<int>(kUpper))),
                                    _mm256_and_si256(next, _mm256_set1_epi32(static_cast<int>(kLower))));
  const __m256i odd = _mm256_sub_epi32(_mm256_setzero_si256(),
                                       _mm256_and_si256(y, _mm256_set1_epi32(1)));
  const __m256i mag = _mm256_and_si256(odd, _mm256_set1_epi32(static_cast<int>(kMatrixA)));
  return _mm256_xor_si256(_mm256_xor_si256(far, _mm256_srli_epi32(y, 1)), mag);
}

__m256i load(const std::uint32_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// Permutations that move the lanes selected by an 8-bit mask to the front.
struct CompressTable {
  alignas(32) std::uint32_t lanes[256][8];
};

constexpr CompressTable make_compress_table() {
  CompressTable table{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    unsigned slot = 0;
    for (unsigned lane = 0; lane < 8; ++lane) {
      if (mask & (1u << lane)) table.lanes[mask][slot++] = lane;
    }
    for (; slot < 8; ++slot) table.lanes[mask][slot] = 0;
  }
  return table;
}

constexpr CompressTable kCompress = make_compress_table();
}  // namespace

void regenerate_avx2(std::uint32_t* mt) noexcept {
  std::size_t k = 0;
  // Writes to mt[k..k+7] only read mt[k+1..k+8] ahead of them and, past
  // kN - kM, mt[k - 227..] which earlier iterations already wrote: the same
  // order of reads and writes as the scalar recurrence.
  for (; k + 8 <= kN - kM; k += 8) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(mt + k),
                        twist8(load(mt + k), load(mt + k + 1), load(mt + k + kM)));
  }
  for (; k < kN - kM; ++k) mt[k] = twist1(mt[k], mt[k + 1], mt[k + kM]);
  for (; k + 8 <= kN - 1; k += 8) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(mt + k),
                        twist8(load(mt + k), load(mt + k + 1), load(mt + k + kM - kN)));
  }
  for (; k < kN - 1; ++k) mt[k] = twist1(mt[k], mt[k + 1], mt[k + kM - kN]);
  mt[kN - 1] = twist1(mt[kN - 1], mt[0], mt[kM - 1]);
}

void generate_avx2(std::uint32_t* w, std::size_t blocks) noexcept {
  // Out of place the nearest word read is 227 behind the one written, so
  // eight at a time never read a word of the same step; 624 is 78 * 8.
  const std::size_t end = kN * (blocks + 1);
  for (std::size_t i = kN; i < end; i += 8) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(w + i),
                        twist8(load(w + i - kN), load(w + i - kN + 1), load(w + i - (kN - kM))));
  }
}

std::size_t accept_below_avx2(const std::uint32_t* raw, std::uint32_t shift, std::uint32_t bound,
                              std::uint32_t* out) noexcept {
  const __m128i count = _mm_cvtsi32_si128(static_cast<int>(shift));
  const __m256i last = _mm256_set1_epi32(static_cast<int>(bound - 1u));
  const __m256i mask_b = _mm256_set1_epi32(static_cast<int>(0x9d2c5680u));
  const __m256i mask_c = _mm256_set1_epi32(static_cast<int>(0xefc60000u));
  std::size_t written = 0;
  for (std::size_t i = 0; i < kN; i += 8) {
    __m256i y = load(raw + i);
    y = _mm256_xor_si256(y, _mm256_srli_epi32(y, 11));
    y = _mm256_xor_si256(y, _mm256_and_si256(_mm256_slli_epi32(y, 7), mask_b));
    y = _mm256_xor_si256(y, _mm256_and_si256(_mm256_slli_epi32(y, 15), mask_c));
    y = _mm256_xor_si256(y, _mm256_srli_epi32(y, 18));
    y = _mm256_srl_epi32(y, count);
    // r < bound  <=>  min(r, bound - 1) == r, unsigned; bound >= 1.
    const __m256i keep = _mm256_cmpeq_epi32(_mm256_min_epu32(y, last), y);
    const unsigned bits = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(keep)));
    const __m256i order = _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress.lanes[bits]));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + written),
                        _mm256_permutevar8x32_epi32(y, order));
    written += static_cast<std::size_t>(__builtin_popcount(bits));
  }
  return written;
}

}  // namespace grk::significance::kernels
