// HostError: why a grk-eval command cannot go on, and the exit code that
// calls for (the process exit codes, documented in --help and README.md).
// Every expected failure in the host is an Expected<T, HostError>; the verb
// frame (cli/verb.hpp) alone prints it and exits with its code. Beside them,
// the host's words for what goes wrong without stopping it (warn) and for a
// document's JSON syntax error (invalid_json), one place each.
#ifndef GRK_HOST_SUPPORT_HOST_ERROR_HPP
#define GRK_HOST_SUPPORT_HOST_ERROR_HPP

#include <cstdio>
#include <string>
#include <utility>

#include <grk/expected.hpp>
#include <grk/json/read_error.hpp>

namespace grk::host {

enum ExitCode : int {
  exit_ok = 0,
  exit_usage = 1,        ///< bad command line or config (nothing ran)
  exit_plugin = 2,       ///< a needed plugin module failed to load or validate (nothing ran)
  exit_step_failed = 3,  ///< a step ran and failed (bad data, refused output, ...)
  exit_results_unwritten = 4,  ///< the steps ran, but the results document could not be written
  exit_host_failed = 5,  ///< grk-eval itself ran out of memory or failed where it should not
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
    {exit_host_failed, "grk-eval itself ran out of memory (or failed where it should not); the message says where"},
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

/// A warning: something went wrong that does not stop the command, on
/// stderr as "grk-eval: warning: <message>".
inline void warn(const std::string& message) { std::fprintf(stderr, "grk-eval: warning: %s\n", message.c_str()); }

/// How the host words a document's JSON syntax error (a config, a results
/// document): "invalid JSON at line 3, column 7: Expecting value".
inline std::string invalid_json(const json::ReadError& error) {
  return "invalid JSON at line " + std::to_string(error.line) + ", column " + std::to_string(error.column) + ": " +
         error.message;
}

/// The same failure with where it happened put first ("run.json: steps[0]: ").
inline Unexpected<HostError> located(const std::string& place, HostError error) {
  error.message.insert(0, place);
  return Unexpected<HostError>{std::move(error)};
}

}  // namespace grk::host

#endif
