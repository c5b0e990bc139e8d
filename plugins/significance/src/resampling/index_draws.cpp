#include "resampling/index_draws.hpp"

#include <algorithm>
#include <stdexcept>

namespace grk::significance {

IndexDraws::IndexDraws(MersenneTwister generator, std::uint32_t n)
    : generator_(generator), bound_(n), shift_(shift_for(n)) {
  if (n == 0) throw std::invalid_argument("randrange() needs n >= 1");
}

std::uint32_t IndexDraws::shift_for(std::uint32_t n) noexcept {
  std::uint32_t bits = 0;
  for (std::uint32_t v = n; v != 0; v >>= 1) ++bits;
  return 32u - bits;
}

std::size_t IndexDraws::accept_block(const std::uint32_t* raw, std::uint32_t shift, std::uint32_t bound,
                                     std::uint32_t* out, bool avx2) noexcept {
#if defined(GRK_SIGNIFICANCE_AVX2_KERNELS)
  if (avx2) return kernels::accept_below_avx2(raw, shift, bound, out);
#else
  (void)avx2;
#endif
  return kernels::accept_below_portable(raw, shift, bound, out);
}

std::size_t IndexDraws::next_block_into(std::uint32_t* out) noexcept {
  generator_.next_block();
  words_ += MersenneTwister::state_size;
  return accept_block(generator_.raw_block(), shift_, bound_, out, generator_.uses_avx2());
}

void IndexDraws::fill(std::uint32_t* out, std::size_t count) {
  std::size_t done = std::min(count, carry_end_ - carry_begin_);
  std::copy(carry_.begin() + static_cast<std::ptrdiff_t>(carry_begin_),
            carry_.begin() + static_cast<std::ptrdiff_t>(carry_begin_ + done), out);
  carry_begin_ += done;
  // Whole blocks go straight to `out` while it has room for a block's worth.
  while (count - done >= carry_.size()) done += next_block_into(out + done);
  while (done < count) {
    carry_end_ = next_block_into(carry_.data());
    carry_begin_ = std::min(carry_end_, count - done);
    std::copy(carry_.begin(), carry_.begin() + static_cast<std::ptrdiff_t>(carry_begin_), out + done);
    done += carry_begin_;
  }
}

}  // namespace grk::significance
