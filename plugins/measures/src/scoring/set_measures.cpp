// Counts and the measures of the retrieved set as a whole (docs/behaviour/trec-eval.md §5.1, §5.6).
#include <algorithm>

#include "scoring/measure_functions.hpp"

namespace grk::measures::scoring {

void nothing(const MeasureInput& input) { (void)input; }

void num_q(const MeasureInput& input) { input.values[0] = 1; }

void num_ret(const MeasureInput& input) { input.values[0] = static_cast<double>(input.ranked.num_ret); }

void num_rel(const MeasureInput& input) { input.values[0] = static_cast<double>(input.ranked.num_rel); }

void num_rel_ret(const MeasureInput& input) { input.values[0] = static_cast<double>(input.ranked.num_rel_ret); }

void num_nonrel_judged_ret(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  input.values[0] = static_cast<double>(r.num_ret - r.num_nonpool - r.num_unjudged_in_pool - r.num_rel_ret);
}

void utility(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  const auto& p = input.params.values;
  // The collection size (trec_eval's -N) is 0: the fourth cell is then negative or zero.
  const double num_docs_in_coll = 0.0;
  input.values[0] = p[0] * r.num_rel_ret + p[1] * (r.num_ret - r.num_rel_ret) + p[2] * (r.num_rel - r.num_rel_ret) +
                    p[3] * (num_docs_in_coll + r.num_rel_ret - r.num_ret - r.num_rel);
}

void set_P(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  if (r.num_ret) input.values[0] = ratio(r.num_rel_ret, r.num_ret);
}

void set_relative_P(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  if (r.num_ret && r.num_rel) input.values[0] = ratio(r.num_rel_ret, std::min(r.num_ret, r.num_rel));
}

void set_recall(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  if (r.num_rel) input.values[0] = ratio(r.num_rel_ret, r.num_rel);
}

void set_map(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  if (r.num_ret && r.num_rel) {
    const double rel_ret = static_cast<double>(r.num_rel_ret);
    input.values[0] = (rel_ret * rel_ret) / (static_cast<double>(r.num_ret) * static_cast<double>(r.num_rel));
  }
}

void set_F(const MeasureInput& input) {
  const RankedJudgments& r = input.ranked;
  if (r.num_rel_ret) {
    const double P = ratio(r.num_rel_ret, r.num_ret);
    const double R = ratio(r.num_rel_ret, r.num_rel);
    const double x = input.params.values[0];
    input.values[0] = (x + 1.0) * P * R / (x * P + R);
  }
}

void relstring(const MeasureInput& input) {
  const auto& by_rank = input.ranked.by_rank;
  long length = std::min(static_cast<long>(input.params.values[0]), input.ranked.num_ret);
  if (length < 0) length = 0;
  std::string& text = *input.text;
  text.clear();
  for (long i = 0; i < length; ++i) {
    const long rel = by_rank[static_cast<std::size_t>(i)];
    char c = '<';
    if (rel > 9) {
      c = '>';
    } else if (rel >= 0) {
      c = static_cast<char>('0' + rel);
    } else if (rel == not_in_pool) {
      c = '-';
    } else if (rel == unjudged_in_pool) {
      c = '.';
    }
    text.push_back(c);
  }
}

}  // namespace grk::measures::scoring
