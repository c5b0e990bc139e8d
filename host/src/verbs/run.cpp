// grk-eval run: a config's steps, or one component from flags. Four phases:
// parse (the command line to a RunRequest), plan (run/plan.hpp: components
// resolved, params checked), execute (run/session.hpp: components loaded,
// steps run) and emit (run/session.hpp: the results document).
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string_view>
#include <utility>
#include <filesystem>

#include "cli/verb.hpp"
#include "report/format.hpp"
#include "report/model.hpp"
#include "run/checked_run.hpp"
#include "run/input_checks.hpp"
#include "run/kept_until_exit.hpp"
#include "run/plan.hpp"
#include "run/session.hpp"
#include "support/atomic_file.hpp"
#include "support/interrupts.hpp"
#include "support/results_stream.hpp"

namespace grk::host {
namespace {

namespace po = boost::program_options;

// What the verb frame puts before an error's first line, repeated before each
// further line of a report of several mistakes.
constexpr std::string_view error_line_prefix = "grk-eval run: ";

void add_options(po::options_description& options) {
  const std::string report_help = "also write a report of the results to FILE, its format from the extension: " +
                                  format_extensions_listed() + " (any case), or from --format";
  const std::string format_help = "the --report file's format: " + format_names_listed();
  options.add_options()
      ("output,o", po::value<std::string>(),
       "write the results document to FILE (atomically; the human summary then goes to stdout)")
      ("keep-going", po::bool_switch(), "run the remaining steps after a step fails")
      ("component", po::value<std::string>(), "run only this component, without a config")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "KEY=VALUE: a parameter of --component, read as its declared type (repeatable)")
      ("report", po::value<std::string>(), report_help.c_str())
      ("format", po::value<std::string>(), format_help.c_str())
      ("isolate", po::bool_switch(),
       "run each step in a child process: a plugin that crashes or hangs fails its step, not the run")
      ("step-timeout", po::value<double>(),
       "SECONDS: kill an isolated step still running after this long (implies --isolate)");
}

RunRequest parse(const VerbCall& call) {
  RunRequest request;
  request.config_file = call.operand;
  request.component = call.text("component");
  request.sets = call.texts("set");
  request.output = call.text("output");
  request.keep_going = call.flag("keep-going");
  request.verbose = call.verbose;
  request.plugins = call.plugins;
  request.isolate = call.flag("isolate");
  if (call.options.count("step-timeout") != 0) request.step_timeout = call.options["step-timeout"].as<double>();
  return request;
}

Expected<void, HostError> check(const VerbCall& call) {
  const RunRequest request = parse(call);
  if (request.config_file.empty() == request.component.empty()) {
    return call.misuse(std::string("give either a CONFIG file or --component NAME") +
                       (request.config_file.empty() ? "" : ", not both"));
  }
  if (!request.sets.empty() && request.component.empty()) {
    return call.misuse("--set needs --component; a config file gives params itself");
  }
  if (request.step_timeout && !(*request.step_timeout > 0.0)) {
    return call.misuse("--step-timeout must be a number of seconds above 0");
  }
  if (!call.text("format").empty() && call.text("report").empty()) {
    return call.misuse("--format names the --report file's format; give --report FILE too");
  }
  return {};
}

// The --report file's format: --format's, else its extension's (the one
// table of report/format.hpp), or the mistake.
Expected<ReportFormat, HostError> report_format(const VerbCall& call) {
  return choose_report_format(call.text("format"), "--report", call.text("report"));
}

// The files the command line names, checked with the config's mistakes
// (docs/design.md §4.7 step 5): --output and --report can be written and
// are no input of a step, and --report's format is known. After the steps'
// own, in the report.
ConfigErrors check_outputs(const VerbCall& call, const RunRequest& request, const std::vector<PlannedStep>& steps) {
  ConfigErrors errors;
  constexpr std::size_t after_steps = SIZE_MAX - 1;
  const auto check_file = [&](const std::string& option, const std::string& file, std::size_t order) {
    if (auto problem = file_cannot_be_written(file)) {
      errors.add(ErrorPlace{after_steps, order},
                 usage_error(option + " " + file + ": cannot write '" + file + "': " + *problem));
    } else if (auto replaced = output_replaces_input(file, steps)) {
      errors.add(ErrorPlace{after_steps, order}, usage_error(option + " " + file + ": " + *replaced));
    }
  };
  if (!request.output.empty()) check_file("--output", request.output, 0);
  if (const std::string report = call.text("report"); !report.empty()) {
    if (auto format = report_format(call); !format) errors.add(ErrorPlace{after_steps, 1}, std::move(format).error());
    check_file("--report", report, 1);
  }
  return errors;
}

Expected<RunOutcome, HostError> execute(RunPlan plan, const RunRequest& request, const VerbCall& call) {
  RunOptions options;
  options.keep_going = request.keep_going;
  options.verbose = request.verbose;
  options.show_progress = isatty(STDERR_FILENO) != 0;
  options.human = request.output.empty() ? stderr : results_stream();
  options.config_provenance = std::move(plan.config_provenance);
  options.allow_unsafe_plugin_dirs = request.plugins.allow_unsafe;
  options.checkpoint = request.output;
  options.isolate = plan.isolate;
  options.step_timeout = plan.step_timeout;
  // The config's and the plan's mistakes, and the command line's files.
  ConfigErrors errors = std::move(plan.errors);
  errors.add_all(check_outputs(call, request, plan.steps));
  return run_checked_steps(std::move(plan.steps), plan.registry, std::move(options), std::move(errors),
                           error_line_prefix, "--output");
}

/// run --report: the report `grk-eval report` would make of the document
/// (docs/design.md §4.10), announced where the human summary goes.
Expected<void, HostError> write_report(boost::json::object document, const std::string& output,
                                       const std::string& report, ReportFormat format) {
  const std::string name = output.empty() ? std::string("results") : std::filesystem::path(output).filename().string();
  GRK_TRY(auto model, model_of(std::move(document), name));
  model.source_name = name;
  model.title = "grk-eval report: " + name;
  GRK_TRY_VOID(write_file_atomically(report, render_report(model, format)));
  std::fprintf(output.empty() ? stderr : results_stream(), "report: %s\n", report.c_str());
  return {};
}

Expected<ExitCode, HostError> run(const VerbCall& call) {
  const RunRequest request = parse(call);
  GRK_TRY(auto plan, plan_run(request));
  GRK_TRY(auto outcome, execute(std::move(plan), request, call));
  if (auto emitted = emit_results(outcome.document, request.output, outcome.saved); !emitted) {
    // Steps ran: exit 1 would say nothing did (docs/design.md §4.9).
    if (outcome.interrupted_by != 0) end_by_interrupt(outcome.interrupted_by);
    return unexpected(HostError{exit_results_unwritten, std::move(emitted).error().message});
  }
  // The document says what ran; the report of a run cut short waits for a
  // whole one. The shell sees the signal (130, 143).
  if (outcome.interrupted_by != 0) end_by_interrupt(outcome.interrupted_by);
  if (const std::string report = call.text("report"); !report.empty()) {
    GRK_TRY(const ReportFormat format, report_format(call));
    GRK_TRY_VOID(write_report(std::move(outcome.document).take_tree(), request.output, report, format));
  } else {
    keep_until_exit(std::move(outcome.document));
  }
  return outcome.all_ok ? exit_ok : exit_step_failed;
}

}  // namespace

