#include "inputs/trec_run_scores.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include <grk/eval/threads.hpp>
#include <grk/python/repr.hpp>

#include "evaluation/system_evaluation.hpp"
#include "trec/qrels_reader.hpp"

namespace grk::significance {

namespace {

/// The judging params, which are refused with another input or format.
constexpr const char* judging_params[] = {"qrels",       "relevance_level", "complete", "judged_only",
                                          "max_results", "ignore_identical_ids"};

}  // namespace

std::vector<ParamSpec> trec_run_params() {
  return {
      as_file(optional("qrels", ParamType::path,
                       "relevance judgments (TREC qrels or BEIR's TSV) that runs_format trec_run scores the runs "
                       "against")),
      optional("relevance_level", ParamType::integer,
               "with trec_run: the lowest relevant level (trec_eval -l; default 1)"),
      optional("complete", ParamType::boolean,
               "with trec_run: score every qrels query, a missing one as an empty ranking (trec_eval -c; default "
               "false)"),
      optional("judged_only", ParamType::boolean,
               "with trec_run: drop unjudged documents first (trec_eval -J; default false)"),
      optional("max_results", ParamType::integer,
               "with trec_run: documents kept per query (trec_eval -M; default all)"),
      optional("ignore_identical_ids", ParamType::boolean,
               "with trec_run: drop a run line whose document id is its query id (BEIR's; default false)"),
  };
}

Expected<std::optional<TrecRunJudging>> read_trec_run_judging(const Params& params, bool has_runs,
                                                              eval::RunsFormat format) {
  const bool scored_here = has_runs && format == eval::RunsFormat::trec_run;
  if (scored_here && !params.has("qrels")) {
    return fail(Status::invalid_argument,
                "runs_format 'trec_run' needs 'qrels', the relevance judgments the runs are scored against");
  }
  if (!scored_here) {
    for (const char* name : judging_params) {
      if (params.has(name)) {
        return fail(Status::invalid_argument,
                    "'" + std::string(name) + "' is read only with 'runs' in runs_format 'trec_run'");
      }
    }
    return std::optional<TrecRunJudging>();
  }
  TrecRunJudging judging;
  judging.qrels = params.path("qrels");
  measures::EvaluationOptions& options = judging.options;
  if (params.has("relevance_level")) {
    GRK_TRY(options.relevance_level, measures::relevance_level_of(params.integer("relevance_level")));
  }
  if (params.has("max_results")) {
    GRK_TRY(options.max_results, measures::max_results_of(params.integer("max_results")));
  }
  options.complete = params.has("complete") && params.boolean("complete");
  options.judged_only = params.has("judged_only") && params.boolean("judged_only");
  options.ignore_identical_ids = params.has("ignore_identical_ids") && params.boolean("ignore_identical_ids");
  options.per_query = true;
  return std::optional<TrecRunJudging>(std::move(judging));
}

Expected<SystemTable> score_trec_runs(const RunPaths& runs, const TrecRunJudging& judging,
                                      const std::vector<TrecMeasure>& metrics) {
  GRK_TRY_VOID(require_systems(runs));
  GRK_TRY(const unsigned threads, eval::thread_count());
  GRK_TRY(const measures::Qrels qrels, measures::read_qrels(judging.qrels, measures::QrelsFormat::automatic));
  // One requested measure per metric, so that `P_5` and `P_10` each keep
  // their own cutoff (a request merges a measure's repeated entries).
  std::vector<measures::RequestedMeasure> requested;
  for (const TrecMeasure& metric : metrics) requested.push_back(metric.measure);
  const measures::ValueLayout layout(requested);
  GRK_TRY(const std::vector<measures::RunScores> scored,
          measures::evaluate_systems(runs, qrels, layout, judging.options, threads));

  SystemTable table;
  for (const auto& [system, path] : runs) {
    (void)path;
    table.systems.push_back(system);
  }
  for (std::size_t m = 0; m < metrics.size(); ++m) {
    table.metrics.push_back(metrics[m].name);
    const std::size_t slot = layout.offsets[m] + metrics[m].index;
    std::vector<eval::ScoreMap> row;
    for (std::size_t s = 0; s < scored.size(); ++s) {
      eval::ScoreMap scores;
      for (const measures::QueryScores& query : scored[s].queries) {
        const double value = query.values[slot];
        if (!std::isfinite(value)) {
          return fail(Status::invalid_data, python::repr(metrics[m].name) + " of system " +
                                                python::repr(table.systems[s]) + " is not a number on query " +
                                                python::repr(query.qid) + " (trec_eval's 0/0)");
        }
        scores.emplace_hint(scores.end(), query.qid, value);
      }
      row.push_back(std::move(scores));
    }
    table.scores.push_back(std::move(row));
  }
  return table;
}

}  // namespace grk::significance
