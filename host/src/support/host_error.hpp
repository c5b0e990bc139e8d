// HostError: why a grk-eval command cannot go on, and the exit code that
// calls for. Every expected failure in the host is an Expected<T, HostError>;
// the verb frame (cli/verb.hpp) alone prints it and exits with its code.
#ifndef GRK_HOST_SUPPORT_HOST_ERROR_HPP
#define GRK_HOST_SUPPORT_HOST_ERROR_HPP

#include <string>
#include <utility>

#include <grk/expected.hpp>

#include "support/exit_codes.hpp"

namespace grk::host {

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
