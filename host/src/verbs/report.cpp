// grk-eval report RESULTS: a results document as Markdown, a self-contained
// HTML page with plots, LaTeX tables or CSV (docs/design.md §4.10).
#include <algorithm>
#include <cstdio>

#include "cli/verb.hpp"
#include "report/format.hpp"
#include "report/model.hpp"
#include "support/atomic_file.hpp"

namespace grk::host {
namespace {

namespace po = boost::program_options;

void add_options(po::options_description& options) {
  const std::string format_help = format_names_listed() + " (default: markdown); without it, --output's extension (" +
                                  format_extensions_listed() + ", in any case) decides, and another extension is refused";
  options.add_options()
      ("format", po::value<std::string>(), format_help.c_str())
      ("output,o", po::value<std::string>(), "write the report to FILE (atomically) instead of stdout")
      ("metric", po::value<std::vector<std::string>>()->composing(),
       "show only this measure's comparisons and score-table column, named in any dialect (repeatable)")
      ("title", po::value<std::string>(), "the report's title (default: 'grk-eval report: RESULTS')")
      ("table", po::bool_switch(),
       "only the systems x measures tables, with their significance marks, as 'grk-eval evaluate' prints them")
      ("full", po::bool_switch(),
       "latex: also the steps, the other results and the provenance (by default only the comparison tables)")
      ("per-query", po::bool_switch(),
       "csv: each query's value of each system and measure, one row each (step, system, query, measure, value), "
       "from evaluate results that kept them")
      ("rename", po::value<std::vector<std::string>>()->composing(),
       "OLD=NEW: show the system or measure OLD as NEW (repeatable; --baseline still takes the run's own name)")
      ("label-prefix", po::value<std::string>(),
       "latex: what every label starts with (default tab:grk-), so that two reports in one paper do not clash");
}

Expected<ReportFormat, HostError> format_of(const VerbCall& call) {
  const std::string name = call.text("format");
  const std::string output = call.text("output");
  if (name.empty() && output.empty()) return ReportFormat::markdown;
  // Never Markdown in a file named .pdf: the user would not see it until too late.
  auto format = choose_report_format(name, "--output", output);
  if (!format) return call.misuse(format.error().message);
  return format;
}

Expected<void, HostError> check(const VerbCall& call) {
  if (call.operand.empty()) {
    return call.misuse("which results document? Give its file, e.g. 'grk-eval report results.json'");
  }
  GRK_TRY(const ReportFormat format, format_of(call));
  if (call.flag("per-query") && format != ReportFormat::csv) {
    return call.misuse("--per-query applies to the csv format only");
  }
  if (call.flag("full") && call.flag("table")) return call.misuse("--full and --table ask for different reports; give one");
  if (call.flag("full") && format != ReportFormat::latex) {
    return call.misuse("--full applies to the latex format only; the other formats always show everything");
  }
  return {};
}

Expected<ExitCode, HostError> run(const VerbCall& call) {
  GRK_TRY(auto model, read_results_document(call.operand));
  GRK_TRY_VOID(keep_metrics(model, call.texts("metric")));
  model.title = call.text("title");
  if (model.title.empty()) model.title = "grk-eval report: " + model.source_name;
  model.full = call.flag("full");
  model.scores_only = call.flag("table");
  if (model.scores_only && model.score_tables.empty()) {
    return usage_error("--table: " + call.operand + " has no systems x measures table (no evaluate or trec-eval result)");
  }
  if (call.options.count("label-prefix") != 0) model.label_prefix = call.text("label-prefix");
  GRK_TRY_VOID(rename_names(model, call.texts("rename")));
  model.per_query = call.flag("per-query");
  if (model.per_query && std::none_of(model.score_tables.begin(), model.score_tables.end(), [](const ScoreTable& t) {
        return std::any_of(t.per_query.begin(), t.per_query.end(), [](const auto* rows) { return rows != nullptr; });
      })) {
    return usage_error("--per-query: " + call.operand + " has no per-query values (evaluate keeps them with "
                       "per_query: true, the evaluate verb with --per-query)");
  }
  const std::string text = render_report(model, *format_of(call));
  const std::string output = call.text("output");
  if (output.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    return exit_ok;
  }
  GRK_TRY_VOID(write_file_atomically(output, text));
  std::fprintf(stdout, "report: %s\n", output.c_str());
  return exit_ok;
}

}  // namespace

extern const Verb verb_report{  // extern: listed in cli/commands.cpp's table
    "report", "RESULTS", "results", "render a results document as Markdown, HTML, LaTeX, CSV or text",
    "Usage: grk-eval report RESULTS [--format markdown|html|latex|csv|text] [--output FILE]\n"
    "                       [--metric M]... [--title TEXT] [--table | --full] [--label-prefix P]\n\n"
    "Renders every step of a results document written by 'grk-eval run' or\n"
    "'grk-eval evaluate': a systems x measures table per evaluate or trec-eval\n"
    "result (best per measure in bold, significance marks from the document's\n"
    "comparisons of those systems), one table per metric of the comparison\n"
    "records (means, effect and interval, p-value and adjusted p-value, effect\n"
    "size, wins/ties/losses, significance), a dataset card per adapter step,\n"
    "the other results as fields, failed and skipped steps with their error,\n"
    "and the provenance (versions, modules, input files with SHA-256, start\n"
    "time); with --table, only the systems x measures tables, as 'grk-eval\n"
    "evaluate' prints them. Numbers are rounded for reading\n"
    "(4 decimals; p-values below 0.0001 as '< 0.0001'), except in CSV.\n\n"
    "Formats: markdown (GitHub tables, to stdout by default); html (one\n"
    "self-contained page: a forest plot per metric and per-query delta plots,\n"
    "inline CSS and SVG, no script, nothing fetched); latex (a booktabs table\n"
    "per metric that fits a plain article's text width, for \\input{}; needs only\n"
    "\\usepackage{booktabs}; --full adds the steps, results and provenance); csv\n"
    "(the systems x measures table, one row per system, when the document has\n"
    "one; else one row per comparison record, every field a column; numbers at\n"
    "full precision, RFC 4180); text (aligned columns for a terminal).\n\n",
    /*takes_verbose=*/false, &add_options, &check, &run};

}  // namespace grk::host
