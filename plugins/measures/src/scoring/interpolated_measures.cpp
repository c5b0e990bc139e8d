// Interpolated precision at recall points, and precision at multiples of R
// (docs/behaviour/trec-eval.md §5.4).
#include <vector>

#include "scoring/measure_functions.hpp"

namespace grk::measures::scoring {

namespace {

// A fraction of R as a number of documents: fraction * R + `bias`, truncated.
// trec_eval 10.0 rounds (bias 0.5) for the recall points, where 9.0.8 added
// 0.9; Rprec_mult still adds 0.9.
std::vector<long> relevant_counts(const std::vector<double>& fractions, long num_rel, double bias) {
  std::vector<long> counts;
  counts.reserve(fractions.size());
  for (double fraction : fractions) counts.push_back(static_cast<long>(fraction * static_cast<double>(num_rel) + bias));
  return counts;
}

// Calls take(k, precision) for each recall point k with the interpolated
// precision there (the best precision at any rank at or after it).
template <typename Take>
void interpolate(const MeasureInput& input, const std::vector<double>& fractions, Take take) {
  const RankedJudgments& r = input.ranked;
  const double bias = input.options.release == TrecEvalRelease::v9_0_8 ? 0.9 : 0.5;
  const std::vector<long> cutoffs = relevant_counts(fractions, r.num_rel, bias);
  long current = static_cast<long>(cutoffs.size()) - 1;
  while (current >= 0 && cutoffs[static_cast<std::size_t>(current)] > r.num_rel_ret) --current;
  // 0/0 when nothing is ranked: trec_eval's NaN, kept on purpose.
  double int_precis = ratio(r.num_rel_ret, r.num_ret);
  long rel_so_far = r.num_rel_ret;
  for (long i = r.num_ret; i > 0 && rel_so_far > 0; --i) {
    const double precis = ratio(rel_so_far, i);
    if (int_precis < precis) int_precis = precis;
    if (r.by_rank[static_cast<std::size_t>(i - 1)] >= input.options.relevance_level) {
      while (current >= 0 && rel_so_far == cutoffs[static_cast<std::size_t>(current)]) {
        take(static_cast<std::size_t>(current), int_precis);
        --current;
      }
      --rel_so_far;
    }
  }
  for (; current >= 0; --current) take(static_cast<std::size_t>(current), int_precis);
}

}  // namespace

void iprec_at_recall(const MeasureInput& input) {
  interpolate(input, input.params.fractions, [&](std::size_t k, double precision) { input.values[k] = precision; });
}

void eleven_pt_avg(const MeasureInput& input) {
  double sum = 0.0;
  interpolate(input, input.params.values, [&](std::size_t, double precision) { sum += precision; });
  input.values[0] = sum / static_cast<double>(input.params.values.size());
}

void Rprec_mult(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  const std::vector<long> cutoffs = relevant_counts(input.params.fractions, r.num_rel, 0.9);
  long current = static_cast<long>(cutoffs.size()) - 1;
  while (current >= 0 && cutoffs[static_cast<std::size_t>(current)] > r.num_ret) {
    input.values[current] = ratio(r.num_rel_ret, cutoffs[static_cast<std::size_t>(current)]);
    --current;
  }
  long rel_so_far = r.num_rel_ret;
  for (long i = r.num_ret; i > 0 && rel_so_far > 0; --i) {
    const double precis = ratio(rel_so_far, i);
    while (current >= 0 && i == cutoffs[static_cast<std::size_t>(current)]) {
      input.values[current] = precis;
      --current;
    }
    if (r.by_rank[static_cast<std::size_t>(i - 1)] >= input.options.relevance_level) --rel_so_far;
  }
}

}  // namespace grk::measures::scoring
