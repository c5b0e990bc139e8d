// Where plugin modules are looked for, in precedence order (docs/design.md §4.2):
// --plugin-dir (repeatable), GRK_PLUGIN_PATH, the config's plugin_dirs, then
// the default folder next to the executable. Never the working folder
// implicitly.
#ifndef GRK_HOST_MODULES_SEARCH_PATH_HPP
#define GRK_HOST_MODULES_SEARCH_PATH_HPP

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace grk::host {

struct SearchDir {
  std::filesystem::path path;  ///< absolute
  std::string origin;          ///< "--plugin-dir", "GRK_PLUGIN_PATH", "config", "default"
};

/// The default folder: ../lib/grk/plugins relative to the running executable,
/// so the same holds in the build tree and after `cmake --install`.
[[nodiscard]] std::filesystem::path default_plugin_dir();

/// Splits GRK_PLUGIN_PATH on ':' and drops empty entries.
[[nodiscard]] std::vector<std::string> split_plugin_path(std::string_view value);

/// Builds the search path, de-duplicated by canonical folder (the first
/// occurrence keeps its place). Folders that do not exist are dropped and
/// described in `warnings`, except a missing default folder, which is
/// dropped silently; a named folder without any module file is kept and
/// described there too.
[[nodiscard]] std::vector<SearchDir> build_search_path(const std::vector<std::filesystem::path>& flag_dirs,
                                         const char* env_value,
                                         const std::vector<std::filesystem::path>& config_dirs,
                                         bool include_default,
                                         std::vector<std::string>& warnings);

/// The plugin candidates of one folder: regular files (or links to them)
/// ending in ".so", in sorted order.
[[nodiscard]] std::vector<std::filesystem::path> module_files_in(const std::filesystem::path& dir);

}  // namespace grk::host

#endif
