#include "families/query_rankings.hpp"

#include <algorithm>

#include "trec/id_store.hpp"

namespace grk::measures {

namespace {

template <typename TieOrder>
Ranking rank(const std::vector<RetrievedDocument>& documents, TieOrder tie_order) {
  Ranking ranking;
  ranking.reserve(documents.size());
  for (const auto& document : documents) ranking.push_back(&document);
  std::sort(ranking.begin(), ranking.end(), [&](const RetrievedDocument* a, const RetrievedDocument* b) {
    if (a->score != b->score) return a->score > b->score;
    return tie_order(a->docno, b->docno);
  });
  return ranking;
}

}  // namespace

const Ranking& QueryRankings::ids_descending() {
  if (!descending_) {
    descending_ = rank(retrieved_.documents, [](std::string_view a, std::string_view b) { return id_before(b, a); });
  }
  return *descending_;
}

const Ranking& QueryRankings::ids_ascending() {
  if (!ascending_) {
    ascending_ = rank(retrieved_.documents, [](std::string_view a, std::string_view b) { return id_before(a, b); });
  }
  return *ascending_;
}

const Ranking& QueryRankings::diversity() {
  if (diversity_order_ == DiversityOrder::score) return ids_descending();
  if (!by_rank_) {
    std::vector<std::size_t> order(retrieved_.documents.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return retrieved_.ranks[a] < retrieved_.ranks[b]; });
    by_rank_.emplace();
    for (const std::size_t i : order) by_rank_->push_back(&retrieved_.documents[i]);
  }
  return *by_rank_;
}

}  // namespace grk::measures
