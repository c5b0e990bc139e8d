// The trec-eval component's result (docs/behaviour/trec-eval.md §8.2).
#ifndef GRK_MEASURES_STATISTIC_RESULT_JSON_HPP
#define GRK_MEASURES_STATISTIC_RESULT_JSON_HPP

#include <string>
#include <vector>

#include "evaluation/run_scores.hpp"
#include "ranking/evaluation_options.hpp"

namespace grk::measures {

/// `{"measures": [names], "systems": {system: {"run_id", "summary", "per_query"?}},
/// "ir_measures_names": {name: twin}}` as JSON text (write_compact's bytes):
/// values at full precision, integers as integers, relstring as a string, a
/// NaN (trec_eval's 0/0) as null; per query with `options.per_query`; each
/// name's ir_measures twin under `options`, where it has one
/// (docs/behaviour/measures.md §6). Written straight from the scores, never
/// as a tree: a run of MS MARCO dev's shape has 700,000 per-query values.
/// The names the result lists under "measures", in order: every output name
/// of every measure but runid (relstring's included when asked).
std::vector<std::string> listed_measures(const ValueLayout& layout);

std::string result_text(const std::vector<std::string>& systems, const std::vector<RunScores>& scores,
                        const ValueLayout& layout, const EvaluationOptions& options);

}  // namespace grk::measures

#endif
