// grk-eval's command line: the verbs it offers, each defined in its
// verbs/*.cpp, and the dispatch to them.
#ifndef GRK_HOST_CLI_COMMANDS_HPP
#define GRK_HOST_CLI_COMMANDS_HPP

#include <string>
#include <vector>

#include "cli/verb.hpp"

namespace grk::host {

/// Runs `grk-eval ARGS...` (the arguments after the program name); returns
/// the process exit code (support/exit_codes.hpp).
[[nodiscard]] int grk_eval(const std::vector<std::string>& args);

/// The text `--version` prints.
[[nodiscard]] std::string version_text();

}  // namespace grk::host

#endif
