#include "methods/randomized_tukey_hsd.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <utility>

#include <grk/eval/threads.hpp>

#include "resampling/mersenne_twister.hpp"
#include "methods/comparison_tests.hpp"

namespace grk::significance {

namespace {

/// The matrix query by query: row q holds the k scores of query q, the unit
/// the null hypothesis shuffles.
struct QueryRows {
  std::size_t systems = 0;
  std::size_t queries = 0;
  std::vector<double> cells;  // cells[q * systems + s]

  explicit QueryRows(const std::vector<std::vector<double>>& scores)
      : systems(scores.size()), queries(scores.front().size()), cells(systems * queries) {
    for (std::size_t s = 0; s < systems; ++s) {
      for (std::size_t q = 0; q < queries; ++q) cells[q * systems + s] = scores[s][q];
    }
  }
};

/// How many assignments of each count reached: the observed thresholds
/// sorted ascending, and per assignment the number of thresholds its
/// statistic reaches (hits[m] counts the assignments that reach exactly the
/// m smallest).
struct Thresholds {
  std::vector<double> sorted;

  std::size_t reached(double statistic) const {
    return static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), statistic) - sorted.begin());
  }
};

double range_of_means(const std::vector<double>& sums, double queries) {
  const auto [low, high] = std::minmax_element(sums.begin(), sums.end());
  return (*high - *low) / queries;
}

/// (k!)^n when it is at most `limit`, else nothing.
bool enumerable(std::size_t systems, std::size_t queries, std::uint64_t limit, std::uint64_t& total) {
  std::uint64_t factorial = 1;
  for (std::size_t i = 2; i <= systems; ++i) {
    if (factorial > limit / i) return false;
    factorial *= i;
  }
  total = 1;
  for (std::size_t q = 0; q < queries; ++q) {
    if (total > limit / factorial) return false;
    total *= factorial;
  }
  return true;
}

/// Every assignment, query by query: each query's k! orders of its scores
/// (std::next_permutation from the sorted index order), the sums carried
/// down the recursion so that each leaf sums its queries in order.
struct Enumeration {
  const QueryRows& rows;
  const Thresholds& thresholds;
  std::vector<std::uint64_t>& hits;

  void walk(std::size_t query, const std::vector<double>& sums) {
    if (query == rows.queries) {
      ++hits[thresholds.reached(range_of_means(sums, static_cast<double>(rows.queries)))];
      return;
    }
    std::vector<std::size_t> order(rows.systems);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::vector<double> next(rows.systems);
    const double* row = &rows.cells[query * rows.systems];
    do {
      for (std::size_t s = 0; s < rows.systems; ++s) next[s] = sums[s] + row[order[s]];
      walk(query + 1, next);
    } while (std::next_permutation(order.begin(), order.end()));
  }
};

/// The generator's words, next_word()'s sequence, tempered a block of 624 at
/// a time into a buffer the draw loop reads inline: a draw of 20 systems x
/// 1,000 queries takes 19,000 words, and a call per word was most of its
/// time.
class Words {
 public:
  explicit Words(MersenneTwister generator) : generator_(std::move(generator)) {}

  std::uint32_t next() noexcept {
    if (position_ == MersenneTwister::state_size) refill();
    return buffer_[position_++];
  }

 private:
  void refill() noexcept {
    generator_.next_block();
    const std::uint32_t* raw = generator_.raw_block();
    for (std::size_t i = 0; i < MersenneTwister::state_size; ++i) buffer_[i] = temper(raw[i]);
    position_ = 0;
  }

  MersenneTwister generator_;
  std::array<std::uint32_t, MersenneTwister::state_size> buffer_{};
  std::size_t position_ = MersenneTwister::state_size;
};

/// The ranges k, k - 1, ..., 2 of a Fisher-Yates shuffle of k scores, cut
/// in order into batches whose product is at most 2^28, so that one 32-bit
/// word draws a whole batch of indices (for 20 systems: 3 words, not 19).
struct ShuffleBatches {
  struct Batch {
    std::uint32_t first_range = 0;  // the batch's ranges: first_range down to last_range
    std::uint32_t last_range = 0;
    std::uint32_t product = 1;
    std::uint32_t floor = 0;  // 2^32 mod product: a word whose remainder is below it is redrawn
  };
  std::vector<Batch> batches;

