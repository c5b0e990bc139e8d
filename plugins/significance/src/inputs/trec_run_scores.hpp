// runs_format `trec_run`: TREC runs scored against `qrels` in process by the
// measures plugin (trec_eval 10.0's measures at full precision), their
// per-query values the comparisons' scores (docs/behaviour/comparisons.md §3.1).
#ifndef GRK_SIGNIFICANCE_INPUTS_TREC_RUN_SCORES_HPP
#define GRK_SIGNIFICANCE_INPUTS_TREC_RUN_SCORES_HPP

#include <filesystem>
#include <optional>
#include <vector>

#include <grk/eval/query_alignment.hpp>
#include <grk/eval/run_files.hpp>
#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "inputs/system_table.hpp"
#include "inputs/trec_measure_names.hpp"
#include "ranking/evaluation_options.hpp"

namespace grk::significance {

/// How the runs are judged: the qrels and trec_eval's options.
struct TrecRunJudging {
  std::filesystem::path qrels;
  measures::EvaluationOptions options;
};

/// `qrels`, `relevance_level`, `complete`, `judged_only`, `max_results` and
/// `ignore_identical_ids`, in that order. None has a default in the
/// declaration, so that one given without runs_format `trec_run` can be
/// refused; the description says the value an absent one takes.
[[nodiscard]] std::vector<ParamSpec> trec_run_params();

/// The judging of runs_format `trec_run` (none for another input or format),
/// checked in this order, each invalid_argument:
///   runs_format 'trec_run' needs 'qrels', the relevance judgments the runs are scored against
///   'qrels' is read only with 'runs' in runs_format 'trec_run'   (likewise each option)
///   relevance_level must lie within +-1000, got 5000
///   max_results must be at least 1, got 0
Expected<std::optional<TrecRunJudging>> read_trec_run_judging(const Params& params, bool has_runs,
                                                              eval::RunsFormat format);

/// Every run scored on every metric: scores[m][s] holds the per-query value
/// of metrics[m] in runs[s] as the measures plugin's evaluate computes it, at
/// full precision: for a trec_eval name, each query trec_eval scores (the
/// qrels queries the run has, every qrels query with `complete`); for an
/// ir_measures name, every qrels query, 0 where the run or the family's
/// reference has none (ir_measures' rule), unless `missing_queries` is
/// intersect (the queries each run has, which the comparison intersects).
/// Each metric is named by its printed name (`MAP` as `AP`). Fails as the measures plugin's qrels and run readers do, with
/// invalid_data `run 'x' has no query of the qrels`, or with invalid_data
/// `'P_10' of system 'bm25' is not a number on query '7' (trec_eval's 0/0)`.
Expected<SystemTable> score_trec_runs(const RunPaths& runs, const TrecRunJudging& judging,
                                      const std::vector<TrecMeasure>& metrics,
                                      eval::MissingQueries missing_queries = eval::MissingQueries::zero);

}  // namespace grk::significance

#endif
