#include "resampling/mersenne_twister.hpp"

#include "resampling/block_kernels.hpp"

namespace grk::significance {

MersenneTwister MersenneTwister::from_python_seed(std::int64_t seed) {
  // abs() in unsigned arithmetic: abs(-2**63) is 2**63 in Python.
  const std::uint64_t magnitude =
      seed < 0 ? 0u - static_cast<std::uint64_t>(seed) : static_cast<std::uint64_t>(seed);
  std::vector<std::uint32_t> key{static_cast<std::uint32_t>(magnitude)};
  if ((magnitude >> 32) != 0) key.push_back(static_cast<std::uint32_t>(magnitude >> 32));
  return MersenneTwister(key);
}

MersenneTwister::MersenneTwister(const std::vector<std::uint32_t>& key) {
  constexpr std::size_t n = state_size;
  auto& mt = state_;
  mt[0] = 19650218u;
  for (std::size_t i = 1; i < n; ++i) {
    mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  }
  std::size_t i = 1;
  std::size_t j = 0;
  const std::size_t length = key.size();
  for (std::size_t k = n > length ? n : length; k > 0; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] +
            static_cast<std::uint32_t>(j);
    ++i;
    ++j;
    if (i >= n) {
      mt[0] = mt[n - 1];
      i = 1;
    }
    if (j >= length) j = 0;
  }
  for (std::size_t k = n - 1; k > 0; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - static_cast<std::uint32_t>(i);
    ++i;
    if (i >= n) {
      mt[0] = mt[n - 1];
      i = 1;
    }
  }
  mt[0] = 0x80000000u;
  position_ = n;
  avx2_ = kernels::avx2_available();
}

void MersenneTwister::next_block() noexcept {
#if defined(GRK_SIGNIFICANCE_AVX2_KERNELS)
  if (avx2_) {
    kernels::regenerate_avx2(state_.data());
    position_ = 0;
    return;
  }
#endif
  kernels::regenerate_portable(state_.data());
  position_ = 0;
}

void MersenneTwister::generate(std::uint32_t* words, std::size_t blocks) const noexcept {
#if defined(GRK_SIGNIFICANCE_AVX2_KERNELS)
  if (avx2_) {
    kernels::generate_avx2(words, blocks);
    return;
  }
#endif
  kernels::generate_portable(words, blocks);
}

std::uint32_t MersenneTwister::next_word() noexcept {
  if (position_ >= state_size) next_block();
  return temper(state_[position_++]);
}

}  // namespace grk::significance
