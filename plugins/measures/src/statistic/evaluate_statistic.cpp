#include "statistic/evaluate_statistic.hpp"

#include <grk/error.hpp>
#include <grk/eval/threads.hpp>

#include "evaluation/plan_evaluation.hpp"
#include "statistic/evaluation_request.hpp"
#include "statistic/plan_result_json.hpp"
#include "trec/qrels_reader.hpp"

namespace grk::measures {

namespace {

// The measures as a plan, refused (naming the parameter) if it holds a family not computed yet.
Expected<EvaluationRequest> read_computable_request(const Params& params) {
  GRK_TRY(EvaluationRequest request, read_plan_request(params));
  for (const auto& check : {check_plan_computed, check_plan_qrels}) {
    if (auto checked = check(request.plan); !checked) {
      return fail(Status::invalid_argument, "parameter 'measures': " + checked.error().message);
    }
  }
  return request;
}

Expected<boost::json::value> evaluate(const Params& params, Context& context) {
  GRK_TRY(const EvaluationRequest request, read_computable_request(params));
  GRK_TRY(const unsigned threads, eval::thread_count());
  // ndeval's measures read subtopic qrels (check_plan_qrels keeps them apart).
  const QrelsFormat format = has_family(request.plan, Family::ndeval) ? QrelsFormat::subtopics : request.qrels_format;
  GRK_TRY(const Qrels qrels, read_qrels(request.qrels, format));
  GRK_TRY_VOID(check_qrels_for_plan(request.plan, qrels, request.qrels.string()));
  context.progress("scoring", 0, request.runs.size(), 0);
  GRK_TRY(const auto scores,
          evaluate_plan(request.runs, request.plan, qrels, threads, request.options.diversity_order));
  context.progress("scoring", request.runs.size(), request.runs.size(), 0);
  std::vector<std::string> systems;
  for (const auto& run : request.runs) systems.push_back(run.first);
  return boost::json::value(plan_result_json(systems, scores, request.plan, qrels, request.options.per_query));
}

}  // namespace

std::vector<ParamSpec> EvaluateStatistic::params() { return evaluate_params(); }

Expected<void> EvaluateStatistic::validate(const Params& params) const {
  GRK_TRY_VOID(read_computable_request(params));
  return {};
}

// The one place where a failure becomes grk::Error (the plugin firewall).
boost::json::value EvaluateStatistic::compute(const Params& params, Context& context) {
  return evaluate(params, context).or_throw();
}

std::string EvaluateStatistic::summarize(const boost::json::value& result) const {
  return plan_result_summary(result);
}

}  // namespace grk::measures
