#include "run/checked_run.hpp"

#include <cstdint>

#include "run/input_checks.hpp"
#include "support/interrupts.hpp"

namespace grk::host {

Expected<RunOutcome, HostError> run_checked_steps(std::vector<PlannedStep> steps, PluginRegistry& registry,
                                                  RunOptions options, ConfigErrors errors,
                                                  std::string_view error_line_prefix,
                                                  const std::string& checkpoint_option) {
  check_step_paths(steps, errors);
  const std::string checkpoint = options.checkpoint.string();
  auto session = RunSession::start(std::move(steps), registry, std::move(options));
  if (!session) {
    errors.add(ErrorPlace{SIZE_MAX, SIZE_MAX}, std::move(session).error());
    return unexpected(errors.report(error_line_prefix));
  }
  errors.add_all(session->validate());
  if (!errors.empty()) return unexpected(errors.report(error_line_prefix));
  // From the first write on, SIGINT and SIGTERM stop the run cleanly instead
  // of killing it (docs/design.md §4.17); before it there is nothing to lose.
  catch_interrupts();
  // Before any step: a checkpoint that cannot be written fails now, with
  // nothing run, not after every step's work (exit 1).
  if (auto written = session->write_checkpoint(); !written) {
    return usage_error(checkpoint_option + " " + checkpoint + ": " + written.error().message);
  }
  const bool all_ok = session->run();
  const bool saved = session->saved();
  return RunOutcome{session->take_results_document(), saved, all_ok, session->interrupted_by()};
}

}  // namespace grk::host
