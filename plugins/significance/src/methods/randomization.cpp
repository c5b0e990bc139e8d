#include "methods/randomization.hpp"

#include <cmath>
#include <cstddef>

#include "resampling/mersenne_twister.hpp"
#include "methods/comparison_tests.hpp"

namespace grk::significance {

namespace {

double left_to_right_sum(const std::vector<double>& values) {
  double sum = 0.0;
  for (double value : values) sum += value;
  return sum;
}

// Every assignment's sum is the left-to-right sum of its signed deltas; the
// depth-first walk shares each prefix, so 2^m leaves cost O(2^m) additions
// and still round exactly as a fresh left-to-right sum would.
struct ExactCount {
  const std::vector<double>& deltas;
  double threshold;
  std::uint64_t count = 0;

  void walk(std::size_t index, double prefix) {
    if (index + 1 == deltas.size()) {
      const double d = deltas[index];
      count += std::fabs(prefix + d) >= threshold ? 1 : 0;
      count += std::fabs(prefix - d) >= threshold ? 1 : 0;
      return;
    }
    walk(index + 1, prefix + deltas[index]);
    walk(index + 1, prefix - deltas[index]);
  }
};

// The signed sum of every sign pattern of each block of 8 deltas (bit j of
// the pattern flips delta 8g + j), each summed left to right within its
// block. A sign vector's sum is then one lookup per 8 queries, added block by
// block in order: an eighth of the additions of a per-query sum, and still a
// fixed order of operations, so a seed gives the same bits on any machine.
class SignedBlockSums {
 public:
  explicit SignedBlockSums(const std::vector<double>& deltas)
      : blocks_((deltas.size() + 7) / 8), table_(blocks_ * 256) {
    for (std::size_t block = 0; block < blocks_; ++block) {
      for (unsigned pattern = 0; pattern < 256; ++pattern) {
        double sum = 0.0;
        for (std::size_t j = 0; j < 8 && block * 8 + j < deltas.size(); ++j) {
          const double delta = deltas[block * 8 + j];
          sum += (pattern >> j) & 1u ? -delta : delta;
        }
        table_[block * 256 + pattern] = sum;
      }
    }
  }

  // Lanes sign vectors summed side by side (each still block by block in
  // order), so the additions of different vectors overlap in the pipeline.
  // Vector `lane`'s bits are words[lane * words_per_vector ...]: query i's
  // sign is bit i % 32 of its word i / 32, so block g is byte g % 4 of word g / 4.
  template <std::size_t Lanes>
  std::uint64_t count_extreme(const std::uint32_t* words, std::size_t words_per_vector, double threshold) const {
    double sums[Lanes] = {};
    for (std::size_t block = 0; block < blocks_; ++block) {
      const std::size_t word = block / 4;
      const unsigned shift = static_cast<unsigned>(8 * (block % 4));
      const double* row = &table_[block * 256];
      for (std::size_t lane = 0; lane < Lanes; ++lane) {
        sums[lane] += row[(words[lane * words_per_vector + word] >> shift) & 0xFFu];
      }
    }
    std::uint64_t count = 0;
    for (std::size_t lane = 0; lane < Lanes; ++lane) count += std::fabs(sums[lane]) >= threshold ? 1 : 0;
    return count;
  }

 private:
  std::size_t blocks_;
  std::vector<double> table_;
};

}  // namespace

RandomizationEstimate randomization_test(const std::vector<double>& deltas, std::int64_t permutations,
                                         std::int64_t seed) {
  const double observed = std::fabs(left_to_right_sum(deltas));
  const double threshold = observed - randomization_tie_tolerance * observed;
  const std::size_t n = deltas.size();
  RandomizationEstimate estimate;

  if (n < 63 && (std::uint64_t{1} << n) <= static_cast<std::uint64_t>(permutations)) {
    std::vector<double> nonzero;
    for (double delta : deltas) {
      if (delta != 0.0) nonzero.push_back(delta);
    }
    estimate.exact = true;
    estimate.permutations = std::uint64_t{1} << n;
    if (nonzero.empty()) {
      estimate.p_value_two_sided = 1.0;
      return estimate;
    }
    ExactCount counter{nonzero, threshold};
    counter.walk(0, 0.0);
    estimate.p_value_two_sided =
        static_cast<double>(counter.count) / static_cast<double>(std::uint64_t{1} << nonzero.size());
    return estimate;
  }

  constexpr std::size_t lanes = 4;
  const std::size_t words_per_vector = (n + 31) / 32;
  const SignedBlockSums block_sums(deltas);
  const auto total = static_cast<std::uint64_t>(permutations);
  MersenneTwister generator = MersenneTwister::from_python_seed(seed);
  std::vector<std::uint32_t> words(lanes * words_per_vector);
  std::uint64_t count = 0;
  std::uint64_t done = 0;
  for (; done + lanes <= total; done += lanes) {
    for (std::uint32_t& word : words) word = generator.next_word();
    count += block_sums.count_extreme<lanes>(words.data(), words_per_vector, threshold);
  }
  for (; done < total; ++done) {
    for (std::size_t w = 0; w < words_per_vector; ++w) words[w] = generator.next_word();
    count += block_sums.count_extreme<1>(words.data(), words_per_vector, threshold);
  }
  const double b = static_cast<double>(total);
  const double p = (static_cast<double>(count) + 1.0) / (b + 1.0);
  estimate.p_value_two_sided = p;
  estimate.permutations = total;
  estimate.p_value_standard_error = std::sqrt(p * (1.0 - p) / b);
  return estimate;
}

// Its row of the table (methods/comparison_tests.hpp).
std::vector<ParamSpec> randomization_test_params() {
  return setting_params({"confidence_level", "alpha", "resamples", "permutations", "seed"});
}

Expected<void> fill_randomization(ComparisonRecord& record, const std::vector<double>& deltas,
                                  const TestSettings& settings, const TestRun& run) {
  GRK_TRY_VOID(set_bootstrap_interval(record, deltas, settings, run));
  const RandomizationEstimate estimate = randomization_test(deltas, settings.permutations, settings.seed);
  set_p_value(record, estimate.p_value_two_sided, settings.alpha);
  record.details = {{"method", estimate.exact ? "exact" : "monte-carlo"},
                    {"permutations", estimate.permutations},
                    {"p_value_standard_error", estimate.p_value_standard_error}};
  return {};
}

}  // namespace grk::significance
