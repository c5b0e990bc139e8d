// One query's run ranked in each order a family's reference ranks it
// (docs/behaviour/measures.md §5): each order is made once, when first asked.
#ifndef GRK_MEASURES_FAMILIES_QUERY_RANKINGS_HPP
#define GRK_MEASURES_FAMILIES_QUERY_RANKINGS_HPP

#include <optional>
#include <vector>

#include "ranking/evaluation_options.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

using Ranking = std::vector<const RetrievedDocument*>;

class QueryRankings {
 public:
  /// `subtopics`: the query's subtopic judgments, for ndeval's measures.
  QueryRankings(const QrelsQuery& judged, const RunQuery& retrieved, DiversityOrder diversity = DiversityOrder::rank,
                const QrelsQuery* subtopics = nullptr)
      : judged_(judged), retrieved_(retrieved), diversity_order_(diversity), subtopics_(subtopics) {}

  const QrelsQuery& judged() const { return judged_; }
  /// The subtopic judgments (one per document and subtopic); the adhoc ones when none were given.
  const QrelsQuery& subtopics() const { return subtopics_ != nullptr ? *subtopics_ : judged_; }
  /// Score descending, ties by document id descending: trec_eval's and gdeval's order.
  const Ranking& ids_descending();
  /// Score descending, ties by document id ascending: MS MARCO's, Judged's and Compat's.
  const Ranking& ids_ascending();
  /// Score descending, ties in the run file's order: as ir_measures hands a run to cwl_eval.
  const Ranking& ties_in_file_order();
  /// The judgment of each document of ties_in_file_order (null: unjudged),
  /// looked up once for all of cwl_eval's measures.
  const std::vector<const long*>& judgments_in_file_order();
  /// ndeval's order: by the rank column (the run read with its ranks, no rank
  /// repeated) or as ids_descending.
  const Ranking& diversity();

 private:
  const QrelsQuery& judged_;
  const RunQuery& retrieved_;
  DiversityOrder diversity_order_;
  const QrelsQuery* subtopics_;
  std::optional<Ranking> descending_, ascending_, file_order_, by_rank_;
  std::optional<std::vector<const long*>> file_order_judgments_;
};

}  // namespace grk::measures

#endif
