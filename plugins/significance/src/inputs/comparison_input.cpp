#include "inputs/comparison_input.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include <grk/eval/run_files.hpp>
#include <grk/eval/score_file.hpp>
#include <grk/groundkit/report/names.hpp>
#include <grk/python/repr.hpp>

#include "inputs/report_scores.hpp"
#include "inputs/system_table.hpp"
#include "inputs/trec_run_scores.hpp"

namespace grk::significance {

std::string more_than_one_input(bool has_report, bool has_scores, bool has_runs) {
  const int inputs = int{has_report} + int{has_scores} + int{has_runs};
  std::string given;
  for (const auto& [flag, param] : {std::pair{has_report, "'report'"}, std::pair{has_scores, "'scores'"},
                                    std::pair{has_runs, "'runs'"}}) {
    if (flag) given += (given.empty() ? "" : " and ") + std::string(param);
  }
  return "exactly one of 'report', 'scores' and 'runs' must be given, got " +
         (inputs == 0 ? std::string("none") : inputs == 3 ? std::string("all three") : given);
}

namespace {

/// The names of `given`'s members, for the "no such system" messages.
template <typename Members, typename Name>
std::string quoted_names(const Members& members, Name name) {
  std::string out;
  for (const auto& member : members) out += (out.empty() ? "" : ", ") + python::repr(std::string(name(member)));
  return out;
}

Expected<eval::ScoreMap> system_of_scores_file(const eval::SystemScoreMaps& systems, const std::string& name) {
  for (const auto& [system, scores] : systems) {
    if (system == name) return scores;
  }
  return fail(Status::invalid_argument,
              "scores file does not contain system " + python::repr(name) + "; its systems: " +
                  quoted_names(systems, [](const auto& system) { return system.first; }));
}

// `read`: the scores file's JSON when checking the metric read it already.
Expected<ScorePair> scores_of_file(const Params& params, const std::string& baseline, const std::string& candidate,
                                   const std::optional<boost::json::value>& read) {
  // `scores_data` carries a scores file's content in memory (docs/behaviour/comparisons.md §2.4).
  GRK_TRY(eval::ScoreFile file, params.has("scores_data") ? eval::score_file_from_json(params.value("scores_data"))
                                : read                    ? eval::score_file_from_json(*read)
                                                          : eval::read_score_file(params.path("scores")));
  eval::SystemScoreMaps& systems = file.systems;
  if (file.two_sided) return ScorePair{std::move(systems[0].second), std::move(systems[1].second)};
  GRK_TRY(eval::ScoreMap baseline_scores, system_of_scores_file(systems, baseline));
  GRK_TRY(eval::ScoreMap candidate_scores, system_of_scores_file(systems, candidate));
  return ScorePair{std::move(baseline_scores), std::move(candidate_scores)};
}

/// The judging and the metric of runs_format trec_run.
struct TrecRunScoring {
  TrecRunJudging judging;
  std::vector<TrecMeasure> metric;
};

Expected<ScorePair> scores_of_runs(const Params& params, eval::RunsFormat format,
                                   const std::optional<TrecRunScoring>& trec, const ComparisonInput& input) {
  const auto runs = params.paths("runs");
  RunPaths sides;
  for (const std::string* name : {&input.baseline, &input.candidate}) {
    bool found = false;
    for (const auto& run : runs) {
      if (run.first != *name) continue;
      sides.push_back(run);
      found = true;
      break;
    }
    if (!found) {
      return fail(Status::invalid_argument,
                  "runs has no system " + python::repr(*name) + "; it names " +
                      quoted_names(runs, [](const auto& run) { return run.first; }));
    }
  }
  GRK_TRY(SystemTable table, trec ? score_trec_runs(sides, trec->judging, trec->metric)
                                  : read_runs_systems(sides, format, std::vector<std::string>{input.metric}, "metric"));
  return ScorePair{std::move(table.scores[0][0]), std::move(table.scores[0][1])};
}

/// With an in-memory input among them, exactly one of the five inputs
/// (docs/behaviour/comparisons.md §2.4); the three file inputs alone keep
/// their messages of §2.3.
Expected<void> check_one_input_given(const Params& params) {
  std::vector<std::string> given;
  for (const char* name : {"report", "scores", "runs", "report_data", "scores_data"}) {
    if (params.has(name)) given.push_back(std::string("'") + name + "'");
  }
  if (given.size() == 1) return {};
  std::string list;
  for (std::size_t i = 0; i < given.size(); ++i) {
    list += (i == 0 ? "" : i + 1 == given.size() ? " and " : ", ") + given[i];
  }
  return fail(Status::invalid_argument,
              "exactly one of 'report', 'scores', 'runs', 'report_data' and 'scores_data' must be given, got " + list);
}

/// The two sides paired query by query under `policy` (intersect or zero).
Expected<AlignmentSummary> align(ComparisonInput& input, eval::MissingQueries policy) {
  GRK_TRY(const eval::AlignedScores aligned,
          eval::align_queries({{input.baseline, &input.scores.baseline}, {input.candidate, &input.scores.candidate}},
                              input.metric, policy));
  ScorePair scores;
  for (std::size_t q = 0; q < aligned.query_ids.size(); ++q) {
    scores.baseline.emplace_hint(scores.baseline.end(), aligned.query_ids[q], aligned.scores[0][q]);
    scores.candidate.emplace_hint(scores.candidate.end(), aligned.query_ids[q], aligned.scores[1][q]);
  }
  input.scores = std::move(scores);
  return AlignmentSummary{policy, aligned.query_ids.size(), aligned.dropped_queries, aligned.filled_queries[0],
                          aligned.filled_queries[1]};
}

// `runs` and `runs_format`: every component that reads systems takes them.
ParamSpec runs_param() {
  return as_file(optional("runs", ParamType::paths,
                          "{system name: path} of per-query evaluation files, or of TREC runs with runs_format "
                          "trec_run (give one of report, scores, runs)"));
}

ParamSpec runs_format_param() {
  return with_default("runs_format", ParamType::string, "trec_eval",
                      "format of the runs files: trec_eval (trec_eval -q output), ir_measures (ir_measures -q "
                      "output) or trec_run (TREC runs, scored here against qrels)")
      .one_of({"trec_eval", "ir_measures", "trec_run"});
}

}  // namespace

std::vector<ParamSpec> system_table_params() {
  std::vector<ParamSpec> specs{
      as_file(optional("report", ParamType::path,
                       "EvalReport JSON; its stages are the systems (give one of report, scores, runs)")),
      as_file(optional("scores", ParamType::path,
                       "JSON file {\"systems\": {name: {query_id: score}}} (or {\"baseline\": ..., \"candidate\": "
                       "...}) on one metric, named by metric (give one of report, scores, runs)")),
      runs_param(),
      runs_format_param(),
  };
  for (ParamSpec& spec : trec_run_params()) specs.push_back(std::move(spec));
  return specs;
}

std::vector<ParamSpec> comparison_input_params() {
  std::vector<ParamSpec> specs{
      as_file(optional("report", ParamType::path,
                       "EvalReport JSON written by `grk eval`; compares two of its stages (give one of report, "
                       "scores, runs)")),
      as_file(optional("scores", ParamType::path,
                       "JSON file {\"baseline\": {query_id: score}, \"candidate\": {...}}, or {\"systems\": {name: "
                       "{query_id: score}}} (give one of report, scores, runs)")),
      runs_param(),
      optional("report_data", ParamType::object,
               "an EvalReport as a JSON object, in place of a report file (give one input only)"),
      optional("scores_data", ParamType::object,
               "a scores file's content as a JSON object, in place of the file (give one input only)"),
      runs_format_param(),
  };
  for (ParamSpec& spec : trec_run_params()) specs.push_back(std::move(spec));
  std::vector<ParamSpec> sides{
      required("baseline", ParamType::string,
               "baseline stage name (report), label or system name (scores), system name (runs)"),
      required("candidate", ParamType::string,
               "candidate stage name (report), label or system name (scores), system name (runs)"),
      required("metric", ParamType::string,
               "one of recall_at_1, recall_at_5, recall_at_10, mrr, ndcg_at_10; with runs, the files' "
               "measure name (ndcg_cut_10, nDCG@10); with trec_run, trec_eval's output name (ndcg_cut_10, P_10, map)"),
      with_default("missing_queries", ParamType::string, "error",
                   "a query one side lacks: error, intersect (compare the shared ones) or zero (score 0)")
          .one_of({"error", "intersect", "zero"}),
  };
  for (ParamSpec& spec : sides) specs.push_back(std::move(spec));
  return specs;
}

namespace {

// scores_name_their_metric, keeping in `read` the scores file's JSON, so
// that the scores are taken from the file this decided on, read once.
bool named_systems_read(const Params& params, std::optional<boost::json::value>& read) {
  if (params.has("scores_data")) return eval::holds_named_systems(params.value("scores_data"));
  if (!params.has("scores")) return false;
  auto json = eval::read_json_file(params.path("scores"), "scores file");
  if (!json) return false;
  read = std::move(*json);
  return eval::holds_named_systems(*read);
}

}  // namespace

bool scores_name_their_metric(const Params& params) {
  std::optional<boost::json::value> unused;
  return named_systems_read(params, unused);
}

namespace {

/// What §2.3 steps 1-4 make of the parameters, before any input is read.
struct InputSettings {
  bool has_report_data = false;
  bool has_report = false;
  bool has_scores = false;
  bool has_runs = false;
  std::string metric;
  bool groundkit_metric = true;
  eval::RunsFormat runs_format = eval::RunsFormat::trec_eval;
  eval::MissingQueries policy = eval::MissingQueries::error;
  std::optional<TrecRunScoring> trec;
  std::optional<boost::json::value> scores_read;  // the scores file, when the metric's check read it
};

Expected<InputSettings> check_input_params(const Params& params) {
  InputSettings settings;
  settings.has_report_data = params.has("report_data");
  const bool has_scores_data = params.has("scores_data");
  if (settings.has_report_data || has_scores_data) {
    GRK_TRY_VOID(check_one_input_given(params));
  }
  settings.has_report = params.has("report") || settings.has_report_data;
  settings.has_scores = params.has("scores") || has_scores_data;
  settings.has_runs = params.has("runs");
  const bool has_report = settings.has_report;
  const bool has_scores = settings.has_scores;
  const bool has_runs = settings.has_runs;
  if (!has_runs && has_report == has_scores) {
    // paired-bootstrap's own message, kept as docs/behaviour/paired-bootstrap.md §12.2 gives it.
    return fail(Status::invalid_argument, std::string("exactly one of 'report' and 'scores' must be given, got ") +
                                              (has_report ? "both" : "neither"));
  }
  if (has_runs && (has_report || has_scores)) {
    return fail(Status::invalid_argument, more_than_one_input(has_report, has_scores, has_runs));
  }
  settings.metric = params.string("metric");
  settings.groundkit_metric = !has_runs;
  if (!has_runs) {
    const auto metric = check_metric_name(settings.metric);
    if (metric) {
      settings.metric = std::string(report::to_string(*metric));
    } else {
      // A many-systems scores file names its own metric (§2.1); any other
      // keeps the metric's refusal first, as groundkit's order has it.
      if (!named_systems_read(params, settings.scores_read)) return unexpected(metric.error());
      settings.groundkit_metric = false;
    }
  }
  GRK_TRY(settings.runs_format, eval::parse_runs_format(params.string("runs_format")));
  GRK_TRY(settings.policy, eval::parse_missing_queries(params.string("missing_queries")));
  GRK_TRY(std::optional<TrecRunJudging> judging, read_trec_run_judging(params, has_runs, settings.runs_format));
  if (judging) {
    GRK_TRY(std::vector<TrecMeasure> metric, resolve_trec_measures({settings.metric}, "metric"));
    settings.trec = TrecRunScoring{std::move(*judging), std::move(metric)};
  }
  return settings;
}

// read_comparison_input after check_input_params gave `settings`.
Expected<ComparisonInput> read_checked_input(const Params& params, const InputSettings& settings) {
  const bool has_report_data = settings.has_report_data;
  const bool has_scores = settings.has_scores;
  const bool has_runs = settings.has_runs;
  const eval::RunsFormat runs_format = settings.runs_format;
  const eval::MissingQueries policy = settings.policy;

  ComparisonInput input;
  input.baseline = params.string("baseline");
  input.candidate = params.string("candidate");
  input.metric = settings.metric;
  input.groundkit_metric = settings.groundkit_metric;

  const auto read_scores = [&]() -> Expected<ScorePair> {
    if (has_runs) return scores_of_runs(params, runs_format, settings.trec, input);
    if (has_scores) return scores_of_file(params, input.baseline, input.candidate, settings.scores_read);
    GRK_TRY(const report::EvalReport report, has_report_data ? report_from_json(params.value("report_data"))
                                                             : read_report_file(params.path("report")));
    return scores_from_report(report, input.baseline, input.candidate, *report::parse_metric_name(input.metric));
  };
  GRK_TRY(input.scores, read_scores());

  if (policy != eval::MissingQueries::error) {
    GRK_TRY(input.alignment, align(input, policy));
  }
  return input;
}

}  // namespace

bool inputs_small_enough(const Params& params) {
  std::vector<std::filesystem::path> files;
  for (const char* name : {"report", "scores", "qrels"}) {
    if (params.has(name)) files.push_back(params.path(name));
  }
  if (params.has("runs")) {
    for (const auto& run : params.paths("runs")) files.push_back(run.second);
  }
  std::uintmax_t total = 0;
  for (const auto& file : files) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return false;
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec || size > max_prechecked_input_bytes - total) return false;
    total += size;
  }
  return true;
}

Expected<bool> precheck_comparison_input(const Params& params) {
  GRK_TRY(const InputSettings settings, check_input_params(params));
  if (!inputs_small_enough(params)) return false;
  auto input = read_checked_input(params, settings);
  if (input) return true;
  if (input.error().status == Status::invalid_argument) return unexpected(std::move(input).error());
  return false;
}

Expected<ComparisonInput> read_comparison_input(const Params& params) {
  GRK_TRY(const InputSettings settings, check_input_params(params));
  return read_checked_input(params, settings);
}

void add_alignment(boost::json::value& result, const ComparisonInput& input) {
  if (!input.alignment) return;
  const AlignmentSummary& summary = *input.alignment;
  boost::json::object filled;
  filled[input.baseline] = summary.filled_baseline;
  filled[input.candidate] = summary.filled_candidate;
  result.as_object()["queries"] = boost::json::object{{"missing_queries", eval::missing_queries_name(summary.policy)},
                                                      {"compared", summary.compared},
                                                      {"dropped", summary.dropped},
                                                      {"filled", std::move(filled)}};
}

}  // namespace grk::significance
