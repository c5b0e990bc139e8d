#include "evaluation/shared_queries.hpp"

#include <limits>
#include <string_view>
#include <unordered_set>

namespace grk::measures {

Qrels without_queries(const Qrels& qrels, const std::vector<std::string>& dropped) {
  Qrels kept;
  kept.text = qrels.text;
  kept.header = qrels.header;
  kept.field_count = qrels.field_count;
  kept.relevance_field = qrels.relevance_field;
  // Where each old query went, so that the file order follows it.
  constexpr std::size_t gone = std::numeric_limits<std::size_t>::max();
  const std::unordered_set<std::string_view> drop(dropped.begin(), dropped.end());
  std::vector<std::size_t> moved(qrels.queries.size(), gone);
  for (std::size_t q = 0; q < qrels.queries.size(); ++q) {
    const std::string_view qid = qrels.queries[q].qid;
    if (drop.count(qid) != 0) continue;
    moved[q] = kept.queries.size();
    kept.queries.push_back(qrels.queries[q]);
  }
  for (const std::size_t q : qrels.file_order) {
    if (moved[q] != gone) kept.file_order.push_back(moved[q]);
  }
  return kept;
}

}  // namespace grk::measures
