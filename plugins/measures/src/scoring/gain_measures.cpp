// The graded measures: ndcg and its variants, G, rbp (docs/behaviour/trec-eval.md §5.5).
#include <cmath>
#include <limits>

#include "scoring/gains.hpp"
#include "scoring/measure_functions.hpp"

namespace grk::measures::scoring {

namespace {

double discount(long i) { return std::log2(static_cast<double>(i + 2)); }

struct Dcg {
  double results = 0.0;
  double ideal = 0.0;
};

Dcg discounted_gains(const MeasureInput& input, const Gains& gains) {
  const auto& by_rank = input.ranked.by_rank;
  const long num_ret = input.ranked.num_ret;
  IdealRanking ideal(gains);
  Dcg dcg;
  long i = 0;
  for (; i < num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
    if (gain != 0) dcg.results += gain / discount(i);
    ideal.advance();
    if (ideal.gain() > 0.0) dcg.ideal += ideal.gain() / discount(i);
  }
  for (; i < num_ret; ++i) {
    const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
    if (gain != 0) dcg.results += gain / discount(i);
  }
  for (; ideal.gain() > 0.0; ++i) {
    ideal.advance();
    if (ideal.gain() > 0.0) dcg.ideal += ideal.gain() / discount(i);
  }
  return dcg;
}

}  // namespace

void ndcg(const MeasureInput& input) {
  const Gains gains(input.params, input.ranked);
  const Dcg dcg = discounted_gains(input, gains);
  if (dcg.ideal > 0.0) input.values[0] = dcg.results / dcg.ideal;
}

void ndcg_rel(const MeasureInput& input) {
  const Gains gains(input.params, input.ranked);
  const auto& by_rank = input.ranked.by_rank;
  const long num_ret = input.ranked.num_ret;
  IdealRanking ideal(gains);
  double results = 0.0, ideal_dcg = 0.0, sum = 0.0;
  long num_rel = 0, num_rel_ret = 0;
  long i = 0;
  for (; i < num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
    if (gain != 0) results += gain / discount(i);
    ideal.advance();
    if (ideal.gain() > 0.0) {
      ++num_rel;
      ideal_dcg += ideal.gain() / discount(i);
    }
    if (gain > 0) {
      sum += results / ideal_dcg;
      ++num_rel_ret;
    }
  }
  for (; i < num_ret; ++i) {
    const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
    if (gain != 0) results += gain / discount(i);
    if (gain > 0) {
      sum += results / ideal_dcg;
      ++num_rel_ret;
    }
  }
  for (; ideal.gain() > 0.0; ++i) {
    ideal.advance();
    if (ideal.gain() > 0.0) {
      ++num_rel;
      ideal_dcg += ideal.gain() / discount(i);
    }
  }
  sum += static_cast<double>(num_rel - num_rel_ret) * results / ideal_dcg;
  if (sum > 0.0) input.values[0] = sum / static_cast<double>(num_rel);
}

void Rndcg(const MeasureInput& input) {
  const Gains gains(input.params, input.ranked);
  if (input.ranked.num_rel == 0) return;
  const auto& by_rank = input.ranked.by_rank;
  const long num_ret = input.ranked.num_ret;
  IdealRanking ideal(gains);
  double results = 0.0, ideal_dcg = 0.0, sum = 0.0;
  double old_gain = ideal.gain();
  long changes = 0;
  // At each change of the ideal gain, the ndcg so far joins the average.
  auto at_boundary = [&] {
    if (old_gain != ideal.gain()) {
      if (ideal_dcg > 0.0) {
        sum += results / ideal_dcg;
        ++changes;
      }
      old_gain = ideal.gain();
    }
  };
  long i = 0;
  for (; i < num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
    ideal.advance();
    at_boundary();
    if (gain != 0) results += gain / discount(i);
    if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(i);
  }
  if (i < num_ret) {
    for (; i < num_ret; ++i) {
      const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
      if (gain != 0) results += gain / discount(i);
    }
    if (ideal_dcg > 0.0) {
      sum += results / ideal_dcg;
      ++changes;
    }
  }
  for (; ideal.gain() > 0.0; ++i) {
    ideal.advance();
    at_boundary();
    if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(i);
  }
  input.values[0] = sum / static_cast<double>(changes);
}

void G(const MeasureInput& input) {
  const Gains gains(input.params, input.ranked);
  const auto& by_rank = input.ranked.by_rank;
  const long num_ret = input.ranked.num_ret;
  IdealRanking ideal(gains);
  const double min_cost = 1.0;
  double results_g = 0.0, sum_results = 0.0, sum_ideal = 0.0, sum_cost = 0.0;
  long i = 0;
  for (; i < num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
    sum_results += gain;
    ideal.advance();
    if (ideal.gain() > 0.0) sum_ideal += ideal.gain();
    sum_cost += ideal.gain() >= min_cost ? ideal.gain() : min_cost;
    if (gain != 0) results_g += gain / std::log2(2 + sum_cost - sum_results);
  }
  for (; i < num_ret; ++i) {
    const double gain = gains.of(by_rank[static_cast<std::size_t>(i)]);
    sum_results += gain;
    sum_cost += min_cost;
    if (gain != 0) results_g += gain / std::log2(2 + sum_cost - sum_results);
  }
  for (; ideal.gain() > 0.0; ++i) {
    ideal.advance();
    if (ideal.gain() > 0.0) sum_ideal += ideal.gain();
  }
  if (sum_ideal > 0.0) input.values[0] = results_g / sum_ideal;
}

namespace {

// rbp's persistence: 0.9 unless a `p=` parameter says otherwise.
double persistence(const MeasureParams& params) {
  double p = 0.9;
  for (const auto& [name, value] : params.pairs) {
    if (name == "p") p = value;
  }
  return p;
}

}  // namespace

// The intended rule (trec_eval 10.0 reads min and max uninitialised): the
// gains are rescaled to [0, 1] over the query's levels when any lies outside.
void rbp(const MeasureInput& input) {
  const double p = persistence(input.params);
  Gains gains(input.params, input.ranked);
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  for (const auto& level : gains.levels()) {
    if (level.gain < min) min = level.gain;
    if (level.gain > max) max = level.gain;
  }
  if (!gains.levels().empty() && (min < 0 || max > 1)) {
    for (auto& level : gains.levels()) level.gain = (level.gain - min) / (max - min);
  }
  double sum = 0.0, weight = 1.0;
  for (long value : input.ranked.by_rank) {
    const double gain = gains.of(value);
    if (gain != 0) sum += gain * weight;
    weight *= p;
  }
  input.values[0] = (1.0 - p) * sum;
}

void rbp_resid(const MeasureInput& input) {
  const double p = persistence(input.params);
  long unjudged = 0;
  double sum = 0.0, weight = 1.0;
  for (long value : input.ranked.by_rank) {
    if (value < 0) {
      ++unjudged;
      sum += weight;
    }
    weight *= p;
  }
  if (unjudged) input.values[0] = weight + (1 - p) * sum;
}

}  // namespace grk::measures::scoring
