// The order trec_eval visits queries in: byte order of their ids (docs/behaviour/trec-eval.md §3).
#ifndef GRK_MEASURES_TREC_QUERY_ORDER_HPP
#define GRK_MEASURES_TREC_QUERY_ORDER_HPP

#include <algorithm>
#include <vector>

namespace grk::measures {

/// Sorts queries (anything with a `qid` string view) by id, as strcmp orders them.
template <typename Query>
void sort_by_query_id(std::vector<Query>& queries) {
  std::sort(queries.begin(), queries.end(), [](const Query& a, const Query& b) { return a.qid < b.qid; });
}

}  // namespace grk::measures

#endif
