// claclark/Compatibility's compatibility.py: rank-biased overlap of the run
// (score descending, ties by id ascending) with the ideal ranking (the
// documents graded above 0, by grade, equal grades in the run's order and
// unretrieved ones last), to depth 1,000, over the ideal's own when
// normalized. The sums are added as the script adds them.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "families/family_measures.hpp"

namespace grk::measures::family {

namespace {

constexpr std::size_t depth = 1000;

double rank_biased_overlap(const std::vector<std::string_view>& run, const std::vector<std::string_view>& ideal,
                           double persistence) {
  std::unordered_set<std::string_view> run_seen, ideal_seen;
  std::size_t overlap = 0;
  double score = 0.0, normalizer = 0.0, weight = 1.0;
  for (std::size_t i = 0; i < depth; ++i) {
    // A document counts once it is in both prefixes.
    if (i < run.size() && run_seen.insert(run[i]).second && ideal_seen.count(run[i]) != 0) ++overlap;
    if (i < ideal.size() && ideal_seen.insert(ideal[i]).second && run_seen.count(ideal[i]) != 0) ++overlap;
    score += weight * static_cast<double>(overlap) / static_cast<double>(i + 1);
    normalizer += weight;
    weight *= persistence;
  }
  return score / normalizer;
}

}  // namespace

std::optional<double> compatibility(QueryRankings& query, double persistence, bool normalize) {
  const Ranking& ranking = query.ids_ascending();
  std::vector<std::string_view> run;
  std::unordered_map<std::string_view, std::size_t> rank_of;
  for (const auto* document : ranking) {
    rank_of.emplace(document->docno, run.size());
    run.push_back(document->docno);
  }
  struct Ideal {
    std::string_view docno;
    long grade;
    std::size_t rank;
  };
  std::vector<Ideal> ideal;
  for (const auto& judgment : query.judged().judgments) {
    if (judgment.relevance <= 0) continue;
    const auto found = rank_of.find(judgment.docno);
    ideal.push_back({judgment.docno, judgment.relevance, found == rank_of.end() ? run.size() : found->second});
  }
  if (ideal.empty()) return std::nullopt;
  std::stable_sort(ideal.begin(), ideal.end(), [](const Ideal& a, const Ideal& b) {
    return a.grade != b.grade ? a.grade > b.grade : a.rank < b.rank;
  });
  std::vector<std::string_view> ideal_ids;
  for (const auto& entry : ideal) ideal_ids.push_back(entry.docno);
  const double overlap = rank_biased_overlap(run, ideal_ids, persistence);
  return normalize ? overlap / rank_biased_overlap(ideal_ids, ideal_ids, persistence) : overlap;
}

}  // namespace grk::measures::family
