// One query's run ranked in each order a family's reference ranks it
// (docs/behaviour/measures.md §5): each order is made once, when first asked.
#ifndef GRK_MEASURES_FAMILIES_QUERY_RANKINGS_HPP
#define GRK_MEASURES_FAMILIES_QUERY_RANKINGS_HPP

#include <optional>
#include <vector>

#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

using Ranking = std::vector<const RetrievedDocument*>;

class QueryRankings {
 public:
  QueryRankings(const QrelsQuery& judged, const RunQuery& retrieved) : judged_(judged), retrieved_(retrieved) {}

  const QrelsQuery& judged() const { return judged_; }
  /// Score descending, ties by document id descending: trec_eval's and gdeval's order.
  const Ranking& ids_descending();
  /// Score descending, ties by document id ascending: MS MARCO's, Judged's and Compat's.
  const Ranking& ids_ascending();

 private:
  const QrelsQuery& judged_;
  const RunQuery& retrieved_;
  std::optional<Ranking> descending_, ascending_;
};

}  // namespace grk::measures

#endif
