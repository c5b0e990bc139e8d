// The evaluate component's result and its summary line (docs/behaviour/measures.md §6).
#ifndef GRK_MEASURES_STATISTIC_PLAN_RESULT_JSON_HPP
#define GRK_MEASURES_STATISTIC_PLAN_RESULT_JSON_HPP

#include <boost/json.hpp>

#include <string>
#include <vector>

#include "evaluation/plan_evaluation.hpp"

namespace grk::measures {

/// `{"measures": [names], "families": {name: family}, "systems": {system:
/// {"run_id", "queries", "summary", "mean_over", "tied_cutoffs", "per_query"?}}}`.
boost::json::object plan_result_json(const std::vector<std::string>& systems, const std::vector<PlanScores>& scores,
                                     const MeasurePlan& plan, const Qrels& qrels, bool per_query);

/// `evaluate: 2 runs, 5 measures over 50 qrels queries; bm25 lacks 3 of them; 4 cutoffs inside tied scores`.
std::string plan_result_summary(const boost::json::value& result);

}  // namespace grk::measures

#endif
