// Runs planned steps in order and assembles the results document.
#ifndef GRK_HOST_RUN_SESSION_HPP
#define GRK_HOST_RUN_SESSION_HPP

#include <boost/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "component_handle.hpp"
#include "host_error.hpp"
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
  /// --allow-unsafe-plugin-dirs was given: the provenance says so.
  bool allow_unsafe_plugin_dirs = false;
};

enum class StepState { ok, failed, skipped };

/// The word the results document gives a state: "ok", "failed", "skipped".
[[nodiscard]] const char* step_state_name(StepState state) noexcept;

struct StepOutcome {
  StepState state = StepState::skipped;
  Invocation invocation;
  double seconds = 0;
};

/// A run: the plan, the loaded components, and what each step produced.
class RunSession {
 public:
  /// Loads every module the plan needs; fails (exit_plugin) when one cannot
  /// be loaded: nothing runs unless everything can.
  static Expected<RunSession, HostError> start(std::vector<PlannedStep> plan,
                                               PluginRegistry& registry, RunOptions options);

  /// Runs the steps; returns true when all ran and succeeded.
  [[nodiscard]] bool run();

  /// The results document: steps with their results or errors, and the
  /// provenance (host and SDK versions, config and input hashes, start time).
  [[nodiscard]] boost::json::object results_document() const;

 private:
  RunSession(std::vector<PlannedStep> plan, std::vector<std::shared_ptr<ComponentHandle>> handles,
             RunOptions options)
      : plan_(std::move(plan)), handles_(std::move(handles)), options_(std::move(options)) {}

  /// Adds the files `step` reads (its `path` params and each member of its
  /// `paths` params) to the provenance's inputs, with their SHA-256.
  void record_inputs(const PlannedStep& step);

  std::vector<PlannedStep> plan_;
  std::vector<std::shared_ptr<ComponentHandle>> handles_;
  RunOptions options_;
  std::vector<StepOutcome> outcomes_;
  boost::json::array inputs_;
  std::string started_at_;
};

/// Current UTC time as Python's datetime.now(UTC).isoformat() writes it.
[[nodiscard]] std::string utc_timestamp_now();

}  // namespace grk::host

#endif
