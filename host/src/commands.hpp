// The verbs of grk-eval. Each takes the arguments after the verb and returns
// the process exit code (exit_codes.hpp).
#ifndef GRK_HOST_COMMANDS_HPP
#define GRK_HOST_COMMANDS_HPP

#include <string>
#include <vector>

namespace grk::host {

int command_plugins(const std::vector<std::string>& args);
int command_describe(const std::vector<std::string>& args);
int command_run(const std::vector<std::string>& args);

/// The text `--version` prints.
std::string version_text();

}  // namespace grk::host

#endif
