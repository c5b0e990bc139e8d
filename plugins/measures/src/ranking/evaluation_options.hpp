// The options that change how a query is ranked and judged (docs/behaviour/trec-eval.md §4).
#ifndef GRK_MEASURES_RANKING_EVALUATION_OPTIONS_HPP
#define GRK_MEASURES_RANKING_EVALUATION_OPTIONS_HPP

#include <cstddef>
#include <cstdint>
#include <limits>

#include <grk/expected.hpp>

namespace grk::measures {

/// ndeval's two orders: the run's rank column (its default), or score
/// descending with ties by document id descending (its -traditional).
enum class DiversityOrder { rank, score };

/// The trec_eval whose rules a query is scored by: 10.0 (grk-eval's), or
/// 9.0.8, which pytrec_eval bundles and its drop-in keeps
/// (docs/behaviour/trec-eval.md §9): scores held as 32-bit floats (scores
/// that differ only below float precision tie) and the recall points of
/// iprec_at_recall and 11pt_avg truncated after adding 0.9 where 10.0 rounds.
enum class TrecEvalRelease { v10_0, v9_0_8 };

struct EvaluationOptions {
  bool per_query = false;         ///< -q
  bool complete = false;          ///< -c
  bool judged_only = false;       ///< -J
  long relevance_level = 1;       ///< -l
  std::size_t max_results = std::numeric_limits<std::size_t>::max();  ///< -M
  bool ignore_identical_ids = false;  ///< BEIR's: drop a line whose document is its query
  DiversityOrder diversity_order = DiversityOrder::rank;  ///< ndeval's measures only
  TrecEvalRelease release = TrecEvalRelease::v10_0;
};

/// -l as a parameter gives it; fails with invalid_argument
/// `relevance_level must lie within +-1000, got 5000` (trec/qrels_reader.hpp's
/// max_relevance_level), for every component that takes it.
Expected<long> relevance_level_of(std::int64_t level);

/// -M as a parameter gives it; fails with invalid_argument
/// `max_results must be at least 1, got 0`.
Expected<std::size_t> max_results_of(std::int64_t count);

}  // namespace grk::measures

#endif
