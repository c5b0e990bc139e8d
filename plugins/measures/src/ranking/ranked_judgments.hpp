// One query's ranking turned into relevance values by rank, as trec_eval's
// form_res_rels builds it (docs/behaviour/trec-eval.md §3).
#ifndef GRK_MEASURES_RANKING_RANKED_JUDGMENTS_HPP
#define GRK_MEASURES_RANKING_RANKED_JUDGMENTS_HPP

#include <vector>

#include "ranking/evaluation_options.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

/// The relevance value of a retrieved document absent from the qrels.
inline constexpr long not_in_pool = -1;
/// The value of a document in the qrels with a negative judgment.
inline constexpr long unjudged_in_pool = -2;

struct RankedJudgments {
  /// The relevance value at each rank, best first.
  std::vector<long> by_rank;
  long num_ret = 0;
  long num_rel_ret = 0;       ///< ranked documents at or above the relevance level
  long num_nonpool = 0;
  long num_unjudged_in_pool = 0;
  long num_rel = 0;           ///< judged documents at or above the relevance level
  /// How many judged documents have each level 0..size()-1 (negative ones are
  /// not counted); its size is trec_eval's num_rel_levels.
  std::vector<long> rel_levels;
};

/// Ranks `documents` (score descending, ties by document id descending), keeps
/// the first max_results, and looks each up in `judged`.
void rank_and_judge(const std::vector<RetrievedDocument>& documents, const QrelsQuery& judged,
                    const EvaluationOptions& options, RankedJudgments& out);

/// What trec_eval's -c evaluates for a query the run lacks: one document, in no pool.
void judge_missing_query(const QrelsQuery& judged, const EvaluationOptions& options, RankedJudgments& out);

}  // namespace grk::measures

#endif
