#include "modules/search_path.hpp"

#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>

#include <algorithm>

namespace grk::host {

std::filesystem::path default_plugin_dir() {
  std::error_code ec;
  const std::filesystem::path exe = boost::dll::program_location(ec);
  if (ec) return {};
  return (exe.parent_path() / ".." / "lib" / "grk" / "plugins").lexically_normal();
}

std::vector<std::string> split_plugin_path(std::string_view value) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= value.size()) {
    const std::size_t end = std::min(value.find(':', start), value.size());
    if (end > start) out.emplace_back(value.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::vector<SearchDir> build_search_path(const std::vector<std::filesystem::path>& flag_dirs,
                                         const char* env_value,
                                         const std::vector<std::filesystem::path>& config_dirs,
                                         bool include_default,
                                         std::vector<std::string>& warnings) {
  std::vector<SearchDir> candidates;
  for (const auto& dir : flag_dirs) candidates.push_back({dir, "--plugin-dir"});
  if (env_value != nullptr) {
    for (const auto& entry : split_plugin_path(env_value)) {
      candidates.push_back({entry, "GRK_PLUGIN_PATH"});
    }
  }
  for (const auto& dir : config_dirs) candidates.push_back({dir, "config"});
  if (include_default) candidates.push_back({default_plugin_dir(), "default"});

  std::vector<SearchDir> out;
  std::vector<std::filesystem::path> seen;
  for (auto& candidate : candidates) {
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(candidate.path, ec).lexically_normal();
    if (!std::filesystem::is_directory(absolute, ec)) {
      // A build or install without shipped plugins has no default folder;
      // that is not worth a warning on every command.
      if (candidate.origin == "default") continue;
      warnings.push_back("plugin folder '" + absolute.string() + "' (from " + candidate.origin +
                         ") does not exist or is not a folder; skipped");
      continue;
    }
    const auto canonical = std::filesystem::canonical(absolute, ec);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) continue;
    seen.push_back(canonical);
    // A folder the user named that holds no module is most likely the wrong
    // one (the build's root instead of its lib/grk/plugins, say).
    if (candidate.origin != "default" && module_files_in(absolute).empty()) {
      warnings.push_back("plugin folder '" + absolute.string() + "' (from " + candidate.origin +
                         ") holds no plugin modules (*" + boost::dll::shared_library::suffix().string() + " files)");
    }
    out.push_back({absolute, candidate.origin});
  }
  return out;
}

std::vector<std::filesystem::path> module_files_in(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const auto& path = it->path();
    if (path.extension() != boost::dll::shared_library::suffix()) continue;
    std::error_code type_ec;
    if (!std::filesystem::is_regular_file(path, type_ec)) continue;
    files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace grk::host
