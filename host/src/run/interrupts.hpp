// What the run does after SIGINT or SIGTERM stopped a step (docs/design.md
// §4.17): the host's fallback for staging folders that the step's component
// did not remove (an isolated step's process ended by a second Ctrl-C, an
// older module). It removes only folders it can prove are that step's.
#ifndef GRK_HOST_RUN_INTERRUPTS_HPP
#define GRK_HOST_RUN_INTERRUPTS_HPP

#include <ctime>
#include <string>
#include <vector>

#include "run/plan.hpp"

namespace grk::host {

/// Removes the staging folders of `step`'s outputs and returns their paths.
/// A staging folder is named as <grk/output/staged_folder.hpp> names them
/// (".<output's name>.<marker><pid>-<nonce>" beside the output,
/// ".<marker><pid>-<nonce>" inside it, the marker ending in "staging-"); it
/// is removed only when it is a real folder (not a link) of this user,
/// changed since `step_started` (seconds since the epoch), and its process
/// is this one or gone.
std::vector<std::string> remove_step_staging(const PlannedStep& step, std::time_t step_started);

}  // namespace grk::host

#endif
