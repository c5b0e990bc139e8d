// Binds each configured step to a loaded component and checks its params
// against the component's declaration, for every step before any runs.
#ifndef GRK_HOST_RUN_STEP_PLAN_HPP
#define GRK_HOST_RUN_STEP_PLAN_HPP

#include <boost/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "run/config.hpp"
#include "support/host_error.hpp"
#include "modules/registry.hpp"

namespace grk::host {

struct PlannedStep {
  std::string id;
  ComponentEntry entry;
  /// Validated params with defaults filled in and path params made absolute.
  boost::json::object params;
  /// Where a pre-run check's failure is reported: "run.json: steps[1]" or
  /// "--component NAME", and its place in the error report.
  std::string location;
  ErrorPlace place;
};

/// How messages name the place of a mistake: JSON paths in a config file
/// ("steps[1].params.split"), or the flags of the one-component form
/// ("--set split").
enum class StepSource { config_file, command_line };

/// `where` prefixes messages (the config file, or nothing); `base_dir` is
/// what relative path params resolve against. Returns the steps that can
/// run; every mistake of the others goes to `errors` (exit_usage for a config
/// mistake, exit_plugin for a module problem), each of a step's param
/// mistakes on its own.
std::vector<PlannedStep> plan_steps(const std::vector<StepConfig>& steps, const PluginRegistry& registry,
                                    const std::string& where, const std::filesystem::path& base_dir,
                                    ConfigErrors& errors, StepSource source = StepSource::config_file);

}  // namespace grk::host

#endif
