// The gain of each relevance level for the graded measures, as trec_eval's
// setup_gains assigns them (docs/behaviour/trec-eval.md §5.5).
#ifndef GRK_MEASURES_SCORING_GAINS_HPP
#define GRK_MEASURES_SCORING_GAINS_HPP

#include <vector>

#include "scoring/measure_functions.hpp"

namespace grk::measures {

struct LevelGain {
  long level = 0;
  double gain = 0.0;
  long count = 0;  ///< judged documents at this level
};

/// The levels named by `level=gain` parameters, then every level 0..n-1 of
/// the query's judgments (gain = level unless named), ordered by increasing gain.
class Gains {
 public:
  Gains(const MeasureParams& params, const RankedJudgments& ranked);

  /// The gain of a relevance value; 0 for a level without one.
  double of(long level) const {
    const long slot = level - lowest_value;
    if (slot >= 0 && slot < static_cast<long>(entry_of_.size())) {
      const int entry = entry_of_[static_cast<std::size_t>(slot)];
      return entry < 0 ? 0.0 : levels_[static_cast<std::size_t>(entry)].gain;
    }
    return search(level);
  }
  std::vector<LevelGain>& levels() { return levels_; }
  const std::vector<LevelGain>& levels() const { return levels_; }

 private:
  // The values a ranking holds: -2 (unjudged in the pool), -1 (not in the pool), then levels.
  static constexpr long lowest_value = -2;
  double search(long level) const;

  std::vector<LevelGain> levels_;
  /// For each value from lowest_value up to the query's levels, the first entry
  /// of levels_ for it (-1: none): `of` is called for every rank of every graded measure.
  std::vector<int> entry_of_;
};

/// Walks the ideal ranking: the judged documents by decreasing gain.
class IdealRanking {
 public:
  explicit IdealRanking(const Gains& gains);
  /// The gain of the current ideal document (0 once past the positive ones).
  double gain() const { return gain_; }
  /// Moves to the next rank's ideal document.
  void advance();

 private:
  const std::vector<LevelGain>& levels_;
  long level_;
  long count_ = 0;
  double gain_;
};

}  // namespace grk::measures

#endif
