// randomization_test: Fisher's paired randomization (sign-flip) test of the
// mean delta, exact when every sign assignment can be enumerated.
#ifndef GRK_SIGNIFICANCE_METHODS_RANDOMIZATION_HPP
#define GRK_SIGNIFICANCE_METHODS_RANDOMIZATION_HPP

#include <cstdint>
#include <vector>

#include "methods/test_row.hpp"

namespace grk::significance {

/// The relative tolerance under which a resampled |sum| counts as equal to
/// the observed one, so that float rounding in the sums does not flip a tie.
inline constexpr double randomization_tie_tolerance = 1e-9;

/// The test's answer.
struct RandomizationEstimate {
  double p_value_two_sided = 0.0;
  /// All 2^n assignments were enumerated.
  bool exact = false;
  /// Assignments enumerated (2^n) or drawn (`permutations`).
  std::uint64_t permutations = 0;
  /// sqrt(p(1-p)/B) for the Monte Carlo p, 0 when exact.
  double p_value_standard_error = 0.0;
};

/// The statistic is |sum of the signed deltas|; an assignment is at least as
/// extreme as the observed one when its |sum| >= observed * (1 - 1e-9). The
/// observed and the exact sums are taken left to right in the deltas' order;
/// a drawn vector's sum adds, block by block in order, the left-to-right sums
/// of its blocks of 8 signed deltas (a table lookup each), which the
/// tolerance absorbs.
///
/// When 2^n <= permutations (n = deltas.size()), the exact share of the 2^n
/// assignments at least as extreme (zero deltas, whose sign changes no sum,
/// are left out of the enumeration: the share is the same). Otherwise
/// `permutations` random sign vectors from random.Random(seed)'s MT19937
/// words: vector b takes the next ceil(n/32) words, and query i's sign is
/// flipped when bit i % 32 of word i / 32 is set; p = (count + 1) /
/// (permutations + 1) (never 0). The same seed gives the same bits on any
/// machine. Preconditions: deltas finite and non-empty, permutations >= 1.
[[nodiscard]] RandomizationEstimate randomization_test(const std::vector<double>& deltas,
                                                       std::int64_t permutations, std::int64_t seed);

// Its row of the table (methods/comparison_tests.hpp).
TestParams randomization_test_params;
TestFill fill_randomization;

}  // namespace grk::significance

#endif
