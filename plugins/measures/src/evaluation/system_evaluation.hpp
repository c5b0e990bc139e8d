// Scoring a run against qrels as trec_eval's main loop does (docs/behaviour/trec-eval.md §4),
// and every run of a step, spread over threads (§8.4).
#ifndef GRK_MEASURES_EVALUATION_SYSTEM_EVALUATION_HPP
#define GRK_MEASURES_EVALUATION_SYSTEM_EVALUATION_HPP

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/expected.hpp>

#include "evaluation/run_scores.hpp"
#include "ranking/evaluation_options.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

/// Every qrels query the run has (with `complete`, every qrels query), each
/// measure on it, and the summary. Fails (invalid_data) when no query of the
/// run `run_name` is in the qrels. The queries are scored on up to `threads`
/// threads; the scores do not depend on how many. `poll` (the host's
/// cancellation check, which throws) is called before each part of the queries.
Expected<RunScores> evaluate_run(const TrecRun& run, std::string_view run_name, const Qrels& qrels,
                                 const ValueLayout& layout, const EvaluationOptions& options, unsigned threads = 1,
                                 const std::function<void()>& poll = {});

/// evaluate_run on the run file `path`, each query scored as soon as the
/// file has moved past it (read_run_query_by_query), its documents freed
/// then: a run's memory is a window's queries, not the run. A file that
/// lists a query's lines in two places is read again, whole. The scores and
/// failures are those of read_run then evaluate_run.
Expected<RunScores> evaluate_run_file(const std::filesystem::path& path, std::string_view run_name, const Qrels& qrels,
                                      const ValueLayout& layout, const EvaluationOptions& options, unsigned threads = 1,
                                      const std::function<void()>& poll = {});

/// Reads and scores each run (system -> file, evaluate_run_file), on up to `threads` threads:
/// with at least as many runs as threads each run is read and scored by one
/// thread, otherwise each run in turn by all of them. The result is in the runs'
/// order and does not depend on the thread count; the failure is the first
/// run's, in the runs' order. `poll` is called before each run and each part
/// of its queries; what it throws ends the call.
Expected<std::vector<RunScores>> evaluate_systems(const std::vector<std::pair<std::string, std::filesystem::path>>& runs,
                                                  const Qrels& qrels, const ValueLayout& layout,
                                                  const EvaluationOptions& options, unsigned threads,
                                                  const std::function<void()>& poll = {});

}  // namespace grk::measures

#endif
