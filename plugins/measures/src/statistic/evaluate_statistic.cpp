#include "statistic/evaluate_statistic.hpp"

#include <optional>

#include <grk/error.hpp>
#include <grk/eval/threads.hpp>

#include "evaluation/plan_evaluation.hpp"
#include "evaluation/shared_queries.hpp"
#include "statistic/evaluation_request.hpp"
#include "statistic/plan_result_json.hpp"
#include "trec/qrels_reader.hpp"

namespace grk::measures {

namespace {

// The measures as a plan, refused (naming the parameter) if it holds a family not computed yet.
Expected<EvaluationRequest> read_computable_request(const Params& params) {
  GRK_TRY(EvaluationRequest request, read_plan_request(params));
  if (auto computed = check_plan_computed(request.plan); !computed) {
    return fail(Status::invalid_argument, "parameter 'measures': " + computed.error().message);
  }
  return request;
}

Expected<boost::json::value> evaluate(const Params& params, Context& context) {
  GRK_TRY(const EvaluationRequest request, read_computable_request(params));
  GRK_TRY(const unsigned threads, eval::thread_count());
  // ndeval's measures read subtopic qrels; the other families, in the same
  // step, a document's highest judgment over its subtopics.
  std::optional<Qrels> subtopics;
  if (has_family(request.plan, Family::ndeval)) {
    GRK_TRY(subtopics, read_qrels(request.qrels, QrelsFormat::subtopics));
  }
  GRK_TRY(const Qrels qrels, subtopics ? Expected<Qrels>(adhoc_judgments(*subtopics))
                                       : read_qrels(request.qrels, request.qrels_format));
  GRK_TRY_VOID(check_qrels_for_plan(request.plan, qrels, request.qrels.string()));
  context.progress("scoring", 0, request.runs.size(), 0);
  const auto poll = [&context] { context.stop_if_cancelled(); };
  GRK_TRY(auto scores, evaluate_plan(request.runs, request.plan, qrels, threads, request.options.diversity_order,
                                     subtopics ? &*subtopics : nullptr, poll));
  std::vector<std::string> lacking;
  for (const auto& run : scores) lacking.insert(lacking.end(), run.missing.begin(), run.missing.end());
  std::optional<Qrels> shared;
  if (request.intersect && !lacking.empty()) {
    // Scored again on the shared queries: a measure's value on a query does
    // not depend on the others, but its mean's queries do.
    shared = without_queries(qrels, lacking);
    if (shared->queries.empty()) {
      return fail(Status::invalid_data, "intersect: no qrels query is in every run");
    }
    std::optional<Qrels> shared_subtopics;
    if (subtopics) shared_subtopics = without_queries(*subtopics, lacking);
    std::vector<std::vector<std::string>> missing;
    for (auto& run : scores) missing.push_back(std::move(run.missing));
    GRK_TRY(scores, evaluate_plan(request.runs, request.plan, *shared, threads, request.options.diversity_order,
                                  shared_subtopics ? &*shared_subtopics : nullptr, poll));
    for (std::size_t s = 0; s < scores.size(); ++s) scores[s].missing = std::move(missing[s]);
  }
  context.progress("scoring", request.runs.size(), request.runs.size(), 0);
  std::vector<std::string> systems;
  for (const auto& run : request.runs) systems.push_back(run.first);
  return boost::json::value(plan_result_json(systems, scores, request.plan, shared ? *shared : qrels,
                                             qrels.queries.size(), request.options.per_query, request.intersect));
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
