// randomized_tukey_hsd: the randomised Tukey HSD test of Carterette (2012)
// and Sakai (2014): under the null hypothesis that the k systems do not
// differ, each query's k scores are exchangeable among the systems, so the
// law of the largest difference between system means, max - min, comes from
// shuffling every query's scores; a pair is significant when its own
// |difference| is rare under that law. One law serves every pair, so the
// p-values are family-wise over all k (k - 1) / 2 pairs.
#ifndef GRK_SIGNIFICANCE_METHODS_RANDOMIZED_TUKEY_HSD_HPP
#define GRK_SIGNIFICANCE_METHODS_RANDOMIZED_TUKEY_HSD_HPP

#include <cstdint>
#include <functional>
#include <vector>

#include "methods/test_row.hpp"

namespace grk::significance {

/// The relative tolerance under which a shuffled max - min counts as
/// reaching an observed difference: the shuffled means are summed in another
/// order than the observed ones (as randomization_tie_tolerance).
inline constexpr double range_tie_tolerance = 1e-9;

/// The permutations drawn by one seeded block: the draws are cut into blocks
/// of this many, each with its own generator, so that the counts, summed over
/// blocks, do not depend on how many threads ran the blocks.
inline constexpr std::uint64_t range_block_size = 256;

/// One pair's answer.
struct RangeTestPair {
  double p_value = 0.0;
  /// sqrt(p (1 - p) / B) for the Monte Carlo p, 0 when exact.
  double p_value_standard_error = 0.0;
};

/// The test's answer for every observed difference asked about.
struct RangeTest {
  /// Every assignment was enumerated.
  bool exact = false;
  /// Assignments enumerated ((k!)^n) or drawn (`permutations`).
  std::uint64_t permutations = 0;
  /// One per `differences`, in their order.
  std::vector<RangeTestPair> pairs;
};

/// The test on `scores[system][query]` (k >= 2 rows of n >= 1 finite
/// scores) for each observed mean difference of `differences` (their sign is
/// ignored). The statistic of an assignment is max - min of the k system
/// means, each summed over the queries in order and divided by n; it reaches
/// |d| when it is >= |d| (1 - 1e-9).
///
/// When (k!)^n <= permutations, every assignment (each query's own
/// permutation of its k scores) is enumerated and p is the share that
/// reaches |d|. Otherwise `permutations` assignments are drawn and p =
/// (count + 1) / (permutations + 1), never 0, as randomization's: draw b
/// belongs to block b / 256, whose generator is MT19937 seeded by
/// init_by_array([|seed| mod 2^32, |seed| / 2^32, block]); a draw shuffles
/// every query's row in turn (Fisher-Yates from the last position down) in
/// the block's working copy of the matrix, which each draw reshuffles (a
/// uniform shuffle of any arrangement is uniform). The shuffle's ranges k,
/// k - 1, ..., 2 are cut in order into batches of product P <= 2^28, and a
/// batch's indices come from one 32-bit word w by Lemire's unbiased
/// multiply-and-reject for P: w times the first range, the high half its
/// index, the low half times the next range, and so on; w is redrawn when the
/// last low half is below 2^32 mod P. Blocks run on `threads`
/// threads; the counts are summed per block, so any thread count gives the
/// same answer. `poll()`, when given, is called before each block (the
/// host's cancellation): what it throws starts no block more and is rethrown.
[[nodiscard]] RangeTest randomized_tukey_hsd(const std::vector<std::vector<double>>& scores,
                                             const std::vector<double>& differences, std::int64_t permutations,
                                             std::int64_t seed, unsigned threads,
                                             const std::function<void()>& poll = {});

// Its row of the table (methods/comparison_tests.hpp).
TestParams randomized_tukey_test_params;
TestFill fill_randomized_tukey;
TestAnalysis analyse_randomized_tukey;

}  // namespace grk::significance

#endif
