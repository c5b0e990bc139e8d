#include "components/statistics.hpp"

#include <boost/json/string.hpp>

#include <optional>
#include <set>
#include <utility>

#include <grk/error.hpp>
#include <grk/eval/run_files.hpp>
#include <grk/eval/threads.hpp>
#include <grk/json/writer.hpp>
#include <grk/python/repr.hpp>

#include "methods/comparison_tests.hpp"
#include "inputs/comparison_input.hpp"
#include "inputs/report_scores.hpp"
#include "inputs/system_table.hpp"
#include "inputs/trec_run_scores.hpp"
#include "results/compare_systems.hpp"
#include "results/result_json.hpp"

namespace grk::significance {

namespace {

/// A list param of names: a JSON array of strings, or the comma-separated
/// string it was before it became a list (`"dense, fusion"`); spaces around
/// a name are ignored either way, so both forms name the same systems.
Expected<std::optional<std::vector<std::string>>> name_list(const Params& params, std::string_view param) {
  if (!params.has(param)) return std::optional<std::vector<std::string>>();
  const boost::json::value& given = params.value(param);
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (std::string name : params.list(param)) {
    const std::size_t first = name.find_first_not_of(" \t");
    const std::size_t last = name.find_last_not_of(" \t");
    name = first == std::string::npos ? std::string() : name.substr(first, last - first + 1);
    if (name.empty()) {
      return fail(Status::invalid_argument,
                  given.is_string()
                      ? std::string(param) + " must be a comma-separated list of names, got " +
                            python::repr(std::string(given.get_string()))
                      : std::string(param) + " must list non-empty names, got " + json::write_compact(given));
    }
    if (!seen.insert(name).second) {
      return fail(Status::invalid_argument, std::string(param) + " lists " + python::repr(name) + " twice");
    }
    names.push_back(std::move(name));
  }
  if (names.empty()) {
    return fail(Status::invalid_argument,
                given.is_string() ? std::string(param) + " must be a comma-separated list of names, got ''"
                                  : std::string(param) + " must list at least one name, got []");
  }
  return std::optional<std::vector<std::string>>(std::move(names));
}

/// The `test` param's description: the family names in the table's order
/// ("bootstrap, randomization, ... or randomized-tukey-hsd").
std::string test_choices() {
  const std::vector<std::string> names = family_test_names();
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return text;
}

/// `correction` and `family`, absent meaning holm over all the records, or
/// for a test of the matrix, whose p-value is already family-wise per
/// metric, nothing more (docs/behaviour/comparisons.md §10.7); given against
/// that, each is refused before anything runs.
Expected<void> read_correction(const Params& params, FamilySettings& settings) {
  const bool matrix_test = settings.test->analyse != nullptr;
  settings.correction = matrix_test ? eval::Correction::none : eval::Correction::holm;
  settings.family = matrix_test ? Family::per_metric : Family::all;
  if (params.has("correction")) {
    GRK_TRY(settings.correction, eval::parse_correction(params.string("correction")));
  }
  if (params.has("family")) {
    GRK_TRY(settings.family, parse_family(params.string("family")));
  }
  if (matrix_test && settings.correction != eval::Correction::none) {
    return fail(Status::invalid_argument, "correction must be 'none' with test '" +
                                              std::string(settings.test->family_name) + "' (its p-value is " +
                                              "already family-wise over every pair of systems), got " +
                                              python::repr(eval::correction_name(settings.correction)));
  }
  if (matrix_test && settings.family != Family::per_metric) {
    return fail(Status::invalid_argument, "family must be 'per-metric' with test '" +
                                              std::string(settings.test->family_name) + "' (its ANOVA is " +
                                              "per metric), got 'all'");
  }
  return {};
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
  GRK_TRY(const eval::RunsFormat runs_format, eval::parse_runs_format(params.string("runs_format")));
  GRK_TRY(const std::optional<TrecRunJudging> judging, read_trec_run_judging(params, has_runs, runs_format));
  FamilySettings settings;
  GRK_TRY(settings.test, find_family_test(params.string("test")));
  GRK_TRY_VOID(read_correction(params, settings));
  GRK_TRY(settings.missing_queries, eval::parse_missing_queries(params.string("missing_queries")));
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
    // A scores file's metric is one of groundkit's, as for the two-system
    // comparisons, but for the many-systems form, which names its own.
    if (auto metric = check_metric_name(params.string("metric"));
        !metric && !scores_name_their_metric(params)) {
      return unexpected(std::move(metric).error());
    }
  }
  std::optional<std::vector<std::string>> metrics;
  if (params.has("metric")) {
    metrics = std::vector<std::string>{params.string("metric")};
  } else {
    GRK_TRY(metrics, name_list(params, "metrics"));
  }
  GRK_TRY(const std::optional<std::vector<std::string>> systems, name_list(params, "systems"));
  const char* metric_param = params.has("metric") ? "metric" : "metrics";
  std::vector<TrecMeasure> trec_metrics;
  if (judging) {
    if (!metrics) {
      return fail(Status::invalid_argument,
                  "metrics must be given with runs_format 'trec_run' (trec_eval's output names, such as 'map', "
                  "'P_10', 'ndcg_cut_10')");
    }
    GRK_TRY(trec_metrics, resolve_trec_measures(*metrics, metric_param, Expansion::every_measure));
  }
  GRK_TRY(settings.threads, eval::thread_count());

