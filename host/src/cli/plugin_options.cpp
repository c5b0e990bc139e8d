#include "cli/plugin_options.hpp"

#include <cstdio>
#include <cstdlib>

namespace grk::host {

namespace po = boost::program_options;

const char* const plugin_search_help =
    "Plugin modules (*.so) are looked for, in this order, in: each --plugin-dir;\n"
    "each folder of GRK_PLUGIN_PATH (colon-separated); the config's plugin_dirs;\n"
    "and ../lib/grk/plugins next to the grk-eval executable (unless\n"
    "--no-default-plugins). Never in the working folder unless named. Files are\n"
    "taken in sorted order within a folder. A module file, or the folder it is\n"
    "in, that another user owns or can write to is refused (unsafe-permissions)\n"
    "unless --allow-unsafe-plugin-dirs.\n";

const char* const exit_codes_help =
    "Exit codes:\n"
    "  0  success\n"
    "  1  usage or config error (nothing ran)\n"
    "  2  a plugin module needed could not be loaded or validated (nothing ran)\n"
    "  3  a step ran and failed (bad data, refused output, ...)\n";

void PluginOptions::add_to(po::options_description& options) {
  options.add_options()
      ("plugin-dir", po::value<std::vector<std::string>>(&dirs)->composing(),
       "look for plugin modules in DIR first (repeatable)")
      ("no-default-plugins", po::bool_switch(&no_default),
       "do not look in the shipped plugin folder")
      ("allow-unsafe-plugin-dirs", po::bool_switch(&allow_unsafe),
       "load modules that other users can write to (refused by default)");
}

Expected<void, HostError> PluginOptions::check() const {
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return usage_error("--plugin-dir " + dir + ": no such folder");
  }
  return {};
}

std::vector<SearchDir> PluginOptions::search_path(
    const std::vector<std::filesystem::path>& config_dirs) const {
  std::vector<std::filesystem::path> flag_dirs(dirs.begin(), dirs.end());
  std::vector<std::string> warnings;
  auto path = build_search_path(flag_dirs, std::getenv("GRK_PLUGIN_PATH"), config_dirs,
                                !no_default, warnings);
  for (const auto& warning : warnings) std::fprintf(stderr, "grk-eval: warning: %s\n", warning.c_str());
  return path;
}

PluginRegistry PluginOptions::registry(const std::vector<std::filesystem::path>& config_dirs) const {
  return PluginRegistry::discover(search_path(config_dirs), dir_policy());
}

}  // namespace grk::host
