// SystemTable: the per-query scores of every system of a `compare-systems`
// input on every metric it compares, read from an EvalReport or from
// per-query evaluation files (`runs`).
#ifndef GRK_SIGNIFICANCE_INPUTS_SYSTEM_TABLE_HPP
#define GRK_SIGNIFICANCE_INPUTS_SYSTEM_TABLE_HPP

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/eval/run_files.hpp>
#include <grk/expected.hpp>

#include "inputs/score_pair.hpp"

namespace grk::significance {

struct SystemTable {
  /// In the input's order: the report's stage order, the `runs` object's key order.
  std::vector<std::string> systems;
  /// The compared metrics: the requested ones in the order given, or every
  /// metric of the input.
  std::vector<std::string> metrics;
  /// scores[m][s]: system s on metric m.
  std::vector<std::vector<eval::ScoreMap>> scores;
};

/// Every stage of the EvalReport at `path`; `metrics` (absent: the report's
/// five, in report order) must be report metric names, else invalid_argument
/// `<metric_param>: unknown metric 'x'; expected one of 'recall_at_1', ...`.
/// Fails as read_report_file and scores_from_report do.
Expected<SystemTable> read_report_systems(const std::filesystem::path& path,
                                          const std::optional<std::vector<std::string>>& metrics,
                                          std::string_view metric_param);

/// {system name: per-query evaluation file}, in the `runs` param's order (a
/// `paths` param: the host has made relative paths absolute).
using RunPaths = std::vector<std::pair<std::string, std::filesystem::path>>;

/// Fails with invalid_argument `runs must name at least one system` when
/// `runs` is empty: what both readers of runs (per-query files, TREC runs) ask first.
Expected<void> require_systems(const RunPaths& runs);

/// Every system of `runs`; `metrics` absent: every measure that every file
/// has, sorted; `metric_param` (`metric` or `metrics`) is the param that named
/// them. Fails with invalid_argument `runs must name at least one system`,
/// `<metric_param>: measure 'x' is not in the runs file of system 'y'
/// ('<path>')`, invalid_data `the runs files share no measure`, or as
/// read_run_file does.
Expected<SystemTable> read_runs_systems(const RunPaths& runs, eval::RunsFormat format,
                                        const std::optional<std::vector<std::string>>& metrics,
                                        std::string_view metric_param);

/// The systems of a scores file on its one metric, labelled `metric` (either
/// form: the two-sided form's systems are `baseline` and `candidate`). Fails
/// as read_score_file does.
Expected<SystemTable> read_scores_systems(const std::filesystem::path& path, const std::string& metric);

}  // namespace grk::significance

#endif
