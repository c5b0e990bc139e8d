// Every module found on the search path, what each provides, and the loading
// of the modules a run needs.
#ifndef GRK_HOST_PLUGIN_REGISTRY_HPP
#define GRK_HOST_PLUGIN_REGISTRY_HPP

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "component_handle.hpp"
#include "module_record.hpp"
#include "plugin_search_path.hpp"

namespace grk::host {

/// A component offered by a usable module.
struct ComponentEntry {
  const ModuleRecord* module;
  const ComponentRecord* component;
};

class PluginRegistry {
 public:
  /// Scans every folder (files in sorted order) and probes each module in a
  /// child process. Modules that provide the same component name are all
  /// marked duplicate_component, naming each other: the host will not guess
  /// which one a config meant.
  static PluginRegistry discover(const std::vector<SearchDir>& search_path);

  /// Builds a registry from records already read (tests, and discover()).
  explicit PluginRegistry(std::vector<ModuleRecord> modules);

  const std::vector<ModuleRecord>& modules() const noexcept { return modules_; }

  /// The usable component called `name`, if any.
  std::optional<ComponentEntry> find(const std::string& name) const;

  /// Modules marked duplicate because they provide `name` (empty if none).
  std::vector<const ModuleRecord*> duplicates_of(const std::string& name) const;

  /// Every usable component, sorted by name.
  std::vector<ComponentEntry> components() const;

  /// Loads the entry's module into this process (once per module file) and
  /// returns a handle to the component. On failure returns null and sets
  /// `error`.
  std::shared_ptr<ComponentHandle> open(const ComponentEntry& entry, std::string& error);

 private:
  std::vector<ModuleRecord> modules_;
  std::map<std::string, ComponentEntry> components_;
  std::map<std::string, std::vector<const ModuleRecord*>> duplicates_;
  std::map<std::string, std::shared_ptr<const LoadedModule>> loaded_;
};

}  // namespace grk::host

#endif
