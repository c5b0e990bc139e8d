// grk-eval evaluate QRELS RUN...: trec_eval's habit, a paper's table. The
// verb builds two steps from its options, the measures plugin's `evaluate`
// and, when a test is asked for, the significance plugin's
// `compare-systems`, and runs them through the same plan, checks and session
// as `run`; then it renders the results document's systems x measures table
// (docs/design.md §4.18).
#include <unistd.h>

#include <boost/json/value_from.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <utility>

#include <grk/abi.h>

#include "cli/verb.hpp"
#include "report/format.hpp"
#include "report/model.hpp"
#include "run/checked_run.hpp"
#include "run/input_checks.hpp"
#include "run/named_paths.hpp"
#include "run/plan.hpp"
#include "run/session.hpp"
#include "support/atomic_file.hpp"
#include "support/interrupts.hpp"
#include "support/plugin_text.hpp"
#include "support/results_stream.hpp"

namespace grk::host {
namespace {

namespace po = boost::program_options;

constexpr std::string_view error_line_prefix = "grk-eval evaluate: ";

void add_options(po::options_description& options) {
  const std::string format_help = "the table's format: " + format_names_listed() + " (default text, or from -o's extension)";
  options.add_options()
      ("measure,m", po::value<std::vector<std::string>>()->composing(),
       "a measure in any dialect: nDCG@10, P(rel=2)@5, ndcg_cut.10, map, official... (repeatable; default: "
       "the evaluate component's AP, nDCG@10, P@10, R@100, RR)")
      ("baseline", po::value<std::string>(), "mark each cell that differs significantly from this run (its name)")
      ("test", po::value<std::string>(),
       "the significance test: t (the default once --baseline, --correction or --alpha is given), wilcoxon, "
       "randomization, bootstrap, tukey-hsd or randomized-tukey-hsd")
      ("correction", po::value<std::string>(), "the multiple-comparisons correction (default holm): holm, "
       "bonferroni, holm-sidak, hommel, bh, by or none")
      ("alpha", po::value<double>(), "the significance level (default 0.05)")
      ("intersect", po::bool_switch(), "means and tests over only the qrels queries that every run has (default: "
       "every qrels query, one a run lacks counting 0)")
      ("complete,c", po::bool_switch(), "every qrels query, one a run lacks counting 0: the default, as trec_eval -c")
      ("judged-only,J", po::bool_switch(), "drop unjudged documents first (trec_eval -J; trec_eval's names only)")
      ("relevance-level,l", po::value<long long>(), "the lowest relevant level (trec_eval -l; trec_eval's names only)")
      ("max-results,M", po::value<long long>(), "documents kept per query (trec_eval -M; trec_eval's names only)")
      ("per-query", po::bool_switch(),
       "keep each query's values in the --results document; with csv, the table is those values, one row each "
       "(system, query, measure, value)")
      ("format", po::value<std::string>(), format_help.c_str())
      ("output,o", po::value<std::string>(), "write the table to FILE (atomically) instead of stdout")
      ("results", po::value<std::string>(), "also write the results document to FILE, which 'grk-eval report' renders")
      ("rename", po::value<std::vector<std::string>>()->composing(),
       "OLD=NEW: show the system or measure OLD as NEW (repeatable; --baseline still takes the run's own name)")
      ("label-prefix", po::value<std::string>(), "what the LaTeX table's label starts with (default tab:grk-)");
}

/// Whether the table carries significance marks: any option of the test.
bool tests_asked(const VerbCall& call) {
  for (const char* name : {"baseline", "test", "correction", "alpha"}) {
    if (call.options.count(name) != 0) return true;
  }
  return false;
}

Expected<void, HostError> check(const VerbCall& call) {
  if (call.operands.size() < 2) {
    return call.misuse("give the QRELS file and at least one RUN file" +
                       std::string(call.operands.empty() ? "" : " after it"));
  }
  if (call.flag("intersect") && call.flag("complete")) {
    return call.misuse("--intersect and --complete ask for different queries; give one");
  }
  return {};
}

/// The table's format: --format's, else -o's extension, else text.
Expected<ReportFormat, HostError> table_format(const VerbCall& call) {
  if (call.text("format").empty() && call.text("output").empty()) return ReportFormat::text;
  return choose_report_format(call.text("format"), "--output", call.text("output"));
}

/// The two steps, as a config would give them; the runs by the one rule of
/// run/named_paths.hpp, so that the table names them as `run` would.
Expected<std::vector<StepConfig>, HostError> steps_of(const VerbCall& call) {
  const std::vector<std::string> run_files(call.operands.begin() + 1, call.operands.end());
  auto runs = named_paths(run_files);
  if (!runs) return located("RUN: ", std::move(runs).error());
  const std::string& qrels = call.operands.front();
  const bool intersect = call.flag("intersect");
  boost::json::object judging{{"qrels", qrels}, {"runs", std::move(*runs)}, {"complete", !intersect}};
  if (call.flag("judged-only")) judging["judged_only"] = true;
  if (call.options.count("relevance-level") != 0) judging["relevance_level"] = call.options["relevance-level"].as<long long>();
  if (call.options.count("max-results") != 0) judging["max_results"] = call.options["max-results"].as<long long>();
  const std::vector<std::string> measures = call.texts("measure");

  boost::json::object scores = judging;
  scores["intersect"] = intersect;
  scores["per_query"] = call.flag("per-query");
  if (!measures.empty()) scores["measures"] = boost::json::value_from(measures);
  std::vector<StepConfig> steps;
  steps.push_back(StepConfig{"evaluate", "evaluate", GRK_KIND_STATISTIC, std::move(scores), 0, ErrorPlace{0, 0}, {}});
  if (!tests_asked(call)) return steps;

  boost::json::object tests = judging;
  tests["runs_format"] = "trec_run";
  tests["missing_queries"] = intersect ? "intersect" : "zero";
  tests["test"] = call.options.count("test") != 0 ? call.text("test") : std::string("t");
  if (!measures.empty()) tests["metrics"] = boost::json::value_from(measures);
  for (const char* name : {"baseline", "correction"}) {
    if (call.options.count(name) != 0) tests[name] = call.text(name);
  }
  if (call.options.count("alpha") != 0) tests["alpha"] = call.options["alpha"].as<double>();
  steps.push_back(StepConfig{"compare-systems", "compare-systems", GRK_KIND_STATISTIC, std::move(tests), 1,
                             ErrorPlace{1, 0}, {}});
  return steps;
}

Expected<ExitCode, HostError> run(const VerbCall& call) {
  ConfigErrors errors;
  const auto format = table_format(call);
  if (!format) errors.add(ErrorPlace{SIZE_MAX - 1, 0}, format.error());
  for (const char* option : {"output", "results"}) {
    const std::string file = call.text(option);
    if (file.empty()) continue;
    if (auto problem = file_cannot_be_written(file)) {
      errors.add(ErrorPlace{SIZE_MAX - 1, 1},
                 usage_error("--" + std::string(option) + " " + file + ": cannot write '" + file + "': " + *problem));
    }
  }
  GRK_TRY(std::vector<StepConfig> configs, steps_of(call));
  auto registry = call.plugins.registry();
  // The default measures are the evaluate component's own, as declared, and
  // the comparisons test the same ones.
  if (configs.size() > 1 && !configs[1].params.contains("metrics")) {
    if (const auto entry = registry.resolve("evaluate"); entry) {
      for (const auto& param : entry->component->params) {
        if (param.name == "measures" && param.default_value) configs[1].params["metrics"] = *param.default_value;
      }
    }
  }
  std::error_code ec;
  auto steps = plan_steps(configs, registry, "", std::filesystem::current_path(ec), errors, StepSource::verb);
  for (const char* option : {"output", "results"}) {
    const std::string file = call.text(option);
    if (file.empty()) continue;
    if (auto problem = output_replaces_input(file, steps)) {
      errors.add(ErrorPlace{SIZE_MAX - 1, 1}, usage_error("--" + std::string(option) + " " + file + ": " + *problem));
    }
  }

  RunOptions options;
  options.show_progress = isatty(STDERR_FILENO) != 0;
  // The steps' own lines are for -v; the table, or the failure, says the rest.
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> quiet(std::fopen("/dev/null", "w"), &std::fclose);
  options.human = call.verbose || !quiet ? stderr : quiet.get();
  options.verbose = call.verbose;
  options.config_provenance = nullptr;
  options.allow_unsafe_plugin_dirs = call.plugins.allow_unsafe;
  options.checkpoint = call.text("results");
  GRK_TRY(RunOutcome outcome, run_checked_steps(std::move(steps), registry, std::move(options), std::move(errors),
                                                error_line_prefix, "--results"));
  const ResultsDocument& document = outcome.document;
  if (const std::string results = call.text("results"); !results.empty() && !outcome.saved) {
    if (auto written = write_file_atomically(results, [&document](const json::TextSink& put) { document.put(put); });
        !written) {
      if (outcome.interrupted_by != 0) end_by_interrupt(outcome.interrupted_by);
      return unexpected(HostError{exit_results_unwritten, "--results " + results + ": " + written.error().message});
    }
  }
  if (outcome.interrupted_by != 0) end_by_interrupt(outcome.interrupted_by);
  if (!outcome.all_ok) {
    // The failed step's message, as the results document records it.
    for (const auto& step : document.tree.at("steps").as_array()) {
      const auto* error = step.as_object().if_contains("error");
      if (error == nullptr) continue;
      // The plugin's words, kept whole in the document, shown as one line
      // (docs/design.md §4.16): a run line it quotes may hold any byte.
      return unexpected(HostError{exit_step_failed, std::string(step.at("id").as_string()) + " failed [" +
                                                        std::string(error->at("status").as_string()) + "]: " +
                                                        printable(error->at("message").as_string())});
    }
    return unexpected(HostError{exit_step_failed, "a step failed"});
  }
  GRK_TRY(auto model, model_of(std::move(outcome.document).take_tree(), "results"));
  if (call.options.count("label-prefix") != 0) model.label_prefix = call.text("label-prefix");
  GRK_TRY_VOID(rename_names(model, call.texts("rename")));
  model.title = "grk-eval evaluate";
  model.writer = "grk-eval evaluate";
  model.scores_only = true;
  model.per_query = call.flag("per-query") && *format == ReportFormat::csv;
  const std::string table = render_report(model, *format);
  if (const std::string output = call.text("output"); !output.empty()) {
    GRK_TRY_VOID(write_file_atomically(output, table));
  } else {
    // stdout itself is stderr while plugins are loaded (support/results_stream.hpp).
    std::fwrite(table.data(), 1, table.size(), results_stream());
    std::fflush(results_stream());
  }
  return exit_ok;
}

}  // namespace

extern const Verb verb_evaluate{  // extern: listed in cli/commands.cpp's table
    "evaluate", "QRELS RUN...", "file", "score runs against qrels and print the systems x measures table",
    "Usage: grk-eval evaluate QRELS RUN... [-m MEASURE]... [--baseline NAME] [--test T]\n"
    "                         [--format F] [-o FILE] [--results FILE]\n\n"
    "Scores each RUN (a TREC run file, named by its file's stem, or NAME=PATH)\n"
    "against QRELS (TREC qrels or BEIR's TSV) and prints a table: a row per run,\n"
    "a column per measure, each mean to 4 decimals, the best per measure marked.\n"
    "Measures come in any dialect (ir_measures' nDCG@10, trec_eval's ndcg_cut.10\n"
    "or ndcg_cut_10); -m P@5 -m P@10 gives both. Means are over every qrels query,\n"
    "a query a run lacks counting 0 (ir_measures' rule, trec_eval -c), or with\n"
    "--intersect over only the queries every run has; the table says which, and\n"
    "names the queries each run lacks.\n"
    "With --baseline, --test, --correction or --alpha, the runs are also compared\n"
    "(compare-systems, the paired t-test and holm by default) on the same queries:\n"
    "with a baseline a cell that differs significantly from it carries a dagger;\n"
    "without one each run gets a letter and a cell lists the runs it beats.\n"
    "Everything is checked before any file is read, and every mistake is reported\n"
    "at once. --results FILE keeps the results document, for 'grk-eval report'.\n\n",
    /*takes_verbose=*/true, &add_options, &check, &run, /*operand_repeats=*/true};

}  // namespace grk::host
