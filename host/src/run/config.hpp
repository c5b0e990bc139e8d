// The run config: {"plugin_dirs"?, "steps": [{"id", "statistic"|"adapter",
// "params"}]}. Parsed and checked in full before anything runs; every error
// names the file, the JSON path and what was expected.
#ifndef GRK_HOST_RUN_CONFIG_HPP
#define GRK_HOST_RUN_CONFIG_HPP

#include <boost/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/abi.h>
#include <grk/expected.hpp>

#include "run/errors.hpp"
#include "support/host_error.hpp"

namespace grk::host {

struct StepConfig {
  std::string id;
  std::string component;
  std::int32_t kind = GRK_KIND_STATISTIC;  ///< which key named it
  boost::json::object params;              ///< as written in the config
  std::size_t index = 0;                   ///< position in "steps"
  ErrorPlace place;                        ///< where it sits, for the error report
  /// Params whose --set was refused already (the one-component form): the
  /// plan does not report them a second time as missing.
  std::vector<std::string> reported_params;
};

struct RunConfig {
  std::filesystem::path file;  ///< as given on the command line
  std::filesystem::path dir;   ///< absolute folder relative paths resolve against
  std::vector<std::filesystem::path> plugin_dirs;  ///< absolute
  std::vector<StepConfig> steps;
  std::string sha256;  ///< of the bytes that were parsed
  bool isolate = false;                ///< "isolate": each step in a child process
  std::optional<double> step_timeout;  ///< "step_timeout": seconds, > 0
  /// The mistakes found; `steps` holds only the steps without one.
  ConfigErrors errors;
};

/// The largest config file read (16 MiB); a larger one is refused unread.
inline constexpr std::size_t max_config_bytes = std::size_t{16} << 20;

/// Reads and structurally checks a config file (syntax, keys, types, unique
/// ids). Component names and params are checked later, against the plugins.
/// A file that cannot be read, or is not a JSON object, is a usage error
/// whose one-line message names the file; every other mistake is collected
/// in RunConfig::errors, and the steps without a mistake are kept.
Expected<RunConfig, HostError> load_config(const std::filesystem::path& file);

/// Parses config text; `file` is used in messages and for relative paths.
Expected<RunConfig, HostError> parse_config(std::string_view text, const std::filesystem::path& file);

/// "steps[1].params.split"-style path of a step's member.
[[nodiscard]] std::string step_path(std::size_t index, std::string_view member = {});

}  // namespace grk::host

#endif
