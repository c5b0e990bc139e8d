// The per-block kernels behind MersenneTwister and IndexDraws: a portable
// version and, on x86-64, an AVX2 version that gives the same bits.
#ifndef GRK_SIGNIFICANCE_RESAMPLING_BLOCK_KERNELS_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_BLOCK_KERNELS_HPP

#include <cstddef>
#include <cstdint>

namespace grk::significance::kernels {

/// Words of room an accept kernel may write past its last accepted value.
constexpr std::size_t accept_slack = 8;

/// Advances a 624-word MT19937 state in place by one block.
void regenerate_portable(std::uint32_t* state) noexcept;

/// Continues the MT19937 sequence in one array: words[0, 624) hold a state,
/// and words[624, 624 * (blocks + 1)) receive the next `blocks` blocks, each
/// equal to what regenerate would leave in the state (the recurrence
/// w[i] = twist(w[i - 624], w[i - 623], w[i - 227]), written out of place).
void generate_portable(std::uint32_t* words, std::size_t blocks) noexcept;

/// Tempers the 624 words of `raw`, shifts each right by `shift` (getrandbits(k)
/// is the top k bits of a word, docs/behaviour/paired-bootstrap.md §4) and writes, in order, those that
/// are below `bound` to `out`; returns how many. `out` needs 624 + accept_slack
/// words of room.
[[nodiscard]] std::size_t accept_below_portable(const std::uint32_t* raw, std::uint32_t shift,
                                                std::uint32_t bound, std::uint32_t* out) noexcept;

/// True when the AVX2 versions below exist and this CPU runs them.
[[nodiscard]] bool avx2_available() noexcept;

#if defined(GRK_SIGNIFICANCE_AVX2_KERNELS)
void regenerate_avx2(std::uint32_t* state) noexcept;
void generate_avx2(std::uint32_t* words, std::size_t blocks) noexcept;
[[nodiscard]] std::size_t accept_below_avx2(const std::uint32_t* raw, std::uint32_t shift, std::uint32_t bound,
                                            std::uint32_t* out) noexcept;
#endif

}  // namespace grk::significance::kernels

#endif
