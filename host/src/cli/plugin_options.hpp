// The plugin search options every verb shares, and the registry they build.
#ifndef GRK_HOST_CLI_PLUGIN_OPTIONS_HPP
#define GRK_HOST_CLI_PLUGIN_OPTIONS_HPP

#include <boost/program_options.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "support/host_error.hpp"
#include "modules/registry.hpp"
#include "modules/search_path.hpp"

namespace grk::host {

struct PluginOptions {
  std::vector<std::string> dirs;
  bool no_default = false;
  bool allow_unsafe = false;

  void add_to(boost::program_options::options_description& options);
  /// A --plugin-dir that is not a folder is a usage error (the user named
  /// it).
  Expected<void, HostError> check() const;
  /// The search path for these options (plus a config's plugin_dirs);
  /// prints a warning line to stderr for each folder skipped.
  [[nodiscard]] std::vector<SearchDir> search_path(const std::vector<std::filesystem::path>& config_dirs = {}) const;
  [[nodiscard]] PluginDirPolicy dir_policy() const noexcept {
    return allow_unsafe ? PluginDirPolicy::allow_unsafe : PluginDirPolicy::strict;
  }
  /// Every module of search_path(config_dirs), under dir_policy().
  [[nodiscard]] PluginRegistry registry(const std::vector<std::filesystem::path>& config_dirs = {}) const;
};

/// The text shared by every verb's --help about where plugins come from and
/// what the exit codes mean.
extern const char* const plugin_search_help;
extern const char* const exit_codes_help;

}  // namespace grk::host

#endif
