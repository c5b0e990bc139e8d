// grk-eval run: a config's steps, or one component from flags.
#include <boost/program_options.hpp>

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <grk/json/writer.hpp>

#include "commands.hpp"
#include "config.hpp"
#include "exit_codes.hpp"
#include "plugin_options.hpp"
#include "results_file.hpp"
#include "run_session.hpp"
#include "set_value.hpp"
#include "step_plan.hpp"

namespace grk::host {

namespace po = boost::program_options;

namespace {

// The one-component form's step, with --set values read by declared type.
StepConfig step_from_flags(const ComponentEntry& entry, const std::vector<std::string>& sets) {
  StepConfig step;
  step.id = entry.component->name;
  step.component = entry.component->name;
  step.kind = entry.component->kind;
  for (const auto& set : sets) {
    const auto assignment = split_assignment(set);
    if (!assignment) throw PlanError(exit_usage, "--set " + set + ": expected KEY=VALUE");
    const auto& [key, raw] = *assignment;
    const ParamSpec* spec = nullptr;
    for (const auto& candidate : entry.component->params) {
      if (candidate.name == key) spec = &candidate;
    }
    if (spec == nullptr) {
      std::string names;
      for (const auto& p : entry.component->params) names += (names.empty() ? "" : ", ") + p.name;
      throw PlanError(exit_usage, "--set " + key + ": unknown parameter; expected one of: " +
                                      (names.empty() ? "(none)" : names));
    }
    if (step.params.contains(key)) {
      throw PlanError(exit_usage, "--set " + key + ": given more than once");
    }
    std::string problem;
    auto value = parse_set_value(spec->type, raw, problem);
    if (!value) throw PlanError(exit_usage, "--set " + key + ": " + problem);
    step.params[key] = std::move(*value);
  }
  return step;
}

}  // namespace

int command_run(const std::vector<std::string>& args) {
  PluginOptions plugins;
  std::string config_file;
  std::string output;
  std::string component;
  std::vector<std::string> sets;
  RunOptions run_options;
  po::options_description options("Options");
  options.add_options()
      ("help,h", "show this help")
      ("version", "show the version")
      ("output,o", po::value<std::string>(&output),
       "write the results document to FILE (atomically; the human summary then goes to stdout)")
      ("keep-going", po::bool_switch(&run_options.keep_going),
       "run the remaining steps after a step fails")
      ("component", po::value<std::string>(&component),
       "run only this component, without a config")
      ("set", po::value<std::vector<std::string>>(&sets)->composing(),
       "KEY=VALUE: a parameter of --component, read as its declared type (repeatable)")
      ("verbose,v", po::bool_switch(&run_options.verbose), "show the components' debug messages");
  plugins.add_to(options);
  po::options_description hidden;
  hidden.add_options()("config", po::value<std::string>(&config_file));
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("config", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& error) {
    std::fprintf(stderr, "grk-eval run: %s\nTry 'grk-eval run --help'.\n", error.what());
    return exit_usage;
  }
  if (vm.count("help")) {
    std::cout
        << "Usage: grk-eval run CONFIG [--output FILE] [--keep-going] [--plugin-dir DIR]...\n"
           "       grk-eval run --component NAME [--set KEY=VALUE]... [--output FILE]\n\n"
           "Runs the steps of a JSON config in order, or one component with parameters\n"
           "from --set. Every step's component and parameters are checked before any\n"
           "step runs; a run stops at the first failing step unless --keep-going.\n"
           "Relative path parameters resolve against the config file's folder (against\n"
           "the working folder with --component).\n\n"
           "Config format:\n"
           "  {\"plugin_dirs\": [\"optional/folder\"],\n"
           "   \"steps\": [{\"id\": \"unique-id\", \"statistic\": \"NAME\", \"params\": {...}},\n"
           "             {\"id\": \"other-id\", \"adapter\": \"NAME\", \"params\": {...}}]}\n\n"
           "The results document (JSON) goes to --output FILE, or to stdout; the human\n"
           "summary goes to stdout with --output, to stderr otherwise. It holds each\n"
           "step's id, component, kind, module, status and result or error, and a\n"
           "provenance object (versions, config and input SHA-256, start time).\n\n"
        << options << "\n" << plugin_search_help << "\n" << exit_codes_help;
    return exit_ok;
  }
  if (vm.count("version")) {
    std::cout << version_text();
    return exit_ok;
  }
  if (config_file.empty() == component.empty()) {
    std::fprintf(stderr, "grk-eval run: give either a CONFIG file or --component NAME%s\n"
                         "Try 'grk-eval run --help'.\n",
                 config_file.empty() ? "" : ", not both");
    return exit_usage;
  }
  if (!sets.empty() && component.empty()) {
    std::fprintf(stderr, "grk-eval run: --set needs --component; a config file gives params "
                         "itself\nTry 'grk-eval run --help'.\n");
    return exit_usage;
  }
  if (const auto problem = plugins.check(); !problem.empty()) {
    std::fprintf(stderr, "grk-eval run: %s\n", problem.c_str());
    return exit_usage;
  }

  run_options.show_progress = isatty(STDERR_FILENO) != 0;
  run_options.human = output.empty() ? stderr : stdout;
  try {
    std::vector<PlannedStep> plan;
    std::optional<PluginRegistry> registry;
    if (!config_file.empty()) {
      const RunConfig config = load_config(config_file);
      registry.emplace(PluginRegistry::discover(plugins.search_path(config.plugin_dirs)));
      plan = plan_steps(config.steps, *registry, config.file.string(), config.dir);
      std::error_code ec;
      run_options.config_provenance = {
          {"path", std::filesystem::absolute(config.file, ec).lexically_normal().string()},
          {"sha256", config.sha256}};
    } else {
      registry.emplace(PluginRegistry::discover(plugins.search_path()));
      const auto entry = registry->find(component);
      if (!entry) {
        StepConfig probe;
        probe.component = component;
        probe.kind = GRK_KIND_STATISTIC;
        // Reuse the planner's messages for unknown and duplicate names.
        plan_steps({probe}, *registry, "", {}, StepSource::command_line);
      }
      std::error_code ec;
      plan = plan_steps({step_from_flags(*entry, sets)}, *registry, "",
                        std::filesystem::current_path(ec), StepSource::command_line);
    }
    RunSession session(std::move(plan), *registry, run_options);
    const bool ok = session.run();
    const std::string document = json::write_pretty(session.results_document()) + "\n";
    if (output.empty()) {
      std::fwrite(document.data(), 1, document.size(), stdout);
      std::fflush(stdout);
    } else if (const auto problem = write_file_atomically(output, document); !problem.empty()) {
      std::fprintf(stderr, "grk-eval run: %s\n", problem.c_str());
      return exit_usage;
    } else {
      std::fprintf(stdout, "results: %s\n", output.c_str());
    }
    return ok ? exit_ok : exit_step_failed;
  } catch (const ConfigError& error) {
    std::fprintf(stderr, "grk-eval run: %s\n", error.what());
    return exit_usage;
  } catch (const PlanError& error) {
    std::fprintf(stderr, "grk-eval run: %s\n", error.what());
    return error.code();
  }
}

}  // namespace grk::host
