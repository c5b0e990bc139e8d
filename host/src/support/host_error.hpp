// HostError: why a grk-eval command cannot go on, and the exit code that
// calls for (the process exit codes, documented in --help and README.md).
// Every expected failure in the host is an Expected<T, HostError>; the verb
// frame (cli/verb.hpp) alone prints it and exits with its code.
#ifndef GRK_HOST_SUPPORT_HOST_ERROR_HPP
#define GRK_HOST_SUPPORT_HOST_ERROR_HPP

#include <string>
#include <utility>

#include <grk/expected.hpp>

namespace grk::host {

enum ExitCode : int {
  exit_ok = 0,
  exit_usage = 1,        ///< bad command line or config (nothing ran)
  exit_plugin = 2,       ///< a needed plugin module failed to load or validate (nothing ran)
  exit_step_failed = 3,  ///< a step ran and failed (bad data, refused output, ...)
  exit_results_unwritten = 4,  ///< the steps ran, but the results document could not be written
};

/// What each exit code means, as every --help lists it (docs/design.md §4.9).
struct ExitCodeMeaning {
  ExitCode code;
  const char* meaning;
};
inline constexpr ExitCodeMeaning exit_code_meanings[] = {
    {exit_ok, "success"},
    {exit_usage, "usage or config error (nothing ran)"},
    {exit_plugin, "a plugin module needed could not be loaded or validated (nothing ran)"},
    {exit_step_failed, "a step ran and failed (bad data, refused output, ...)"},
    {exit_results_unwritten, "the steps ran, but the results document could not be written"},
};

struct HostError {
  ExitCode code = exit_usage;
  /// For the user, without the "grk-eval VERB: " that the frame puts first.
  std::string message;
};

/// A mistake in the command line or the config: nothing ran.
inline Unexpected<HostError> usage_error(std::string message) {
  return Unexpected<HostError>{HostError{exit_usage, std::move(message)}};
}

/// A plugin module that cannot be used: nothing ran.
inline Unexpected<HostError> plugin_error(std::string message) {
  return Unexpected<HostError>{HostError{exit_plugin, std::move(message)}};
}

/// The same failure with where it happened put first ("run.json: steps[0]: ").
inline Unexpected<HostError> located(const std::string& place, HostError error) {
  error.message.insert(0, place);
  return Unexpected<HostError>{std::move(error)};
}

}  // namespace grk::host

#endif
