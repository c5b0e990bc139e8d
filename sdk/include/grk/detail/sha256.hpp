// SHA-256 (FIPS 180-4), header-only: the digest names of the id encoding
// (docs/behaviour/beir.md §16.8) and the host's provenance of configs, input files and
// folders (docs/design.md §4.8). Where the CPU has the x86 SHA extensions the
// blocks go through them (about five times faster: a dataset folder of a GB
// is hashed before its step runs); elsewhere through portable code. Both
// give the same digest, which a test checks against sha256sum.
#ifndef GRK_DETAIL_SHA256_HPP
#define GRK_DETAIL_SHA256_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define GRK_DETAIL_SHA256_X86 1
#endif

namespace grk::detail {

/// Which code compresses the blocks: the best the CPU allows, or the
/// portable code (for tests that compare the two).
enum class Sha256Kernel { best, portable };

namespace sha256_constants {
inline constexpr std::array<std::uint32_t, 64> k = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
}  // namespace sha256_constants

#ifdef GRK_DETAIL_SHA256_X86
/// Whether the CPU has the SHA extensions (CPUID leaf 7, EBX bit 29) and
/// SSE4.1, which the kernel below needs.
inline bool cpu_has_sha_extensions() noexcept {
  static const bool has = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, nullptr) < 7) return false;
    __cpuid_count(7, 0, a, b, c, d);
    const bool sha = (b >> 29) & 1u;
    __cpuid(1, a, b, c, d);
    const bool sse41 = (c >> 19) & 1u;
    return sha && sse41;
  }();
  return has;
}

/// Compresses `blocks` 64-byte blocks from `data` into `state` with the SHA
/// extensions: four rounds per pair of sha256rnds2, the message schedule by
/// sha256msg1/2. The state stays in the instructions' order (ABEF, CDGH)
/// from the first block to the last.
__attribute__((target("sha,sse4.1"))) inline void compress_with_sha_extensions(std::uint32_t* state,
                                                                               const std::uint8_t* data,
                                                                               std::size_t blocks) noexcept {
  const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
  // state is A..H; the instructions want ABEF and CDGH.
  __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state)), 0xB1);  // CDAB
  __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4)), 0x1B);  // EFGH
  __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);     // ABEF
  state1 = _mm_blend_epi16(state1, tmp, 0xF0);          // CDGH
  for (const std::uint8_t* block = data; blocks > 0; --blocks, block += 64) {
    const __m128i abef = state0;
    const __m128i cdgh = state1;
    __m128i w[4];
    for (int i = 0; i < 4; ++i) {
      w[i] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i)), byte_swap);
    }
    for (int group = 0; group < 16; ++group) {
      if (group >= 4) {
        // W[t..t+3] from the four groups before it.
        __m128i& next = w[group % 4];
        const __m128i w7 = _mm_alignr_epi8(w[(group + 3) % 4], w[(group + 2) % 4], 4);
        next = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(next, w[(group + 1) % 4]), w7),
                                    w[(group + 3) % 4]);
      }
      __m128i message = _mm_add_epi32(
          w[group % 4], _mm_loadu_si128(reinterpret_cast<const __m128i*>(sha256_constants::k.data() + 4 * group)));
      state1 = _mm_sha256rnds2_epu32(state1, state0, message);
      message = _mm_shuffle_epi32(message, 0x0E);
      state0 = _mm_sha256rnds2_epu32(state0, state1, message);
    }
    state0 = _mm_add_epi32(state0, abef);
    state1 = _mm_add_epi32(state1, cdgh);
  }
  tmp = _mm_shuffle_epi32(state0, 0x1B);        // FEBA
  state1 = _mm_shuffle_epi32(state1, 0xB1);     // DCHG
  state0 = _mm_blend_epi16(tmp, state1, 0xF0);  // DCBA
  state1 = _mm_alignr_epi8(state1, tmp, 8);     // HGFE
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state), state0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), state1);
}
#endif

/// A SHA-256 computed over bytes given in any number of pieces.
class Sha256 {
 public:
  explicit Sha256(Sha256Kernel kernel = Sha256Kernel::best) noexcept {
#ifdef GRK_DETAIL_SHA256_X86
    use_sha_extensions_ = kernel == Sha256Kernel::best && cpu_has_sha_extensions();
#else
    (void)kernel;
#endif
  }

  void update(const void* data, std::size_t size) noexcept {
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    total_ += size;
    // Whole blocks straight from the input when nothing is buffered.
    if (buffered_ == 0 && size >= buffer_.size()) {
      const std::size_t blocks = size / buffer_.size();
      compress(bytes, blocks);
      bytes += blocks * buffer_.size();
      size -= blocks * buffer_.size();
    }
    while (size > 0) {
      const std::size_t take = std::min(size, buffer_.size() - buffered_);
      std::memcpy(buffer_.data() + buffered_, bytes, take);
      buffered_ += take;
      bytes += take;
      size -= take;
      if (buffered_ == buffer_.size()) {
        compress(buffer_.data(), 1);
        buffered_ = 0;
      }
    }
  }
  void update(std::string_view bytes) noexcept { update(bytes.data(), bytes.size()); }

  /// Lowercase hex of the digest; the object must not be updated afterwards.
  [[nodiscard]] std::string hex_digest() {
    const std::uint64_t bits = total_ * 8;
    const std::uint8_t pad = 0x80;
    update(&pad, 1);
    const std::uint8_t zero = 0;
    while (buffered_ != 56) update(&zero, 1);
    std::uint8_t length[8];
    for (int i = 0; i < 8; ++i) length[i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
    update(length, 8);
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(64);
    for (const std::uint32_t word : state_) {
      for (int shift = 28; shift >= 0; shift -= 4) hex += digits[(word >> shift) & 0xf];
    }
    return hex;
  }

 private:
  static constexpr std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void compress(const std::uint8_t* data, std::size_t blocks) noexcept {
#ifdef GRK_DETAIL_SHA256_X86
    if (use_sha_extensions_) {
      compress_with_sha_extensions(state_.data(), data, blocks);
      return;
    }
#endif
    for (; blocks > 0; --blocks, data += 64) compress_portably(data);
  }

  void compress_portably(const std::uint8_t* block) noexcept {
    const auto& k = sha256_constants::k;
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
      w[i] = std::uint32_t{block[4 * i]} << 24 | std::uint32_t{block[4 * i + 1]} << 16 |
             std::uint32_t{block[4 * i + 2]} << 8 | std::uint32_t{block[4 * i + 3]};
    }
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    auto [a, b, c, d, e, f, g, h] = state_;
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    const std::uint32_t add[8] = {a, b, c, d, e, f, g, h};
    for (int i = 0; i < 8; ++i) state_[i] += add[i];
  }

  std::array<std::uint32_t, 8> state_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_ = 0;
  bool use_sha_extensions_ = false;
};

/// The lowercase hex SHA-256 digest of `bytes`.
inline std::string sha256_hex(std::string_view bytes) {
  Sha256 hash;
  hash.update(bytes);
  return hash.hex_digest();
}

}  // namespace grk::detail

#endif
