// Two measures of the top k in ir_measures' own order (score descending,
// ties by id ascending): MS MARCO's RR@k and Judged@k.
#include <algorithm>

#include "families/family_measures.hpp"

namespace grk::measures::family {

std::optional<double> msmarco_rr(QueryRankings& query, std::size_t depth, long relevance) {
  const auto& judgments = query.judged().judgments;
  if (std::none_of(judgments.begin(), judgments.end(),
                   [&](const Judgment& judgment) { return judgment.relevance >= relevance; })) {
    return std::nullopt;  // the official script leaves such a query out of its mean
  }
  const Ranking& ranking = query.ids_ascending();
  for (std::size_t i = 0; i < ranking.size() && i < depth; ++i) {
    const long* grade = query.judged().find(ranking[i]->docno);
    if (grade != nullptr && *grade >= relevance) return 1.0 / static_cast<double>(i + 1);
  }
  return 0.0;
}

double judged(QueryRankings& query, std::size_t depth) {
  const Ranking& ranking = query.ids_ascending();
  const std::size_t top = depth == 0 ? ranking.size() : std::min(depth, ranking.size());
  if (top == 0) return 0.0;
  std::size_t judged_count = 0;
  for (std::size_t i = 0; i < top; ++i) judged_count += query.judged().find(ranking[i]->docno) != nullptr ? 1 : 0;
  return static_cast<double>(judged_count) / static_cast<double>(top);
}

}  // namespace grk::measures::family
