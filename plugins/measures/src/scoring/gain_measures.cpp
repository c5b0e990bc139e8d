// The graded measures: ndcg and its variants, G, rbp (docs/behaviour/trec-eval.md §5.5).
#include <cmath>
#include <limits>
#include <vector>

#include "scoring/gains.hpp"
#include "scoring/measure_functions.hpp"

namespace grk::measures::scoring {

namespace {

double discount(long i) { return std::log2(static_cast<double>(i + 2)); }

// The run's discounted cumulative gain and the ideal ranking's, summed rank by
// rank. The ndcg measures step the two in their own interleavings (Rndcg
// looks between the ideal ranking's move and its sum), so the steps are apart.
class DcgSums {
 public:
  DcgSums(const MeasureInput& input, const Gains& gains)
      : gains_(gains), by_rank_(input.ranked.by_rank), ideal_ranking_(gains) {}

  double results = 0.0;
  double ideal = 0.0;

  /// Adds the run's document at rank i; returns its gain.
  double add_retrieved(long i) {
    const double gain = gains_.of(by_rank_[static_cast<std::size_t>(i)]);
    if (gain != 0) results += gain / discount(i);
    return gain;
  }
  /// Whether the ideal ranking still has a positive gain to place.
  bool ideal_left() const { return ideal_ranking_.gain() > 0.0; }
  double ideal_gain() const { return ideal_ranking_.gain(); }
  void advance_ideal() { ideal_ranking_.advance(); }
  /// Adds the ideal document at rank i if its gain is positive; returns whether it was.
  bool add_ideal(long i) {
    if (!(ideal_ranking_.gain() > 0.0)) return false;
    ideal += ideal_ranking_.gain() / discount(i);
    return true;
  }
  bool next_ideal(long i) {
    advance_ideal();
    return add_ideal(i);
  }

 private:
  const Gains& gains_;
  const std::vector<long>& by_rank_;
  IdealRanking ideal_ranking_;
};

}  // namespace

void ndcg(const MeasureInput& input) {
  const Gains gains(input.params, input.ranked);
  const long num_ret = input.ranked.num_ret;
  DcgSums dcg(input, gains);
  long i = 0;
  for (; i < num_ret && dcg.ideal_left(); ++i) {
    dcg.add_retrieved(i);
    dcg.next_ideal(i);
  }
  for (; i < num_ret; ++i) dcg.add_retrieved(i);
  for (; dcg.ideal_left(); ++i) dcg.next_ideal(i);
  if (dcg.ideal > 0.0) input.values[0] = dcg.results / dcg.ideal;
}

void ndcg_rel(const MeasureInput& input) {
  const Gains gains(input.params, input.ranked);
  const long num_ret = input.ranked.num_ret;
  DcgSums dcg(input, gains);
  double sum = 0.0;
  long num_rel = 0, num_rel_ret = 0;
  long i = 0;
  for (; i < num_ret && dcg.ideal_left(); ++i) {
    const double gain = dcg.add_retrieved(i);
    num_rel += dcg.next_ideal(i);
    if (gain > 0) {
      sum += dcg.results / dcg.ideal;
      ++num_rel_ret;
    }
  }
  for (; i < num_ret; ++i) {
    if (dcg.add_retrieved(i) > 0) {
      sum += dcg.results / dcg.ideal;
      ++num_rel_ret;
    }
  }
  for (; dcg.ideal_left(); ++i) num_rel += dcg.next_ideal(i);
  sum += static_cast<double>(num_rel - num_rel_ret) * dcg.results / dcg.ideal;
  if (sum > 0.0) input.values[0] = sum / static_cast<double>(num_rel);
}

void Rndcg(const MeasureInput& input) {
  const Gains gains(input.params, input.ranked);
  if (input.ranked.num_rel == 0) return;
  const long num_ret = input.ranked.num_ret;
  DcgSums dcg(input, gains);
  double sum = 0.0;
  double old_gain = dcg.ideal_gain();
  long changes = 0;
  // At each change of the ideal gain, the ndcg so far joins the average.
  auto at_boundary = [&] {
    if (old_gain != dcg.ideal_gain()) {
      if (dcg.ideal > 0.0) {
        sum += dcg.results / dcg.ideal;
        ++changes;
      }
      old_gain = dcg.ideal_gain();
    }
  };
  long i = 0;
  for (; i < num_ret && dcg.ideal_left(); ++i) {
    dcg.advance_ideal();
    at_boundary();
    dcg.add_retrieved(i);
    dcg.add_ideal(i);
  }
  if (i < num_ret) {
    for (; i < num_ret; ++i) dcg.add_retrieved(i);
    if (dcg.ideal > 0.0) {
      sum += dcg.results / dcg.ideal;
      ++changes;
    }
  }
  for (; dcg.ideal_left(); ++i) {
    dcg.advance_ideal();
    at_boundary();
    dcg.add_ideal(i);
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
