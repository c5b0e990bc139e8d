// Scoring a run against qrels as trec_eval's main loop does (docs/behaviour/trec-eval.md §4).
#ifndef GRK_MEASURES_EVALUATION_RUN_EVALUATION_HPP
#define GRK_MEASURES_EVALUATION_RUN_EVALUATION_HPP

#include <string_view>

#include <grk/expected.hpp>

#include "evaluation/run_scores.hpp"
#include "ranking/evaluation_options.hpp"
#include "trec/qrels.hpp"
#include "trec/trec_run.hpp"

namespace grk::measures {

/// Every qrels query the run has (with `complete`, every qrels query), each
/// measure on it, and the summary. Fails (invalid_data) when no query of the
/// run `run_name` is in the qrels. The queries are scored on up to `threads`
/// threads; the scores do not depend on how many.
Expected<RunScores> evaluate_run(const TrecRun& run, std::string_view run_name, const Qrels& qrels,
                                 const ValueLayout& layout, const EvaluationOptions& options, unsigned threads = 1);

}  // namespace grk::measures

#endif
