#include "inputs/report_scores.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <grk/error.hpp>
#include <grk/eval/choices.hpp>
#include <grk/eval/input_file.hpp>
#include <grk/groundkit/report/reader.hpp>
#include <grk/python/text.hpp>


namespace grk::significance {

namespace {

Expected<eval::ScoreMap> stage_scores(const report::StageResult& stage, report::MetricName metric) {
  eval::ScoreMap scores;
  for (const report::QueryResult& query : stage.queries) {
    // No-answer queries drop out of both sides instead of pairing as zero.
    if (!query.metrics) continue;
    if (!scores.emplace(query.query_id, query.metrics->value(metric)).second) {
      return fail(Status::invalid_data,
                  "duplicate query id " + python::repr(query.query_id) +
                      " in a stage's results; query ids must be unique for a paired comparison to mean anything");
    }
  }
  return scores;
}

const report::StageResult* find_stage(const report::EvalReport& report, std::string_view name) {
  for (const auto& stage : report.stages) {
    if (report::to_string(stage.stage) == name) return &stage;
  }
  return nullptr;
}

// groundkit's message, kept byte for byte; the stages the report does have go
// in the hint (docs/behaviour/paired-bootstrap.md §12.2).
Unexpected<Failure> missing_stage(const report::EvalReport& report, std::string_view name) {
  std::string stages;
  for (const auto& stage : report.stages) {
    stages += (stages.empty() ? "" : ", ") + python::repr(report::to_string(stage.stage));
  }
  return fail(Status::invalid_argument, "report does not contain stage " + python::repr(name),
              stages.empty() ? std::string("the report has no stages") : "the report's stages: " + stages);
}

}  // namespace

Expected<ScorePair> scores_from_report(const report::EvalReport& report, std::string_view baseline,
                                       std::string_view candidate, report::MetricName metric) {
  std::map<std::string_view, std::size_t> occurrences;
  for (const auto& stage : report.stages) ++occurrences[report::to_string(stage.stage)];
  std::vector<std::string> duplicated;
  for (const auto& [name, count] : occurrences) {
    if (count > 1) duplicated.emplace_back(name);
  }
  if (!duplicated.empty()) {
    return fail(Status::invalid_data, "report contains more than one stage named " +
                                          python::repr_list(duplicated) +
                                          "; a comparison cannot say which of them it measured");
  }
  const report::StageResult* baseline_stage = find_stage(report, baseline);
  if (baseline_stage == nullptr) return missing_stage(report, baseline);
  const report::StageResult* candidate_stage = find_stage(report, candidate);
  if (candidate_stage == nullptr) return missing_stage(report, candidate);
  GRK_TRY(eval::ScoreMap baseline_scores, stage_scores(*baseline_stage, metric));
  GRK_TRY(eval::ScoreMap candidate_scores, stage_scores(*candidate_stage, metric));
  return ScorePair{std::move(baseline_scores), std::move(candidate_scores)};
}

Expected<report::EvalReport> report_from_json(const boost::json::value& json) {
  auto parsed = report::read_eval_report(json);
  if (!parsed) return fail(Status::invalid_data, parsed.error().describe());
  return std::move(parsed).value();
}

Expected<report::EvalReport> read_report_file(const std::filesystem::path& path) {
  GRK_TRY(const boost::json::value json, eval::read_json_file(path, "report"));
  return report_from_json(json);
}

Expected<report::MetricName> check_metric_name(std::string_view text) {
  if (auto metric = report::parse_metric_name(text)) return *metric;
  return eval::not_one_of("metric", report::metric_names, text);
}

}  // namespace grk::significance