  const bool bounded = reading == InputReading::bounded;
  if (bounded && !inputs_small_enough(params)) return std::optional<PreparedFamily>();
  auto table = has_report   ? read_report_systems(params.path("report"), metrics, metric_param)
               : has_scores ? read_scores_systems(params.path("scores"), params.string("metric"))
               : judging    ? score_trec_runs(params.paths("runs"), *judging, trec_metrics, settings.missing_queries)
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
  // Polled between comparisons (SDK 1.2, docs/design.md §2.6): a cancelled
  // family stops at the next comparison and writes nothing.
  return compare_systems(
      family->table, family->pairs, family->settings,
      [&context](std::size_t done, std::size_t total) { context.progress("comparisons", done, total); },
      [&context] { context.stop_if_cancelled(); });
}

}  // namespace

std::vector<ParamSpec> CompareSystemsStatistic::params() {
  std::vector<ParamSpec> specs = system_table_params();
  std::vector<ParamSpec> rest{
      optional("baseline", ParamType::string, "compare every other system with this one (default: every pair)"),
      optional("systems", ParamType::list, "system names to compare (default: every system of the input)")
          .or_comma_separated(),
      optional("metrics", ParamType::list,
               "metric names (default: every metric of the input; required with runs_format trec_run)")
          .or_comma_separated(),
      optional("metric", ParamType::string, "a single metric (instead of metrics; required with scores)"),
      with_default("test", ParamType::string, boost::json::string(bootstrap_row.family_name), test_choices())
          .one_of(family_test_names()),
      optional("correction", ParamType::string,
               "holm, bonferroni, holm-sidak, hommel, bh, by or none (default holm; none, the only one allowed, "
               "with tukey-hsd and randomized-tukey-hsd, whose p is already family-wise)")
          .one_of({"holm", "bonferroni", "holm-sidak", "hommel", "bh", "by", "none"}),
      optional("family", ParamType::string,
               "which p-values are corrected together: all (every record, the default) or per-metric (each "
               "metric's records apart; the only one allowed with the Tukey tests)")
          .one_of({"all", "per-metric"}),
  };
  for (ParamSpec& spec : rest) specs.push_back(std::move(spec));
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
  boost::json::value result = run(params, context).or_throw();
  for (const std::string& line : raw_p_values(result)) context.log(LogLevel::debug, line);
  return result;
}

std::string CompareSystemsStatistic::summarize(const boost::json::value& result) const {
  return summarize_family(result);
}

}  // namespace grk::significance
