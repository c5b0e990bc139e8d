// Measures over the ranks of the relevant documents (docs/behaviour/trec-eval.md §5.3).
#include <algorithm>
#include <cmath>

#include "scoring/measure_functions.hpp"

namespace grk::measures::scoring {

namespace {

// trec_eval's floor for a geometric mean's term (MIN_GEO_MEAN).
constexpr double min_geo_mean = 0.00001;
// infAP's smoothing constant (INFAP_EPSILON).
constexpr double infap_epsilon = 0.00001;

// Calls visit(rel, i) at each relevant document, rel counting them from 1 and
// i its 0-based rank; returns how many there were.
template <typename Visit>
long each_relevant(const MeasureInput& input, Visit visit) {
  long rel = 0;
  const auto& by_rank = input.ranked.by_rank;
  for (long i = 0; i < input.ranked.num_ret; ++i) {
    if (by_rank[static_cast<std::size_t>(i)] >= input.options.relevance_level) visit(++rel, i);
  }
  return rel;
}

double average_precision(const MeasureInput& input) {
  double sum = 0.0;
  const long rel = each_relevant(input, [&](long seen, long i) {
    sum += ratio(seen, i + 1);
  });
  return rel ? sum / static_cast<double>(input.ranked.num_rel) : 0.0;
}

double binary_preference(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  const long level = input.options.relevance_level;
  long num_nonrel = 0;
  for (long j = 0; j < level && j < static_cast<long>(r.rel_levels.size()); ++j) {
    num_nonrel += r.rel_levels[static_cast<std::size_t>(j)];
  }
  long nonrel_so_far = 0;
  double bpref = 0.0;
  for (long value : r.by_rank) {
    if (value == not_in_pool || value == unjudged_in_pool) continue;
    if (value >= 0 && value < level) {
      ++nonrel_so_far;
    } else if (nonrel_so_far > 0) {
      bpref += 1.0 - ratio(std::min(nonrel_so_far, r.num_rel), std::min(num_nonrel, r.num_rel));
    } else {
      bpref += 1.0;
    }
  }
  if (r.num_rel) bpref /= static_cast<double>(r.num_rel);
  return bpref;
}

}  // namespace

void map(const MeasureInput& input) { input.values[0] = average_precision(input); }

void gm_map(const MeasureInput& input) {
  input.values[0] = std::log(std::max(average_precision(input), min_geo_mean));
}

void Rprec(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  const long look_at = std::min(r.num_ret, r.num_rel);
  if (look_at == 0) return;
  long rel = 0;
  for (long i = 0; i < look_at; ++i) rel += r.by_rank[static_cast<std::size_t>(i)] >= input.options.relevance_level;
  input.values[0] = ratio(rel, r.num_rel);
}

void bpref(const MeasureInput& input) { input.values[0] = binary_preference(input); }

void gm_bpref(const MeasureInput& input) {
  input.values[0] = std::log(std::max(binary_preference(input), min_geo_mean));
}

void recip_rank(const MeasureInput& input) {
  each_relevant(input, [&](long seen, long i) {
    if (seen == 1) input.values[0] = 1.0 / static_cast<double>(i + 1);
  });
}

void infAP(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  const long level = input.options.relevance_level;
  long nonrel_so_far = 0, rel_so_far = 0, unjudged_so_far = 0;
  double inf_ap = 0.0;
  for (long j = 0; j < r.num_ret; ++j) {
    const long value = r.by_rank[static_cast<std::size_t>(j)];
    if (value == not_in_pool) continue;
    if (value == unjudged_in_pool) {
      ++unjudged_so_far;
      continue;
    }
    if (value >= 0 && value < level) {
      ++nonrel_so_far;
      continue;
    }
    ++rel_so_far;
    if (j == 0) {
      inf_ap += 1.0;
    } else {
      const double fj = static_cast<double>(j);
      inf_ap += 1.0 / (fj + 1.0) +
                (fj / (fj + 1.0)) * (static_cast<double>(rel_so_far - 1 + nonrel_so_far + unjudged_so_far) / fj) *
                    ((static_cast<double>(rel_so_far - 1) + infap_epsilon) /
                     (static_cast<double>(rel_so_far - 1 + nonrel_so_far) + 2 * infap_epsilon));
    }
  }
  if (r.num_rel) inf_ap /= static_cast<double>(r.num_rel);
  input.values[0] = inf_ap;
}

void binG(const MeasureInput& input) {
  double sum = 0.0;
  const long rel = each_relevant(input, [&](long seen, long i) {
    sum += 1.0 / std::log2(static_cast<double>(3 + i - seen));
  });
  if (rel) input.values[0] = sum / static_cast<double>(input.ranked.num_rel);
}

}  // namespace grk::measures::scoring
