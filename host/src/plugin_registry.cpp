#include "plugin_registry.hpp"

#include "module_probe.hpp"

namespace grk::host {

PluginRegistry PluginRegistry::discover(const std::vector<SearchDir>& search_path) {
  std::vector<ModuleRecord> modules;
  for (const auto& dir : search_path) {
    for (const auto& file : module_files_in(dir.path)) modules.push_back(probe_module(file));
  }
  return PluginRegistry(std::move(modules));
}

PluginRegistry::PluginRegistry(std::vector<ModuleRecord> modules) : modules_(std::move(modules)) {
  std::map<std::string, std::vector<std::size_t>> providers;
  for (std::size_t i = 0; i < modules_.size(); ++i) {
    if (modules_[i].status != ModuleStatus::ok) continue;
    for (const auto& component : modules_[i].components) providers[component.name].push_back(i);
  }
  const auto shipped = default_plugin_dir();
  for (const auto& [name, indices] : providers) {
    if (indices.size() < 2) continue;
    // Suggest skipping the shipped folder only when it is part of the clash.
    bool clash_in_shipped = false;
    for (std::size_t j : indices) clash_in_shipped |= modules_[j].file.parent_path() == shipped;
    for (std::size_t i : indices) {
      std::string others;
      for (std::size_t j : indices) {
        if (j != i) others += (others.empty() ? "" : ", ") + modules_[j].file.string();
      }
      auto& module = modules_[i];
      const std::string line =
          "component '" + name + "' is also provided by " + others + "; remove one of the files" +
          (clash_in_shipped ? " (or pass --no-default-plugins to skip the shipped folder)" : "");
      module.status = ModuleStatus::duplicate_component;
      module.reason += (module.reason.empty() ? "" : "; ") + line;
    }
  }
  for (const auto& module : modules_) {
    for (const auto& component : module.components) {
      if (module.status == ModuleStatus::ok) {
        components_[component.name] = ComponentEntry{&module, &component};
      } else if (module.status == ModuleStatus::duplicate_component) {
        duplicates_[component.name].push_back(&module);
      }
    }
  }
  for (auto it = duplicates_.begin(); it != duplicates_.end();) {
    it = it->second.size() < 2 ? duplicates_.erase(it) : std::next(it);
  }
}

std::optional<ComponentEntry> PluginRegistry::find(const std::string& name) const {
  const auto it = components_.find(name);
  if (it == components_.end()) return std::nullopt;
  return it->second;
}

std::vector<const ModuleRecord*> PluginRegistry::duplicates_of(const std::string& name) const {
  const auto it = duplicates_.find(name);
  return it == duplicates_.end() ? std::vector<const ModuleRecord*>{} : it->second;
}

std::vector<ComponentEntry> PluginRegistry::components() const {
  std::vector<ComponentEntry> out;
  for (const auto& [name, entry] : components_) out.push_back(entry);
  return out;
}

std::shared_ptr<ComponentHandle> PluginRegistry::open(const ComponentEntry& entry,
                                                      std::string& error) {
  const std::string key = entry.module->file.string();
  auto& module = loaded_[key];
  if (!module) {
    auto fresh = LoadedModule::open(entry.module->file, error);
    if (!fresh) return nullptr;
    // The file may have changed since it was probed; trust only what this
    // process reads from it now.
    const ModuleRecord now = read_module_record(*fresh);
    if (now.status != ModuleStatus::ok) {
      error = now.reason;
      return nullptr;
    }
    module = std::move(fresh);
  }
  const grk_module* descriptor = module->descriptor();
  for (std::uint32_t i = 0; i < descriptor->component_count; ++i) {
    const grk_component* component = module->component(i);
    if (entry.component->name == component->name) {
      if (component->kind != entry.component->kind) break;
      return std::make_shared<ComponentHandle>(module, component);
    }
  }
  error = "the module no longer provides " + std::string(kind_name(entry.component->kind)) +
          " '" + entry.component->name + "' (was the file replaced?)";
  return nullptr;
}

}  // namespace grk::host
