#include "statistic/trec_eval_statistic.hpp"

#include <grk/error.hpp>
#include <grk/eval/threads.hpp>
#include <grk/json/reader.hpp>

#include "evaluation/system_evaluation.hpp"
#include "printing/trec_eval_text.hpp"
#include "statistic/evaluation_request.hpp"
#include "statistic/result_json.hpp"
#include "trec/qrels_reader.hpp"

namespace grk::measures {

namespace {

// "trec-eval: 1 run, 29 measures": what the step's line says under it.
std::string summary_line(std::size_t systems, std::size_t measures) {
  return "trec-eval: " + std::to_string(systems) + (systems == 1 ? " run, " : " runs, ") + std::to_string(measures) +
         (measures == 1 ? " measure" : " measures");
}

// Everything the step computes, or its first failure; nothing is written before it is whole.
Expected<ResultText> evaluate(const Params& params, Context& context) {
  GRK_TRY(const EvaluationRequest request, read_request(params));
  GRK_TRY(const unsigned threads, eval::thread_count());
  GRK_TRY(const Qrels qrels, read_qrels(request.qrels, request.qrels_format));
  context.progress("scoring", 0, request.runs.size(), 0);
  const ValueLayout layout(request.measures);
  // Polled between runs and parts of queries: an interrupted step publishes no output_dir.
  const auto poll = [&context] { context.stop_if_cancelled(); };
  GRK_TRY(const auto scores, evaluate_systems(request.runs, qrels, layout, request.options, threads, poll));
  poll();
  context.progress("scoring", request.runs.size(), request.runs.size(), 0);
  std::vector<std::string> systems;
  for (const auto& [system, path] : request.runs) {
    (void)path;
    systems.push_back(system);
  }
  if (request.output_dir) {
    GRK_TRY_VOID(
        publish_trec_eval_texts(*request.output_dir, systems, scores, layout, request.options.per_query, threads));
  }
  return ResultText{result_text(systems, scores, layout, request.options),
                    summary_line(systems.size(), listed_measures(layout).size())};
}

}  // namespace

std::vector<ParamSpec> TrecEvalStatistic::params() { return evaluation_params(); }

Expected<void> TrecEvalStatistic::validate(const Params& params) const {
  GRK_TRY_VOID(read_request(params));
  return {};
}

// The one place where a failure becomes grk::Error (the plugin firewall).
std::optional<ResultText> TrecEvalStatistic::compute_text(const Params& params, Context& context) {
  return evaluate(params, context).or_throw();
}

boost::json::value TrecEvalStatistic::compute(const Params& params, Context& context) {
  return json::read(compute_text(params, context)->json).value();
}

std::string TrecEvalStatistic::summarize(const boost::json::value& result) const {
  const auto& object = result.as_object();
  return summary_line(object.at("systems").as_object().size(), object.at("measures").as_array().size());
}

}  // namespace grk::measures
