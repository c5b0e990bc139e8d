// The files and folders a run names, checked before step 1 (docs/design.md
// §4.7 step 5): every input a `path` or `paths` param names exists, can be
// read and is the kind its declaration says; every output can be created;
// --output and --report can be written. A path that an earlier step writes
// (at or under one of its outputs) is exempt as an input: it does not exist
// yet, and the step that makes it is what the run is for.
#ifndef GRK_HOST_RUN_INPUT_CHECKS_HPP
#define GRK_HOST_RUN_INPUT_CHECKS_HPP

#include <optional>
#include <string>
#include <vector>

#include "run/errors.hpp"
#include "run/plan.hpp"

namespace grk::host {

/// Adds a mistake to `errors`, at the step's place, for every path param of
/// `steps` that the step could not use; in step order, a step's params in
/// declaration order (a `paths` param's members in the order given). An
/// output that is an input of the run (the same file, by device and inode)
/// or an existing folder that holds one is such a mistake too.
void check_step_paths(const std::vector<PlannedStep>& steps, ConfigErrors& errors);

/// Why the file `target` could not be created or replaced, if it could not:
/// its nearest existing folder is not a folder or not writable, or it exists
/// and is not a regular file. The text follows "cannot write 'FILE': ".
[[nodiscard]] std::optional<std::string> file_cannot_be_written(const std::string& target);

/// Why the file `target` (--output, --report) would replace an input a step
/// of `steps` reads, if it would: it is that file. The text follows "FILE: ".
[[nodiscard]] std::optional<std::string> output_replaces_input(const std::string& target,
                                                               const std::vector<PlannedStep>& steps);

}  // namespace grk::host

#endif
