#include "statistic/evaluate_statistic.hpp"

#include <grk/error.hpp>
#include <grk/eval/threads.hpp>

#include "evaluation/plan_evaluation.hpp"
#include "statistic/evaluation_request.hpp"
#include "statistic/plan_result_json.hpp"
#include "trec/qrels_reader.hpp"

namespace grk::measures {

namespace {

// The families this release computes; the others' names are known, and refused before any step runs.
Expected<void> check_computed(const MeasurePlan& plan) {
  std::string refused;
  for (const auto& planned : plan.measures) {
    if (planned.family == Family::cwl || planned.family == Family::ndeval) {
      refused += (refused.empty() ? "" : ", ") + planned.name + " (" + std::string(family_name(planned.family)) + ")";
    }
  }
  if (refused.empty()) return {};
  return fail(Status::invalid_argument,
              "parameter 'measures': not computed yet by this release: " + refused +
                  "; cwl_eval's and ndeval's families are named but not yet computed");
}

Expected<boost::json::value> evaluate(const Params& params, Context& context) {
  GRK_TRY(const EvaluationRequest request, read_plan_request(params));
  GRK_TRY_VOID(check_computed(request.plan));
  GRK_TRY(const unsigned threads, eval::thread_count());
  GRK_TRY(const Qrels qrels, read_qrels(request.qrels, request.qrels_format));
  GRK_TRY_VOID(check_qrels_for_plan(request.plan, qrels, request.qrels.string()));
  context.progress("scoring", 0, request.runs.size(), 0);
  GRK_TRY(const auto scores, evaluate_plan(request.runs, request.plan, qrels, threads));
  context.progress("scoring", request.runs.size(), request.runs.size(), 0);
  std::vector<std::string> systems;
  for (const auto& run : request.runs) systems.push_back(run.first);
  return boost::json::value(plan_result_json(systems, scores, request.plan, qrels, request.options.per_query));
}

}  // namespace

std::vector<ParamSpec> EvaluateStatistic::params() { return evaluate_params(); }

Expected<void> EvaluateStatistic::validate(const Params& params) const {
  GRK_TRY(const EvaluationRequest request, read_plan_request(params));
  return check_computed(request.plan);
}

// The one place where a failure becomes grk::Error (the plugin firewall).
boost::json::value EvaluateStatistic::compute(const Params& params, Context& context) {
  return evaluate(params, context).or_throw();
}

std::string EvaluateStatistic::summarize(const boost::json::value& result) const {
  return plan_result_summary(result);
}

}  // namespace grk::measures
