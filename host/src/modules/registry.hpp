// Every module found on the search path, what each provides, and the loading
// of the modules a run needs; and the plugin search options every verb shares
// (--plugin-dir, --no-default-plugins, --allow-unsafe-plugin-dirs), which
// build one.
#ifndef GRK_HOST_MODULES_REGISTRY_HPP
#define GRK_HOST_MODULES_REGISTRY_HPP

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "modules/component_handle.hpp"
#include "support/host_error.hpp"
#include "modules/module_file.hpp"
#include "modules/record.hpp"
#include "modules/search_path.hpp"

namespace grk::host {

/// A component offered by a usable module.
struct ComponentEntry {
  const ModuleRecord* module;
  const ComponentRecord* component;
};

/// Whether discover() loads modules that other users can write to.
enum class PluginDirPolicy { strict, allow_unsafe };

/// For resolve(): a component of either kind.
constexpr std::int32_t any_kind = 0;

class PluginRegistry {
 public:
  /// Scans every folder (files in sorted order) and probes each module in a
  /// child process, or takes what an earlier probe of the unchanged file
  /// found from the user's ProbeCache. Under PluginDirPolicy::strict a file that another user
  /// could have written is marked unsafe_permissions and never loaded, not
  /// even in the probe. Modules that provide the same component name are all
  /// marked duplicate_component, naming each other: the host will not guess
  /// which one a config meant.
  [[nodiscard]] static PluginRegistry discover(const std::vector<SearchDir>& search_path,
                                               PluginDirPolicy policy = PluginDirPolicy::strict);

  /// Builds a registry from records already read (tests, and discover()).
  explicit PluginRegistry(std::vector<ModuleRecord> modules);
  // Entries point into the records: a move keeps them valid, a copy would not.
  PluginRegistry(PluginRegistry&&) = default;
  PluginRegistry& operator=(PluginRegistry&&) = default;
  PluginRegistry(const PluginRegistry&) = delete;
  PluginRegistry& operator=(const PluginRegistry&) = delete;

  [[nodiscard]] const std::vector<ModuleRecord>& modules() const noexcept { return modules_; }

  /// The usable component called `name`, if any.
  [[nodiscard]] std::optional<ComponentEntry> find(const std::string& name) const;

  /// The usable component called `name`, of `kind` (a grk_kind, or
  /// any_kind), or the error that tells the user why there is none: provided
  /// by more than one module (exit_plugin); unknown, listing what is
  /// available and how many modules could not be used; or of the other kind,
  /// with the config key that names it (exit_usage).
  Expected<ComponentEntry, HostError> resolve(const std::string& name,
                                              std::int32_t kind = any_kind) const;

  /// Modules marked duplicate because they provide `name` (empty if none).
  [[nodiscard]] std::vector<const ModuleRecord*> duplicates_of(const std::string& name) const;

  /// Every usable component, sorted by name.
  [[nodiscard]] std::vector<ComponentEntry> components() const;

  /// Loads the entry's module into this process (once per module file) and
  /// returns a handle to the component, or the loader's reason why not.
  Expected<std::shared_ptr<ComponentHandle>, HostError> open(const ComponentEntry& entry);

 private:
  std::vector<ModuleRecord> modules_;
  std::map<std::string, ComponentEntry> components_;
  std::map<std::string, std::vector<const ModuleRecord*>> duplicates_;
  std::map<std::string, std::shared_ptr<const LoadedModule>> loaded_;
  // Each file discover() opened, by path: open() loads through the
  // descriptor that was checked and probed, never through the path again.
  std::map<std::string, ModuleFile> files_;
};

/// Where to look for plugins and what to accept: what the command line's plugin
/// options say (cli/verb.cpp binds them), for the registry a verb needs.
struct PluginSearch {
  std::vector<std::string> dirs;  ///< --plugin-dir, in order
  bool no_default = false;
  bool allow_unsafe = false;

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

}  // namespace grk::host

#endif