extern const Verb verb_run{  // extern: listed in cli/commands.cpp's table
    "run", "CONFIG", "config", "run a config's steps (or: run --component NAME --set K=V...)",
    "Usage: grk-eval run CONFIG [--output FILE] [--report FILE [--format F]] [--keep-going] [--plugin-dir DIR]...\n"
    "       grk-eval run --component NAME [--set KEY=VALUE]... [--output FILE]\n\n"
    "Runs the steps of a JSON config in order, or one component with parameters\n"
    "from --set. Every step's component and parameters (and each component's own\n"
    "pre-run check) are checked before any step runs, and every mistake found is\n"
    "reported at once (up to 20); a run stops at the first failing step unless\n"
    "--keep-going. So are the files: every input a path parameter names exists\n"
    "and can be read, every output can be created, and --output and --report can\n"
    "be written; an input an earlier step writes is exempt.\n"
    "Ctrl-C (SIGINT) or SIGTERM stops the run: the running step is asked to stop\n"
    "and its staging removed, the results document records it 'interrupted' and\n"
    "the rest 'pending', and grk-eval ends by the signal (130 / 143 in a shell).\n"
    "Relative path parameters resolve against the config file's folder (against\n"
    "the working folder with --component).\n\n"
    "Config format:\n"
    "  {\"plugin_dirs\": [\"optional/folder\"],\n"
    "   \"steps\": [{\"id\": \"unique-id\", \"statistic\": \"NAME\", \"params\": {...}},\n"
    "             {\"id\": \"other-id\", \"adapter\": \"NAME\", \"params\": {...}}]}\n\n"
    "The results document (JSON) goes to --output FILE, or to stdout; the human\n"
    "summary goes to stdout with --output, to stderr otherwise. It holds each\n"
    "step's id, component, kind, module, status and result or error, and a\n"
    "provenance object (versions, config and input SHA-256, start time).\n"
    "--report FILE also writes what 'grk-eval report' makes of it, in the format\n"
    "of FILE's extension or of --format (listed below).\n\n",
    /*takes_verbose=*/true, &add_options, &check, &run};

}  // namespace grk::host
