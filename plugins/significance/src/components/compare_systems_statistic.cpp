#include "components/statistics.hpp"

#include <boost/json/string.hpp>

#include <optional>
#include <set>
#include <utility>

#include <grk/error.hpp>
#include <grk/python/repr.hpp>

#include "components/comparison_tests.hpp"
#include "inputs/comparison_input.hpp"
#include "inputs/report_scores.hpp"
#include "inputs/run_files.hpp"
#include "inputs/system_table.hpp"
#include "results/compare_systems.hpp"
#include "results/parallel_slots.hpp"
#include "results/result_json.hpp"

namespace grk::significance {

namespace {

/// A list param: names separated by commas, spaces around a name ignored
/// (`"dense, fusion"`). The param set has no array type, and a string keeps
/// the list one `--set systems=dense,fusion` away on the command line.
Expected<std::optional<std::vector<std::string>>> name_list(const Params& params, std::string_view param) {
  if (!params.has(param)) return std::optional<std::vector<std::string>>();
  const std::string text = params.string(param);
  std::vector<std::string> names;
  std::set<std::string> seen;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::size_t first = name.find_first_not_of(" \t");
    const std::size_t last = name.find_last_not_of(" \t");
    name = first == std::string::npos ? std::string() : name.substr(first, last - first + 1);
    if (name.empty()) {
      return fail(Status::invalid_argument, std::string(param) +
                                                " must be a comma-separated list of names, got " +
                                                python::repr(text));
    }
    if (!seen.insert(name).second) {
      return fail(Status::invalid_argument, std::string(param) + " lists " + python::repr(name) + " twice");
    }
    names.push_back(std::move(name));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return std::optional<std::vector<std::string>>(std::move(names));
}

/// `bootstrap, randomization, t or wilcoxon`: the `test` param's description.
std::string test_choices() {
  const std::vector<std::string> names = family_test_names();
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return text;
}

/// The family a compare-systems step will compute: its input read, its pairs
/// planned, its settings checked.
struct PreparedFamily {
  SystemTable table;
  std::vector<SystemPair> pairs;
  FamilySettings settings;
};

/// How much of the input prepare() may read: all of it (the step), or only an
/// input small enough to read twice (the pre-run check, which then stops at
/// a problem of the data and leaves it to the step).
enum class InputReading { whole, bounded };

/// docs/behaviour/comparisons.md §10.2 steps 1-7, in order. Under
/// InputReading::bounded an empty optional means the check stopped at the
/// input without finding a parameter mistake.
Expected<std::optional<PreparedFamily>> prepare(const Params& params, InputReading reading) {
  const bool has_report = params.has("report");
  const bool has_scores = params.has("scores");
  const bool has_runs = params.has("runs");
  const int inputs = int{has_report} + int{has_scores} + int{has_runs};
  if (inputs != 1) return fail(Status::invalid_argument, more_than_one_input(has_report, has_scores, has_runs));
  GRK_TRY(const RunsFormat runs_format, parse_runs_format(params.string("runs_format")));
  FamilySettings settings;
  GRK_TRY(settings.test, find_family_test(params.string("test")));
  GRK_TRY(settings.correction, parse_correction(params.string("correction")));
  GRK_TRY(settings.missing_queries, parse_missing_queries(params.string("missing_queries")));
  GRK_TRY(settings.test_settings,
          read_test_settings(params, {"alpha", "confidence_level", "resamples", "permutations", "seed"}));
  settings.per_query = params.boolean("per_query");

  if (params.has("metric") && params.has("metrics")) {
    return fail(Status::invalid_argument, "give at most one of 'metric' and 'metrics', got both");
  }
  if (has_scores && !params.has("metric")) {
    return fail(Status::invalid_argument, "metric must be given with scores (a scores file holds one metric)");
  }
  if (has_scores) {
    // A scores file's metric is one of groundkit's, as for the two-system comparisons.
    GRK_TRY_VOID(check_metric_name(params.string("metric")));
  }
  std::optional<std::vector<std::string>> metrics;
  if (params.has("metric")) {
    metrics = std::vector<std::string>{params.string("metric")};
  } else {
    GRK_TRY(metrics, name_list(params, "metrics"));
  }
  GRK_TRY(const std::optional<std::vector<std::string>> systems, name_list(params, "systems"));
  GRK_TRY(settings.threads, thread_count());

  const bool bounded = reading == InputReading::bounded;
  if (bounded && !inputs_small_enough(params)) return std::optional<PreparedFamily>();
  const char* metric_param = params.has("metric") ? "metric" : "metrics";
  auto table = has_report   ? read_report_systems(params.path("report"), metrics, metric_param)
               : has_scores ? read_scores_systems(params.path("scores"), params.string("metric"))
                            : read_runs_systems(params.paths("runs"), runs_format, metrics, metric_param);
  if (!table) {
    // A problem of the data is the step's to report; a parameter the data contradicts is not.
    if (bounded && table.error().status != Status::invalid_argument) return std::optional<PreparedFamily>();
    return unexpected(std::move(table).error());
  }
  const std::optional<std::string> baseline =
      params.has("baseline") ? std::optional<std::string>(params.string("baseline")) : std::nullopt;
  GRK_TRY(std::vector<SystemPair> pairs, plan_pairs(table->systems, baseline, systems));
  return std::optional<PreparedFamily>(PreparedFamily{std::move(*table), std::move(pairs), settings});
}

Expected<boost::json::value> run(const Params& params, Context& context) {
  GRK_TRY(const std::optional<PreparedFamily> family, prepare(params, InputReading::whole));
  return compare_systems(family->table, family->pairs, family->settings,
                         [&context](std::size_t done, std::size_t total) {
                           context.progress("comparisons", done, total);
                         });
}

}  // namespace

std::vector<ParamSpec> CompareSystemsStatistic::params() {
  std::vector<ParamSpec> specs{
      as_file(optional("report", ParamType::path,
                       "EvalReport JSON; its stages are the systems (give one of report, scores, runs)")),
      as_file(optional("scores", ParamType::path,
                       "JSON file {\"systems\": {name: {query_id: score}}} (or {\"baseline\": ..., \"candidate\": "
                       "...}) on one metric, named by metric (give one of report, scores, runs)")),
      runs_param(),
      runs_format_param(),
      optional("baseline", ParamType::string, "compare every other system with this one (default: every pair)"),
      optional("systems", ParamType::string,
               "comma-separated system names to compare (default: every system of the input)"),
      optional("metrics", ParamType::string,
               "comma-separated metric names (default: every metric of the input)"),
      optional("metric", ParamType::string, "a single metric (instead of metrics; required with scores)"),
      with_default("test", ParamType::string, boost::json::string(bootstrap_row.family_name), test_choices())
          .one_of(family_test_names()),
      with_default("correction", ParamType::string, "holm",
                   "holm, bonferroni, holm-sidak, hommel, bh, by or none")
          .one_of({"holm", "bonferroni", "holm-sidak", "hommel", "bh", "by", "none"}),
  };
  for (ParamSpec& spec : setting_params({"alpha", "resamples", "permutations", "seed", "confidence_level"})) {
    specs.push_back(std::move(spec));
  }
  specs.push_back(with_default("missing_queries", ParamType::string, "error",
                               "a query some system lacks: error, intersect (compare the shared ones) or zero "
                               "(score 0)")
                      .one_of({"error", "intersect", "zero"}));
  specs.push_back(with_default("per_query", ParamType::boolean, false, "add each record's per-query deltas"));
  return specs;
}

// §10.2 steps 1-7 before the run, the input read only when small enough
// (docs/behaviour/comparisons.md §2.5).
Expected<void> CompareSystemsStatistic::validate(const Params& params) const {
  GRK_TRY_VOID(prepare(params, InputReading::bounded));
  return {};
}

// The one place where a failure becomes grk::Error (the plugin firewall).
boost::json::value CompareSystemsStatistic::compute(const Params& params, Context& context) {
  return run(params, context).or_throw();
}

std::string CompareSystemsStatistic::summarize(const boost::json::value& result) const {
  return summarize_family(result);
}

}  // namespace grk::significance
