// The plan of `grk-eval run`: the config read (or the one-component step
// built from its flags), the plugins found, and every step bound to its
// component with its params checked against the component's declaration, for
// every step before anything is loaded or run (docs/design.md §4.7).
#ifndef GRK_HOST_RUN_PLAN_HPP
#define GRK_HOST_RUN_PLAN_HPP

#include <boost/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "modules/registry.hpp"
#include "run/config.hpp"
#include "run/errors.hpp"
#include "support/host_error.hpp"

namespace grk::host {

/// How messages name the place of a mistake: JSON paths in a config file
/// ("steps[1].params.split"), the flags of the one-component form
/// ("--set split"), or the step and param of a verb that builds its steps
/// from its own options ("evaluate: measures").
enum class StepSource { config_file, command_line, verb };

struct PlannedStep {
  std::string id;
  ComponentEntry entry;
  /// Validated params with defaults filled in and path params made absolute.
  boost::json::object params;
  /// Where a pre-run check's failure is reported: "run.json: steps[1]" or
  /// "--component NAME", and its place in the error report.
  std::string location;
  ErrorPlace place;
  StepSource source = StepSource::config_file;

  /// Where a mistake in the param `name` (a `paths` param's member `key`,
  /// when given) is reported: "run.json: steps[1].params.runs.bm25", or
  /// "--set runs (member 'bm25')" in the one-component form.
  [[nodiscard]] std::string param_location(const std::string& name, const std::string* key = nullptr) const;
};


/// `where` prefixes messages (the config file, or nothing); `base_dir` is
/// what relative path params resolve against. Every mistake goes to `errors`
/// (exit_usage for a config mistake, exit_plugin for a module problem), each
/// of a step's param mistakes on its own. Returns the steps to check: a step
/// whose only mistakes are bad or unknown params comes with those params at
/// their defaults, so that its files and pre-run check are checked too; it
/// never runs, since `errors` is not empty then.
std::vector<PlannedStep> plan_steps(const std::vector<StepConfig>& steps, const PluginRegistry& registry,
                                    const std::string& where, const std::filesystem::path& base_dir,
                                    ConfigErrors& errors, StepSource source = StepSource::config_file);


/// What the command line asks `run` for: a config file, or one component
/// with its --set values.
struct RunRequest {
  std::string config_file;        ///< empty for the one-component form
  std::string component;          ///< empty for a config
  std::vector<std::string> sets;  ///< --set KEY=VALUE, in order
  std::string output;             ///< the results file; empty for stdout
  bool keep_going = false;
  bool verbose = false;
  PluginSearch plugins;
  bool isolate = false;                ///< --isolate
  std::optional<double> step_timeout;  ///< --step-timeout SECONDS
};

struct RunPlan {
  PluginRegistry registry;
  std::vector<PlannedStep> steps;
  /// {"path", "sha256"} of the config, or null without one.
  boost::json::value config_provenance;
  /// The flags', else the config's: each step in a child process (a step
  /// timeout implies it), killed after step_timeout seconds.
  bool isolate = false;
  std::optional<double> step_timeout;
  /// Every mistake of the config and the plan; `steps` holds the steps
  /// without one (docs/design.md §4.14).
  ConfigErrors errors;
};

/// The plan, or the one mistake that stops planning at once (a config file
/// that cannot be read or is not a JSON object, a --set or --component
/// mistake); other mistakes are collected in RunPlan::errors.
Expected<RunPlan, HostError> plan_run(const RunRequest& request);

}  // namespace grk::host

#endif
