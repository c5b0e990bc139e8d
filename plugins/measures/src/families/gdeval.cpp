// gdeval.pl v1.3 (TREC Web 2013-2014): exponential gains 2^g - 1, discount
// log2(rank + 1) computed as Perl computes it, ERR's stop probability
// (2^g - 1) / 2^4 whatever the data's top grade. Each sum is added in rank
// order with the reference's own operations, so the values are its bits.
#include <algorithm>
#include <cmath>

#include "families/family_measures.hpp"

namespace grk::measures::family {

namespace {

double gain_of(long grade) { return grade > 0 ? std::pow(2.0, static_cast<double>(grade)) - 1.0 : 0.0; }

long grade_of(const QrelsQuery& judged, const RetrievedDocument& document) {
  const long* grade = judged.find(document.docno);
  return grade == nullptr ? 0 : *grade;
}

// Perl's log($rank + 1) / log(2).
double discount(std::size_t rank) { return std::log(static_cast<double>(rank + 1)) / std::log(2.0); }

bool has_positive_grade(const QrelsQuery& judged) {
  return std::any_of(judged.judgments.begin(), judged.judgments.end(),
                     [](const Judgment& judgment) { return judgment.relevance > 0; });
}

}  // namespace

std::optional<double> gdeval_err(QueryRankings& query, std::size_t depth) {
  if (!has_positive_grade(query.judged())) return std::nullopt;
  const Ranking& ranking = query.ids_descending();
  const double top = std::pow(2.0, static_cast<double>(gdeval_max_grade));
  double err = 0.0, still_looking = 1.0;
  for (std::size_t i = 0; i < ranking.size() && i < depth; ++i) {
    const double stop = gain_of(grade_of(query.judged(), *ranking[i])) / top;
    err += still_looking * stop / static_cast<double>(i + 1);
    still_looking *= 1.0 - stop;
  }
  return err;
}

std::optional<double> gdeval_ndcg(QueryRankings& query, std::size_t depth) {
  if (!has_positive_grade(query.judged())) return std::nullopt;
  const Ranking& ranking = query.ids_descending();
  double dcg = 0.0;
  for (std::size_t i = 0; i < ranking.size() && i < depth; ++i) {
    dcg += gain_of(grade_of(query.judged(), *ranking[i])) / discount(i + 1);
  }
  std::vector<long> ideal;
  for (const auto& judgment : query.judged().judgments) {
    if (judgment.relevance > 0) ideal.push_back(judgment.relevance);
  }
  std::sort(ideal.begin(), ideal.end(), [](long a, long b) { return a > b; });
  double ideal_dcg = 0.0;
  for (std::size_t i = 0; i < ideal.size() && i < depth; ++i) ideal_dcg += gain_of(ideal[i]) / discount(i + 1);
  return dcg / ideal_dcg;
}

}  // namespace grk::measures::family