  explicit ShuffleBatches(std::size_t systems) {
    constexpr std::uint32_t cap = std::uint32_t{1} << 28;
    for (auto range = static_cast<std::uint32_t>(systems); range >= 2;) {
      Batch batch;
      batch.first_range = range;
      while (range >= 2 && batch.product <= cap / range) {
        batch.product *= range;
        batch.last_range = range--;
      }
      batch.floor = (0u - batch.product) % batch.product;
      batches.push_back(batch);
    }
  }
};

/// One batch's indices, index[i] uniform in [0, i + 1) for each range i + 1
/// of the batch, from one word w (Lemire 2019, for the product P of the
/// ranges): w P = I 2^32 + L, I uniform in [0, P) unless L < 2^32 mod P
/// (then w is redrawn), and the multiplications range by range, each of the
/// last remainder, give I's mixed-radix digits, which are independent
/// uniform indices.
void draw_batch(Words& words, const ShuffleBatches::Batch& batch, std::uint32_t* index) {
  for (;;) {
    std::uint32_t remainder = words.next();
    for (std::uint32_t range = batch.first_range; range >= batch.last_range; --range) {
      const std::uint64_t product = std::uint64_t{remainder} * range;
      index[range - 1] = static_cast<std::uint32_t>(product >> 32);
      remainder = static_cast<std::uint32_t>(product);
    }
    if (remainder >= batch.floor) return;
  }
}

/// One block's draws, into its own hits.
void draw_block(const QueryRows& rows, const Thresholds& thresholds, std::int64_t seed, std::uint64_t block,
                std::uint64_t draws, std::vector<std::uint64_t>& hits) {
  const std::uint64_t magnitude =
      seed < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(seed) : static_cast<std::uint64_t>(seed);
  Words words(MersenneTwister({static_cast<std::uint32_t>(magnitude), static_cast<std::uint32_t>(magnitude >> 32),
                               static_cast<std::uint32_t>(block)}));
  std::vector<double> cells = rows.cells;
  std::vector<double> sums(rows.systems);
  const std::size_t k = rows.systems;
  const ShuffleBatches shuffle(k);
  std::vector<std::uint32_t> index(k);
  const auto n = static_cast<double>(rows.queries);
  for (std::uint64_t draw = 0; draw < draws; ++draw) {
    std::fill(sums.begin(), sums.end(), 0.0);
    for (std::size_t q = 0; q < rows.queries; ++q) {
      double* row = &cells[q * k];
      for (const auto& batch : shuffle.batches) draw_batch(words, batch, index.data());
      for (std::size_t i = k - 1; i > 0; --i) {
        std::swap(row[i], row[index[i]]);
        sums[i] += row[i];
      }
      sums[0] += row[0];
    }
    ++hits[thresholds.reached(range_of_means(sums, n))];
  }
}

}  // namespace

