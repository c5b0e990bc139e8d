#include "scoring/gains.hpp"

#include <cctype>
#include <cstdlib>

namespace grk::measures {

namespace {

// trec_eval's valid_int: an optional sign and at least one digit, nothing else.
bool names_a_level(const std::string& name) {
  std::size_t i = (!name.empty() && (name[0] == '-' || name[0] == '+')) ? 1 : 0;
  if (i >= name.size()) return false;
  for (; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return false;
  }
  return true;
}

// trec_eval orders gains with a comparator that truncates their difference to
// an int; a stable insertion sort with the same comparator keeps its order.
void sort_by_gain(std::vector<LevelGain>& levels) {
  for (std::size_t i = 1; i < levels.size(); ++i) {
    LevelGain moving = levels[i];
    std::size_t j = i;
    while (j > 0 && static_cast<int>(levels[j - 1].gain - moving.gain) > 0) {
      levels[j] = levels[j - 1];
      --j;
    }
    levels[j] = moving;
  }
}

}  // namespace

Gains::Gains(const MeasureParams& params, const RankedJudgments& ranked) {
  for (const auto& [name, gain] : params.pairs) {
    if (names_a_level(name)) levels_.push_back(LevelGain{std::atol(name.c_str()), gain, 0});
  }
  const std::size_t named = levels_.size();
  for (std::size_t level = 0; level < ranked.rel_levels.size(); ++level) {
    std::size_t j = 0;
    while (j < named && levels_[j].level != static_cast<long>(level)) ++j;
    if (j < named) {
      levels_[j].count = ranked.rel_levels[level];
    } else {
      levels_.push_back(LevelGain{static_cast<long>(level), static_cast<double>(level), ranked.rel_levels[level]});
    }
  }
  sort_by_gain(levels_);
  entry_of_.assign(static_cast<std::size_t>(static_cast<long>(ranked.rel_levels.size()) - lowest_value), -1);
  for (std::size_t e = levels_.size(); e-- > 0;) {
    const long slot = levels_[e].level - lowest_value;
    if (slot >= 0 && slot < static_cast<long>(entry_of_.size())) entry_of_[static_cast<std::size_t>(slot)] = static_cast<int>(e);
  }
}

double Gains::search(long level) const {
  for (const auto& entry : levels_) {
    if (entry.level == level) return entry.gain;
  }
  return 0.0;
}

IdealRanking::IdealRanking(const Gains& gains)
    : levels_(gains.levels()),
      level_(static_cast<long>(gains.levels().size()) - 1),
      gain_(level_ >= 0 ? gains.levels()[static_cast<std::size_t>(level_)].gain : 0.0) {}

void IdealRanking::advance() {
  ++count_;
  while (level_ >= 0 && count_ > levels_[static_cast<std::size_t>(level_)].count) {
    count_ = 1;
    --level_;
    gain_ = level_ >= 0 ? levels_[static_cast<std::size_t>(level_)].gain : 0.0;
  }
}

}  // namespace grk::measures
