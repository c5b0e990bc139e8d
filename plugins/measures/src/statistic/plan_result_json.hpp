// The evaluate component's result and its summary line (docs/behaviour/measures.md §6).
#ifndef GRK_MEASURES_STATISTIC_PLAN_RESULT_JSON_HPP
#define GRK_MEASURES_STATISTIC_PLAN_RESULT_JSON_HPP

#include <boost/json.hpp>

#include <string>
#include <vector>

#include "evaluation/plan_evaluation.hpp"

namespace grk::measures {

/// `{"measures": [names], "families": {name: family}, "ir_measures_names":
/// {trec_eval output name: ir_measures name}, "shared_queries"?,
/// "systems": {system: {"run_id", "queries", "summary", "mean_over",
/// "tied_cutoffs", "per_query"?}}}`. `scored` are the qrels the runs were
/// scored on: all `qrels_queries` of the file, or with `intersect` the ones
/// every run has, counted in `shared_queries`.
boost::json::object plan_result_json(const std::vector<std::string>& systems, const std::vector<PlanScores>& scores,
                                     const MeasurePlan& plan, const Qrels& scored, std::size_t qrels_queries,
                                     bool per_query, bool intersect);

/// `evaluate: 2 runs, 5 measures over 50 qrels queries; bm25 lacks 3 of them (0 in the means); 4 cutoffs
/// fall inside tied scores`, or `... over 47 shared queries of 50 qrels queries; bm25 lacks 3 of them`.
std::string plan_result_summary(const boost::json::value& result);

}  // namespace grk::measures

#endif
