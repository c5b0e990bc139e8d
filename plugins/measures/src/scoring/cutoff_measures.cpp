// Measures at integer rank cutoffs (docs/behaviour/trec-eval.md §5.2). Each
// walks the ranking once; a cutoff deeper than the ranking counts the missing
// ranks as nonrelevant.
#include <cmath>

#include "scoring/measure_functions.hpp"

namespace grk::measures::scoring {

namespace {

// Calls at(k, i) for each cutoff k (its index k) with i the number of ranks
// seen and `seen` updated by visit(rank) up to it, as trec_eval's loops do.
template <typename Visit, typename At>
void walk_cutoffs(const MeasureInput& input, Visit visit, At at) {
  const auto& cutoffs = input.params.cutoffs;
  const auto& by_rank = input.ranked.by_rank;
  std::size_t k = 0;
  const long num_ret = input.ranked.num_ret;
  for (long i = 0; i < num_ret; ++i) {
    if (k < cutoffs.size() && i == cutoffs[k]) {
      at(k, i, true);
      if (++k == cutoffs.size()) return;
    }
    visit(by_rank[static_cast<std::size_t>(i)], i);
  }
  for (; k < cutoffs.size(); ++k) at(k, cutoffs[k], false);
}

// The relevant documents retrieved down to each cutoff over `denominator(cutoff)`:
// P, recall and relative_P differ only there.
template <typename Denominator>
void relevant_over(const MeasureInput& input, Denominator denominator) {
  long rel = 0;
  walk_cutoffs(
      input, [&](long value, long) { rel += value >= input.options.relevance_level; },
      [&](std::size_t k, long cutoff, bool) {
        input.values[k] = ratio(rel, denominator(cutoff));
      });
}

}  // namespace

void P(const MeasureInput& input) {
  relevant_over(input, [](long cutoff) { return cutoff; });
}

void recall(const MeasureInput& input) {
  const long num_rel = input.ranked.num_rel;
  if (num_rel == 0) return;
  relevant_over(input, [&](long) { return num_rel; });
}

void relative_P(const MeasureInput& input) {
  const long num_rel = input.ranked.num_rel;
  if (num_rel == 0) return;
  relevant_over(input, [&](long cutoff) { return cutoff > num_rel ? num_rel : cutoff; });
}

void success(const MeasureInput& input) {
  long rel = 0;
  walk_cutoffs(
      input, [&](long value, long) { rel += value >= input.options.relevance_level; },
      [&](std::size_t k, long, bool) { input.values[k] = rel ? 1.0 : 0.0; });
}

void unj(const MeasureInput& input) {
  long unjudged = 0;
  walk_cutoffs(
      input, [&](long value, long) { unjudged += value == not_in_pool || value == unjudged_in_pool; },
      [&](std::size_t k, long cutoff, bool) {
        input.values[k] = ratio(unjudged, cutoff);
      });
}

void map_cut(const MeasureInput& input) {
  const long num_rel = input.ranked.num_rel;
  if (num_rel == 0) return;
  long rel = 0;
  double sum = 0.0;
  walk_cutoffs(
      input,
      [&](long value, long i) {
        if (value >= input.options.relevance_level) {
          ++rel;
          sum += ratio(rel, i + 1);
        }
      },
      [&](std::size_t k, long, bool) { input.values[k] = sum / static_cast<double>(num_rel); });
}

// The gains are the relevance levels themselves, whatever -l says, and the
// ideal ranking takes every level above 0 (trec_eval's m_ndcg_cut.c).
void ndcg_cut(const MeasureInput& input) {
  double sum = 0.0;
  walk_cutoffs(
      input,
      [&](long value, long i) {
        const double gain = static_cast<double>(value);
        if (gain > 0) sum += gain / std::log2(static_cast<double>(i + 2));
      },
      [&](std::size_t k, long, bool) { input.values[k] = sum; });

  const auto& cutoffs = input.params.cutoffs;
  const auto& levels = input.ranked.rel_levels;
  std::size_t k = 0;
  long level = static_cast<long>(levels.size()) - 1;
  long count = 0;
  double ideal = 0.0;
  for (long i = 0; level > 0; ++i) {
    ++count;
    while (level > 0 && count > levels[static_cast<std::size_t>(level)]) {
      --level;
      count = 1;
    }
    if (level == 0) break;
    if (i == cutoffs[k]) {
      if (ideal > 0.0) input.values[k] /= ideal;
      if (++k == cutoffs.size()) return;
    }
    ideal += static_cast<double>(level) / std::log2(static_cast<double>(i + 2));
  }
  for (; k < cutoffs.size(); ++k) {
    if (ideal > 0.0) input.values[k] /= ideal;
  }
}

}  // namespace grk::measures::scoring
