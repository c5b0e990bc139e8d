// cwl_eval 1.0.12 (`ireval/cwl`): each measure is a continuation
// probability C(i) at each rank i; the chance of reaching rank i is the
// product of C before it, the weights W are those chances over their sum,
// and the chance of stopping at i is the chance of reaching it times
// 1 - C(i). cwl_eval's Ranking keeps the first 1,000 documents and pads
// to 1,000 ranks with gain 0 (the worst case) or 1 (the best case, where
// unjudged documents also gain 1); every document costs 1.
#include "families/cwl.hpp"

#include <algorithm>
#include <cmath>

namespace grk::measures::family {

namespace {

constexpr std::size_t ranks = 1000;

// One measure's user model: C(i) from the rank, the gain there and the gain so far.
class UserModel {
 public:
  explicit UserModel(const IrMeasure& measure)
      : kind_(kind_of(measure.definition->name)),
        p_(measure.number("p", 0.0)),
        patience_(measure.number("T", 0.0)),
        cutoff_(measure.cutoff ? measure.cutoff->number : 0.0) {}

  double continuation(double rank, double gain, double gained) const {
    switch (kind_) {
      case Kind::rbp:
        return p_;
      case Kind::inst: {
        const double remaining = patience_ - gained;  // INST's T_i: the gain still wanted
        const double ratio = (rank + patience_ + remaining - 1.0) / (rank + patience_ + remaining);
        return ratio * ratio;
      }
      case Kind::insq: {
        const double ratio = (rank + 2.0 * patience_ - 1.0) / (rank + 2.0 * patience_);
        return ratio * ratio;
      }
      case Kind::bpm:
        return gained >= patience_ || rank >= cutoff_ ? 0.0 : 1.0;
      case Kind::sdcg:
        return rank < cutoff_ ? log2_of(rank + 1.0) / log2_of(rank + 2.0) : 0.0;
      case Kind::nerr8:
        return rank < cutoff_ ? 1.0 - gain : 0.0;
      case Kind::nerr10:
        return p_ * (1.0 - gain);
    }
    return 0.0;
  }

 private:
  enum class Kind { rbp, inst, insq, bpm, sdcg, nerr8, nerr10 };

  static Kind kind_of(std::string_view name) {
    if (name == "RBP") return Kind::rbp;
    if (name == "INST") return Kind::inst;
    if (name == "INSQ") return Kind::insq;
    if (name == "BPM") return Kind::bpm;
    if (name == "SDCG") return Kind::sdcg;
    if (name == "NERR8") return Kind::nerr8;
    return Kind::nerr10;  // check_plan_computed refuses NERR9 and NERR11
  }

  // Python's math.log(x, 2).
  static double log2_of(double x) { return std::log(x) / std::log(2.0); }

  Kind kind_;
  double p_, patience_, cutoff_;
};

// A judgment's gain as ir_measures hands it to cwl_eval.
class Gains {
 public:
  explicit Gains(const IrMeasure& measure)
      : relevance_(measure.value("rel")),
        low_(measure.number("min_rel", 0.0)),
        high_(measure.value("max_rel")) {}

  double of(long judgment) const {
    const auto grade = static_cast<double>(judgment);
    if (relevance_ != nullptr) return grade >= relevance_->number ? 1.0 : 0.0;
    if (high_ == nullptr) return grade;  // cwl_eval's own rule: the judgment is the gain
    return (std::min(std::max(grade, low_), high_->number) - low_) / (high_->number - low_);
  }

 private:
  const Literal* relevance_;
  double low_;
  const Literal* high_;
};

struct CwlQuantities {
  double expected_utility = 0.0, expected_total_utility = 0.0, expected_cost = 0.0, expected_total_cost = 0.0,
         expected_depth = 0.0;
};

// One pass over the 1,000 ranks, unjudged documents and padded ranks
// gaining `unjudged`. The weights are the chances of reaching each rank over
// their sum, so each sum of weights is taken as a sum of chances, divided
// once: within an ulp or two of cwl_eval's.
CwlQuantities measure_ranking(const UserModel& model, const Gains& gains, const std::vector<const long*>& judgments,
                              double unjudged) {
  double gained = 0.0, reached = 1.0, reach_sum = 0.0, utility = 0.0;
  CwlQuantities q;
  for (std::size_t i = 0; i < ranks; ++i) {
    const long* judgment = i < judgments.size() ? judgments[i] : nullptr;
    const double gain = judgment != nullptr ? gains.of(*judgment) : unjudged;
    const auto rank = static_cast<double>(i + 1);
    gained += gain;
    const double continuation = model.continuation(rank, gain, gained);
    const double stop = reached * (1.0 - continuation);
    reach_sum += reached;
    utility += reached * gain;
    q.expected_total_utility += stop * gained;
    q.expected_total_cost += stop * rank;
    reached *= continuation;
  }
  const double first_weight = 1.0 / reach_sum;
  q.expected_utility = utility * first_weight;
  q.expected_cost = reach_sum * first_weight;
  q.expected_depth = reach_sum;
  return q;
}

}  // namespace

CwlMeasurement cwl(const IrMeasure& measure, QueryRankings& query) {
  const UserModel model(measure);
  const Gains gains(measure);
  const auto& judgments = query.judgments_in_file_order();
  const CwlQuantities lower = measure_ranking(model, gains, judgments, 0.0);
  const CwlQuantities upper = measure_ranking(model, gains, judgments, 1.0);
  return {lower.expected_utility,
          lower.expected_total_utility,
          lower.expected_cost,
          lower.expected_total_cost,
          lower.expected_depth,
          upper.expected_utility - lower.expected_utility,
          upper.expected_total_utility - lower.expected_total_utility,
          upper.expected_cost - lower.expected_cost,
          upper.expected_total_cost - lower.expected_total_cost,
          upper.expected_depth - lower.expected_depth};
}

bool cwl_takes_judgments_as_gains(const IrMeasure& measure) {
  return measure.value("rel") == nullptr && measure.value("max_rel") == nullptr;
}

}  // namespace grk::measures::family
