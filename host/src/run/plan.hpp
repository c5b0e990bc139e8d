// The plan of `grk-eval run`: the config read (or the one-component step
// built from its flags), the plugins found, and every step bound to its
// component with its params checked, before anything is loaded or run.
#ifndef GRK_HOST_RUN_PLAN_HPP
#define GRK_HOST_RUN_PLAN_HPP

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "run/errors.hpp"
#include "support/host_error.hpp"
#include "cli/plugin_options.hpp"
#include "modules/registry.hpp"
#include "run/step_plan.hpp"

namespace grk::host {

/// What the command line asks `run` for: a config file, or one component
/// with its --set values.
struct RunRequest {
  std::string config_file;        ///< empty for the one-component form
  std::string component;          ///< empty for a config
  std::vector<std::string> sets;  ///< --set KEY=VALUE, in order
  std::string output;             ///< the results file; empty for stdout
  bool keep_going = false;
  bool verbose = false;
  PluginOptions plugins;
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
