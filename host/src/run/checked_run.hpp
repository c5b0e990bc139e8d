// What every verb that runs steps does once its steps are planned (`run`,
// `evaluate`): every mistake before anything runs, in one report
// (docs/design.md §4.14), then SIGINT and SIGTERM caught (§4.17), the
// results checkpoint written, and the steps run.
#ifndef GRK_HOST_RUN_CHECKED_RUN_HPP
#define GRK_HOST_RUN_CHECKED_RUN_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

#include "modules/registry.hpp"
#include "run/errors.hpp"
#include "run/plan.hpp"
#include "run/results_document.hpp"
#include "run/session.hpp"
#include "support/host_error.hpp"

namespace grk::host {

struct RunOutcome {
  ResultsDocument document;
  /// The checkpoint file (options.checkpoint) holds `document` already, byte
  /// for byte: writing it again would only cost a second fsync.
  bool saved = false;
  bool all_ok = false;
  int interrupted_by = 0;  ///< SIGINT or SIGTERM that stopped the run, or 0
};

/// Adds to `errors` (the plan's and the verb's own so far) the steps'
/// files, a module that cannot be loaded and each step's pre-run check, and
/// fails with all of them, each line after `error_line_prefix`; else runs
/// the steps. A checkpoint (options.checkpoint) that cannot be written fails
/// before any step, named by `checkpoint_option` ("--output").
Expected<RunOutcome, HostError> run_checked_steps(std::vector<PlannedStep> steps, PluginRegistry& registry,
                                                  RunOptions options, ConfigErrors errors,
                                                  std::string_view error_line_prefix,
                                                  const std::string& checkpoint_option);

}  // namespace grk::host

#endif
