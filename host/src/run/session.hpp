// Runs planned steps in order, assembles the results document, and emits it
// (stdout, or a file written so that a reader never sees half of it).
#ifndef GRK_HOST_RUN_SESSION_HPP
#define GRK_HOST_RUN_SESSION_HPP

#include <boost/json.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include <grk/expected.hpp>
#include <grk/json/text_cursor.hpp>

#include "modules/component_handle.hpp"
#include "run/errors.hpp"
#include "support/host_error.hpp"
#include "modules/registry.hpp"
#include "report/model.hpp"
#include "run/checkpoints.hpp"
#include "run/plan.hpp"
#include "run/results_document.hpp"

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
  /// --output: the results document is written there before the first step
  /// and after the steps as run/checkpoints.hpp paces it (docs/design.md
  /// §4.8), so a crash or a kill leaves a valid document of the steps done.
  std::filesystem::path checkpoint;
  /// --isolate: each step in a child process of its own (docs/design.md §4.13).
  bool isolate = false;
  /// --step-timeout: an isolated step still running after this many seconds
  /// is killed with its process group.
  std::optional<double> step_timeout;
};

struct StepOutcome {
  StepState state = StepState::skipped;
  Invocation invocation;
  double seconds = 0;
  /// "crashed" or "timed-out": an isolated step whose process ended without
  /// a result. The results document gives it as the error's status.
  std::optional<std::string> fault;
};

/// `when` in UTC as Python's datetime.isoformat() writes an aware datetime
/// with microseconds: 2026-12-05T21:50:10.133345+00:00.
[[nodiscard]] std::string utc_timestamp(std::chrono::system_clock::time_point when);

/// The current time, as utc_timestamp writes it.
[[nodiscard]] std::string utc_timestamp_now();

/// A run: the plan, the loaded components, and what each step produced.
class RunSession {
 public:
  /// Loads every module the plan needs; fails (exit_plugin) when one cannot
  /// be loaded: nothing runs unless everything can.
  static Expected<RunSession, HostError> start(std::vector<PlannedStep> plan,
                                               PluginRegistry& registry, RunOptions options);

  /// Runs every step's pre-run check (the component's validate, in a child
  /// process under isolation), in order, before any step runs; returns the
  /// failures as config mistakes (docs/design.md §4.8): exit_usage for what
  /// the component reported, exit_plugin for a check that crashed or hung.
  [[nodiscard]] ConfigErrors validate() const;

  /// Writes the results document as it stands (steps not run yet are
  /// pending) to options.checkpoint, when there is one. Called before the
  /// first step it is the check that the output can be written at all.
  Expected<void, HostError> write_checkpoint();

  /// Runs the steps, with checkpoints as they are due; returns true when all
  /// ran and succeeded. After SIGINT or SIGTERM (support/interrupts.hpp) it
  /// stops: the step that was running is `interrupted`, its staging is
  /// removed, the rest stay `pending` (docs/design.md §4.17).
  [[nodiscard]] bool run();

  /// The signal that stopped run(), or 0 when it was not stopped.
  [[nodiscard]] int interrupted_by() const noexcept { return interrupted_by_; }

  /// Whether options.checkpoint holds the document as it stands, byte for
  /// byte: the last checkpoint was written after the last change.
  [[nodiscard]] bool saved() const noexcept { return saved_; }

  /// The results document: steps with their results or errors, and the
  /// provenance (host and SDK versions, config and input hashes, start
  /// time). The steps' results are moved into it: at the end, or by
  /// put_results(), which gives them back once the text is written.
  [[nodiscard]] ResultsDocument take_results_document();

 private:
  RunSession(std::vector<PlannedStep> plan, std::vector<std::shared_ptr<ComponentHandle>> handles,
             RunOptions options)
      : plan_(std::move(plan)),
        handles_(std::move(handles)),
        options_(std::move(options)),
        checkpoints_(options_.checkpoint),
        started_at_(utc_timestamp_now()) {}

  /// The FAILED line of step i and its hint, plugin text shown printable.
  /// Prints a step's summary under its line, each of its lines indented.
  void print_summary(std::string_view summary) const;
  void print_failure(std::size_t i, const std::string& label, const StepOutcome& outcome) const;

  /// Called from within exit() when step i's plugin calls it in process
  /// (exit code `status`): fails the step, emits the document, _exit(3).
  [[noreturn]] void end_run_at_exit(std::size_t i, const std::string& label, int status);

  /// The provenance's records of the files `step` reads (its `path` params
  /// and each member of its `paths` params), with their SHA-256.
  [[nodiscard]] boost::json::array input_records(const PlannedStep& step) const;
  /// The results document as the file holds it, handed to `put` in pieces.
  void put_results(const json::TextSink& put);
  /// A checkpoint after a step, when the budget allows (Checkpoints).
  Expected<void, HostError> checkpoint_after_step();

  /// After a step returned while a signal was pending: records it (an ok
  /// step keeps its result), removes what it staged, says so, and stops.
  void stop_after_interrupt(std::size_t index, StepOutcome& outcome, std::time_t step_started);

  std::vector<PlannedStep> plan_;
  std::vector<std::shared_ptr<ComponentHandle>> handles_;
  RunOptions options_;
  Checkpoints checkpoints_;
  std::vector<StepOutcome> outcomes_;
  boost::json::array inputs_;
  std::string started_at_;
  int interrupted_by_ = 0;
  bool saved_ = false;  ///< see saved()
};

/// Writes the results document to stdout when `output` is empty, else to the
/// file `output` (atomically; not again when `saved`: a checkpoint wrote
/// these bytes there), saying so on stdout.
Expected<void, HostError> emit_results(const ResultsDocument& document, const std::string& output, bool saved);

}  // namespace grk::host

#endif
