#include "paired_bootstrap_statistic.hpp"

#include <string>

#include <grk/error.hpp>

#include "bootstrap_result_json.hpp"
#include "metric_check.hpp"
#include "paired_bootstrap.hpp"
#include "report_scores.hpp"
#include "score_file.hpp"
#include "score_pair.hpp"

namespace grk::significance {

std::vector<ParamSpec> PairedBootstrapStatistic::params() {
  return {
      optional("report", ParamType::path,
               "EvalReport JSON written by `grk eval`; compares two of its stages (give this or scores)"),
      optional("scores", ParamType::path,
               "JSON file {\"baseline\": {query_id: score}, \"candidate\": {...}} (give this or report)"),
      required("baseline", ParamType::string, "baseline stage name (with report) or label (with scores)"),
      required("candidate", ParamType::string, "candidate stage name (with report) or label (with scores)"),
      required("metric", ParamType::string,
               "one of recall_at_1, recall_at_5, recall_at_10, mrr, ndcg_at_10"),
      with_default("resamples", ParamType::integer, 10000, "bootstrap resamples B (> 0)"),
      with_default("seed", ParamType::integer, 7,
                   "random.Random seed; any signed 64-bit integer, the sign is ignored as in CPython"),
      with_default("confidence_level", ParamType::number, 0.95, "two-sided CI level, 0 < x < 1"),
  };
}

// The one place where a failure becomes grk::Error: compute runs under the
// plugin firewall, everything it calls returns Expected.
boost::json::value PairedBootstrapStatistic::compute(const Params& params, Context& context) {
  const bool has_report = params.has("report");
  const bool has_scores = params.has("scores");
  if (has_report == has_scores) {
    throw Error(Status::invalid_argument, std::string("exactly one of 'report' and 'scores' must be given, got ") +
                                              (has_report ? "both" : "neither"));
  }
  const report::MetricName metric = check_metric_name(params.string("metric")).or_throw();

  BootstrapRequest request;
  request.baseline_name = params.string("baseline");
  request.candidate_name = params.string("candidate");
  request.metric = std::string(report::to_string(metric));
  request.resamples = params.integer("resamples");
  request.seed = params.integer("seed");
  const boost::json::value& level = params.value("confidence_level");
  request.confidence_level = params.number("confidence_level");
  // A JSON integer reaches Python as an int, and str(1) is "1", not "1.0".
  if (level.is_int64()) request.confidence_level_text = std::to_string(level.get_int64());
  if (level.is_uint64()) request.confidence_level_text = std::to_string(level.get_uint64());

  ScorePair scores;
  if (has_report) {
    const report::EvalReport report = read_report_file(params.path("report")).or_throw();
    scores = scores_from_report(report, request.baseline_name, request.candidate_name, metric).or_throw();
  } else {
    scores = read_score_file(params.path("scores")).or_throw();
  }
  const BootstrapProgress progress = [&context](std::uint64_t done, std::uint64_t total) {
    context.progress("resampling", done, total);
  };
  return to_json(paired_bootstrap(scores.baseline, scores.candidate, request, progress).or_throw());
}

std::string PairedBootstrapStatistic::summarize(const boost::json::value& result) const {
  return significance::summarize(result);
}

}  // namespace grk::significance
