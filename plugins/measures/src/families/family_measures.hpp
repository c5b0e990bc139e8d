// The measures whose reference is not trec_eval, each on one query as its
// reference computes it (docs/behaviour/measures.md §5). A value of nothing
// is a query the reference does not score: it counts 0 in ir_measures' mean.
#ifndef GRK_MEASURES_FAMILIES_FAMILY_MEASURES_HPP
#define GRK_MEASURES_FAMILIES_FAMILY_MEASURES_HPP

#include <optional>

#include "families/query_rankings.hpp"
#include "language/ir_measures_catalog.hpp"

namespace grk::measures {

/// gdeval's highest grade: a qrels grade above it is refused.
inline constexpr long gdeval_max_grade = 4;

/// `measure` (of any family but trec_eval's) on one query.
std::optional<double> family_value(const IrMeasure& measure, QueryRankings& query);

namespace family {

/// gdeval v1.3's ERR@k and nDCG(dcg='exp-log2')@k; nothing for a topic without a grade above 0.
std::optional<double> gdeval_err(QueryRankings& query, std::size_t depth);
std::optional<double> gdeval_ndcg(QueryRankings& query, std::size_t depth);

/// MS MARCO's RR@k: nothing for a topic without a judgment at or above `relevance`.
std::optional<double> msmarco_rr(QueryRankings& query, std::size_t depth, long relevance);

/// ir_measures' Judged@k: the share of the top `depth` (all: 0) that is judged.
double judged(QueryRankings& query, std::size_t depth);

/// Compatibility.py's RBO against the ideal ranking, to depth 1,000.
std::optional<double> compatibility(QueryRankings& query, double persistence, bool normalize);

/// ndeval v4.5's `measure` on subtopic judgments, over the ranking in ndeval's order.
double ndeval(const IrMeasure& measure, const QrelsQuery& judged, const Ranking& ranking);

}  // namespace family

}  // namespace grk::measures

#endif
