#include "comparison_input.hpp"

#include <string>
#include <utility>

#include <grk/groundkit/report/names.hpp>

#include "metric_check.hpp"
#include "report_scores.hpp"
#include "score_file.hpp"

namespace grk::significance {

std::vector<ParamSpec> comparison_input_params() {
  return {
      optional("report", ParamType::path,
               "EvalReport JSON written by `grk eval`; compares two of its stages (give this or scores)"),
      optional("scores", ParamType::path,
               "JSON file {\"baseline\": {query_id: score}, \"candidate\": {...}} (give this or report)"),
      required("baseline", ParamType::string, "baseline stage name (with report) or label (with scores)"),
      required("candidate", ParamType::string, "candidate stage name (with report) or label (with scores)"),
      required("metric", ParamType::string,
               "one of recall_at_1, recall_at_5, recall_at_10, mrr, ndcg_at_10"),
  };
}

Expected<ComparisonInput> read_comparison_input(const Params& params) {
  const bool has_report = params.has("report");
  const bool has_scores = params.has("scores");
  if (has_report == has_scores) {
    return fail(Status::invalid_argument, std::string("exactly one of 'report' and 'scores' must be given, got ") +
                                              (has_report ? "both" : "neither"));
  }
  auto metric = check_metric_name(params.string("metric"));
  if (!metric) return unexpected(std::move(metric).error());

  ComparisonInput input;
  input.baseline = params.string("baseline");
  input.candidate = params.string("candidate");
  input.metric = std::string(report::to_string(*metric));
  if (has_report) {
    auto report = read_report_file(params.path("report"));
    if (!report) return unexpected(std::move(report).error());
    auto scores = scores_from_report(*report, input.baseline, input.candidate, *metric);
    if (!scores) return unexpected(std::move(scores).error());
    input.scores = std::move(*scores);
  } else {
    auto scores = read_score_file(params.path("scores"));
    if (!scores) return unexpected(std::move(scores).error());
    input.scores = std::move(*scores);
  }
  return input;
}

}  // namespace grk::significance
