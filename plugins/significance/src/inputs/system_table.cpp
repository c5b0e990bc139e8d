#include "inputs/system_table.hpp"

#include <map>
#include <set>
#include <utility>

#include <grk/eval/score_file.hpp>
#include <grk/groundkit/report/names.hpp>
#include <grk/python/text.hpp>

#include "inputs/report_scores.hpp"

namespace grk::significance {

Expected<SystemTable> read_report_systems(const std::filesystem::path& path,
                                          const std::optional<std::vector<std::string>>& metrics,
                                          std::string_view metric_param) {
  std::vector<report::MetricName> wanted;
  if (metrics) {
    for (const std::string& name : *metrics) {
      const auto metric = report::parse_metric_name(name);
      if (!metric) {
        std::string expected;
        for (const auto known : report::metric_names) expected += (expected.empty() ? "" : ", ") + python::repr(known);
        return fail(Status::invalid_argument,
                    std::string(metric_param) + ": unknown metric " + python::repr(name) + "; expected one of " + expected);
      }
      wanted.push_back(*metric);
    }
  }
  GRK_TRY(const report::EvalReport report, read_report_file(path));
  if (!metrics) {
    for (std::size_t i = 0; i < report::metric_names.size(); ++i) wanted.push_back(static_cast<report::MetricName>(i));
  }

  SystemTable table;
  for (const auto& stage : report.stages) table.systems.emplace_back(report::to_string(stage.stage));
  for (const report::MetricName metric : wanted) {
    table.metrics.emplace_back(report::to_string(metric));
    std::vector<eval::ScoreMap> row;
    for (const std::string& system : table.systems) {
      // scores_from_report with the stage on both sides: its checks
      // (duplicate stage names, duplicate query ids) and its skipping of
      // no-answer queries, one stage at a time.
      GRK_TRY(ScorePair scores, scores_from_report(report, system, system, metric));
      row.push_back(std::move(scores.baseline));
    }
    table.scores.push_back(std::move(row));
  }
  return table;
}

Expected<void> require_systems(const RunPaths& runs) {
  if (runs.empty()) return fail(Status::invalid_argument, "runs must name at least one system");
  return {};
}

Expected<SystemTable> read_runs_systems(const RunPaths& runs, eval::RunsFormat format,
                                        const std::optional<std::vector<std::string>>& metrics,
                                        std::string_view metric_param) {
  GRK_TRY_VOID(require_systems(runs));
  std::vector<std::filesystem::path> paths;
  SystemTable table;
  for (const auto& [system, path] : runs) {
    table.systems.push_back(system);
    paths.push_back(path);
  }
  std::vector<eval::MeasureScores> files;
  for (const auto& path : paths) {
    GRK_TRY(eval::MeasureScores file, eval::read_run_file(path, format));
    files.push_back(std::move(file));
  }
  if (metrics) {
    table.metrics = *metrics;
  } else {
    for (const auto& [measure, scores] : files.front()) {
      (void)scores;
      bool everywhere = true;
      for (const auto& file : files) everywhere = everywhere && file.count(measure) > 0;
      if (everywhere) table.metrics.push_back(measure);
    }
    if (table.metrics.empty()) return fail(Status::invalid_data, "the runs files share no measure");
  }
  for (const std::string& metric : table.metrics) {
    std::vector<eval::ScoreMap> row;
    for (std::size_t s = 0; s < files.size(); ++s) {
      const auto found = files[s].find(metric);
      if (found == files[s].end()) {
        return fail(Status::invalid_argument, std::string(metric_param) + ": measure " + python::repr(metric) +
                                                  " is not in the runs file of system " +
                                                  python::repr(table.systems[s]) + " (" +
                                                  python::repr(paths[s].string()) + ")");
      }
      row.push_back(found->second);
    }
    table.scores.push_back(std::move(row));
  }
  return table;
}

Expected<SystemTable> read_scores_systems(const std::filesystem::path& path, const std::string& metric) {
  GRK_TRY(eval::ScoreFile file, eval::read_score_file(path));
  SystemTable table;
  table.metrics.push_back(metric);
  table.scores.emplace_back();
  for (auto& [system, scores] : file.systems) {
    table.systems.push_back(system);
    table.scores[0].push_back(std::move(scores));
  }
  return table;
}

}  // namespace grk::significance
