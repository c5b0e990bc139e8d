#include "inputs/trec_run_scores.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include <grk/eval/threads.hpp>
#include <grk/python/repr.hpp>

#include "evaluation/plan_evaluation.hpp"
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
                                      const std::vector<TrecMeasure>& metrics, eval::MissingQueries missing_queries) {
  GRK_TRY_VOID(require_systems(runs));
  GRK_TRY(const unsigned threads, eval::thread_count());
  GRK_TRY(const measures::Qrels qrels, measures::read_qrels(judging.qrels, measures::QrelsFormat::automatic));
  // One plan for every metric, so that each run is read and ranked once.
  std::vector<std::string> names;
  for (const TrecMeasure& metric : metrics) {
    if (std::find(names.begin(), names.end(), metric.name) == names.end()) names.push_back(metric.name);
  }
  GRK_TRY(const measures::MeasurePlan plan, measures::plan_measures(names, judging.options));
  GRK_TRY_VOID(measures::check_qrels_for_plan(plan, qrels, judging.qrels.string()));
  GRK_TRY(const auto scored, measures::evaluate_plan(runs, plan, qrels, threads));

  SystemTable table;
  for (const auto& [system, path] : runs) {
    (void)path;
    table.systems.push_back(system);
  }
  for (const TrecMeasure& metric : metrics) {
    table.metrics.push_back(metric.printed);
    std::size_t m = 0;
    while (plan.measures[m].name != metric.printed) ++m;
    const bool every_query = plan.measures[m].dialect == measures::Dialect::ir_measures;
    std::vector<eval::ScoreMap> row;
    for (std::size_t s = 0; s < scored.size(); ++s) {
      eval::ScoreMap scores;
      for (std::size_t q = 0; q < qrels.queries.size(); ++q) {
        const auto& value = scored[s].values[m][q];
        // ir_measures' rule: a qrels query without a value counts 0, as in the
        // means; but not when only the queries every system has are compared.
        if (!value && (!every_query || missing_queries == eval::MissingQueries::intersect)) continue;
        const std::string qid(qrels.queries[q].qid);
        if (value && !std::isfinite(*value)) {
          return fail(Status::invalid_data, python::repr(metric.printed) + " of system " +
                                                python::repr(table.systems[s]) + " is not a number on query " +
                                                python::repr(qid) + " (trec_eval's 0/0)");
        }
        scores.emplace_hint(scores.end(), qid, value ? *value : 0.0);
      }
      row.push_back(std::move(scores));
    }
    table.scores.push_back(std::move(row));
  }
  return table;
}

}  // namespace grk::significance
