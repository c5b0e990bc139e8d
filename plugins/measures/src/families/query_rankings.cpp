#include "families/query_rankings.hpp"

#include <algorithm>

#include "trec/id_store.hpp"

namespace grk::measures {

namespace {

// Score descending, ties by `tie_order` on the ids. Runs are mostly written
// in score order: then one pass finds it, and only each group of equal
// scores is sorted.
template <typename TieOrder>
Ranking rank(const std::vector<RetrievedDocument>& documents, TieOrder tie_order) {
  Ranking ranking;
  ranking.reserve(documents.size());
  for (const auto& document : documents) ranking.push_back(&document);
  const auto by_id = [&](const RetrievedDocument* a, const RetrievedDocument* b) { return tie_order(a->docno, b->docno); };
  const auto higher_score = [](const RetrievedDocument* a, const RetrievedDocument* b) { return a->score > b->score; };
  if (!std::is_sorted(ranking.begin(), ranking.end(), higher_score)) {
    std::sort(ranking.begin(), ranking.end(), [&](const RetrievedDocument* a, const RetrievedDocument* b) {
      return a->score != b->score ? a->score > b->score : by_id(a, b);
    });
    return ranking;
  }
  for (auto tie = ranking.begin(); tie != ranking.end();) {
    const auto after =
        std::find_if(tie + 1, ranking.end(), [&](const RetrievedDocument* d) { return d->score != (*tie)->score; });
    if (after - tie > 1) std::sort(tie, after, by_id);
    tie = after;
  }
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

const Ranking& QueryRankings::ties_in_file_order() {
  if (!file_order_) {
    file_order_.emplace();
    for (const auto& document : retrieved_.documents) file_order_->push_back(&document);
    const auto higher_score = [](const RetrievedDocument* a, const RetrievedDocument* b) { return a->score > b->score; };
    if (!std::is_sorted(file_order_->begin(), file_order_->end(), higher_score)) {
      std::stable_sort(file_order_->begin(), file_order_->end(), higher_score);
    }
  }
  return *file_order_;
}

const std::vector<const long*>& QueryRankings::judgments_in_file_order() {
  if (!file_order_judgments_) {
    file_order_judgments_.emplace();
    for (const auto* document : ties_in_file_order()) file_order_judgments_->push_back(judged_.find(document->docno));
  }
  return *file_order_judgments_;
}

const Ranking& QueryRankings::diversity() {
  if (diversity_order_ == DiversityOrder::score) return ids_descending();
  if (!by_rank_) {
    std::vector<std::size_t> order(retrieved_.documents.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto& ranks = retrieved_.ranks;
    if (!std::is_sorted(ranks.begin(), ranks.end())) {  // most runs list their ranks in order
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
    }
    by_rank_.emplace();
    for (const std::size_t i : order) by_rank_->push_back(&retrieved_.documents[i]);
  }
  return *by_rank_;
}

}  // namespace grk::measures
