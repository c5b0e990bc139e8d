// Runs planned steps in order and assembles the results document.
#ifndef GRK_HOST_RUN_SESSION_HPP
#define GRK_HOST_RUN_SESSION_HPP

#include <boost/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "component_handle.hpp"
#include "plugin_registry.hpp"
#include "step_plan.hpp"

namespace grk::host {

struct RunOptions {
  bool keep_going = false;      ///< run the remaining steps after a failure
  bool show_progress = false;   ///< draw progress on stderr
  bool verbose = false;         ///< show the components' debug logs
  std::FILE* human = stderr;    ///< where the human summary goes
  /// Provenance of the config: {"path", "sha256"}, or null for a run
  /// without a config file.
  boost::json::value config_provenance;
};

struct StepOutcome {
  std::string state;  ///< "ok", "failed" or "skipped"
  Invocation invocation;
  double seconds = 0;
};

/// A run: the plan, the loaded components, and what each step produced.
class RunSession {
 public:
  /// Loads every module the plan needs. Throws PlanError(exit_plugin) when
  /// one cannot be loaded: nothing runs unless everything can.
  RunSession(std::vector<PlannedStep> plan, PluginRegistry& registry, RunOptions options);

  /// Runs the steps; returns true when all ran and succeeded.
  bool run();

  /// The results document: steps with their results or errors, and the
  /// provenance (host and SDK versions, config and input hashes, start time).
  boost::json::object results_document() const;

 private:
  std::vector<PlannedStep> plan_;
  std::vector<std::shared_ptr<ComponentHandle>> handles_;
  RunOptions options_;
  std::vector<StepOutcome> outcomes_;
  boost::json::array inputs_;
  std::string started_at_;
};

/// Current UTC time as Python's datetime.now(UTC).isoformat() writes it.
std::string utc_timestamp_now();

}  // namespace grk::host

#endif