RangeTest randomized_tukey_hsd(const std::vector<std::vector<double>>& scores, const std::vector<double>& differences,
                               std::int64_t permutations, std::int64_t seed, unsigned threads,
                               const std::function<void()>& poll) {
  const QueryRows rows(scores);
  Thresholds thresholds;
  for (const double difference : differences) {
    const double observed = std::fabs(difference);
    thresholds.sorted.push_back(observed - range_tie_tolerance * observed);
  }
  std::sort(thresholds.sorted.begin(), thresholds.sorted.end());
  const std::size_t slots = thresholds.sorted.size() + 1;

  RangeTest test;
  std::vector<std::uint64_t> hits(slots, 0);
  std::uint64_t total = 0;
  if (enumerable(rows.systems, rows.queries, static_cast<std::uint64_t>(permutations), total)) {
    test.exact = true;
    Enumeration{rows, thresholds, hits}.walk(0, std::vector<double>(rows.systems, 0.0));
  } else {
    total = static_cast<std::uint64_t>(permutations);
    const std::uint64_t blocks = (total + range_block_size - 1) / range_block_size;
    std::vector<std::vector<std::uint64_t>> block_hits(blocks, std::vector<std::uint64_t>(slots, 0));
    eval::for_each_part(blocks, threads, [&](std::size_t block) {
      const std::uint64_t first = block * range_block_size;
      draw_block(rows, thresholds, seed, block, std::min(range_block_size, total - first), block_hits[block]);
    }, {poll, {}});
    for (const auto& counts : block_hits) {
      for (std::size_t m = 0; m < slots; ++m) hits[m] += counts[m];
    }
  }
  test.permutations = total;

  // reaching[m]: the assignments whose statistic reaches the m-th smallest
  // threshold (those that reach more than m of them).
  std::vector<std::uint64_t> reaching(slots, 0);
  std::uint64_t above = 0;
  for (std::size_t m = slots; m-- > 1;) {
    above += hits[m];
    reaching[m - 1] = above;
  }
  const auto b = static_cast<double>(total);
  for (const double difference : differences) {
    const double observed = std::fabs(difference);
    const double threshold = observed - range_tie_tolerance * observed;
    const auto index =
        static_cast<std::size_t>(std::lower_bound(thresholds.sorted.begin(), thresholds.sorted.end(), threshold) -
                                 thresholds.sorted.begin());
    const auto count = static_cast<double>(reaching[index]);
    RangeTestPair pair;
    if (test.exact) {
      pair.p_value = count / b;
    } else {
      pair.p_value = (count + 1.0) / (b + 1.0);
      pair.p_value_standard_error = std::sqrt(pair.p_value * (1.0 - pair.p_value) / b);
    }
    test.pairs.push_back(pair);
  }
  return test;
}

// Its row of the table (methods/comparison_tests.hpp).
std::vector<ParamSpec> randomized_tukey_test_params() {
  return setting_params({"confidence_level", "alpha", "permutations", "seed"});
}

// Each pair's observed difference is summed as the record's effect is
// (describe_comparison), so that the record's |effect| is the threshold the
// test counted against, bit for bit.
Expected<MatrixAnalysis> analyse_randomized_tukey(const std::vector<std::vector<double>>& scores,
                                                  const TestSettings& settings, unsigned threads,
                                                  const std::function<void()>& poll) {
  GRK_TRY(MatrixAnalysis analysis, analyse_anova(scores, settings, randomized_tukey_row.name));
  const std::size_t k = analysis.systems;
  const std::size_t n = analysis.queries;
  std::vector<double> differences(k * k, 0.0);
  std::vector<double> deltas(n);
  for (std::size_t a = 0; a < k; ++a) {
    for (std::size_t b = a + 1; b < k; ++b) {
      for (std::size_t q = 0; q < n; ++q) deltas[q] = scores[b][q] - scores[a][q];
      differences[analysis.pair_index(a, b)] = python311_sum(deltas.data(), n) / static_cast<double>(n);
    }
  }
  analysis.range_test = randomized_tukey_hsd(scores, differences, settings.permutations, settings.seed, threads, poll);
  return analysis;
}

Expected<void> fill_randomized_tukey(ComparisonRecord& record, const std::vector<double>& /*deltas*/,
                                     const TestSettings& settings, const TestRun& run) {
  const MatrixAnalysis& matrix = *run.matrix;
  set_tukey_interval(record, matrix);
  const RangeTestPair& pair = matrix.range_test.pairs[matrix.pair_index(run.baseline_row, run.candidate_row)];
  set_p_value(record, pair.p_value, settings.alpha);
  record.details = {{"method", matrix.range_test.exact ? "exact" : "monte-carlo"},
                    {"permutations", matrix.range_test.permutations},
                    {"p_value_standard_error", pair.p_value_standard_error},
                    {"effect_size_anova", anova_effect_size(record, matrix)}};
  return {};
}

}  // namespace grk::significance
