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

namespace grk::measures {

std::optional<double> family_value(const IrMeasure& measure, QueryRankings& query) {
  const std::size_t cutoff = measure.cutoff ? static_cast<std::size_t>(measure.cutoff->number) : 0;
  const std::string_view name = measure.definition->name;
  switch (measure.family) {
    case Family::gdeval:
      return name == "ERR" ? family::gdeval_err(query, cutoff) : family::gdeval_ndcg(query, cutoff);
    case Family::msmarco:
      return family::msmarco_rr(query, cutoff, static_cast<long>(measure.number("rel", 1)));
    case Family::judged:
      return family::judged(query, cutoff);
    case Family::compat:
      return family::compatibility(query, measure.number("p", 0.95), measure.number("normalize", 1) != 0);
    case Family::ndeval:
      return family::ndeval(measure, query.subtopics(), query.diversity());
    case Family::trec_eval:
    case Family::cwl:
      break;
  }
  return std::nullopt;
}

}  // namespace grk::measures
