#include "report_scores.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

#include <grk/error.hpp>
#include <grk/python/text.hpp>
#include <grk/groundkit/report/reader.hpp>
#include "input_file.hpp"

namespace grk::significance {

namespace {

ScoreMap stage_scores(const report::StageResult& stage, report::MetricName metric) {
  ScoreMap scores;
  for (const report::QueryResult& query : stage.queries) {
    // No-answer queries drop out of both sides instead of pairing as zero.
    if (!query.metrics) continue;
    if (!scores.emplace(query.query_id, query.metrics->value(metric)).second) {
      throw Error(Status::invalid_data,
                  "duplicate query id " + python::repr(query.query_id) +
                      " in a stage's results; query ids must be unique for a paired comparison to mean anything");
    }
  }
  return scores;
}

}  // namespace

ScorePair scores_from_report(const report::EvalReport& report, std::string_view baseline,
                             std::string_view candidate, report::MetricName metric) {
  std::map<std::string_view, std::size_t> occurrences;
  for (const auto& stage : report.stages) ++occurrences[report::to_string(stage.stage)];
  std::vector<std::string> duplicated;
  for (const auto& [name, count] : occurrences) {
    if (count > 1) duplicated.emplace_back(name);
  }
  if (!duplicated.empty()) {
    throw Error(Status::invalid_data, "report contains more than one stage named " +
                                          python::repr_list(duplicated) +
                                          "; a comparison cannot say which of them it measured");
  }
  const auto find = [&](std::string_view name) -> const report::StageResult& {
    for (const auto& stage : report.stages) {
      if (report::to_string(stage.stage) == name) return stage;
    }
    throw Error(Status::invalid_argument, "report does not contain stage " + python::repr(name));
  };
  const report::StageResult& baseline_stage = find(baseline);
  const report::StageResult& candidate_stage = find(candidate);
  ScorePair pair;
  pair.baseline = stage_scores(baseline_stage, metric);
  pair.candidate = stage_scores(candidate_stage, metric);
  return pair;
}

report::EvalReport read_report_file(const std::filesystem::path& path) {
  const boost::json::value json = read_json_file(path, "report");
  auto parsed = report::read_eval_report(json);
  if (!parsed) throw Error(Status::invalid_data, parsed.error().describe());
  return std::move(parsed).value();
}

}  // namespace grk::significance
