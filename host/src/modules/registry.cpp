#include "modules/registry.hpp"

#include <cstdlib>

#include "modules/file_safety.hpp"
#include "modules/probe.hpp"
#include "modules/probe_cache.hpp"
#include "support/host_error.hpp"
#include "support/join.hpp"
#include "support/results_stream.hpp"

namespace grk::host {
namespace {

std::string file_of(const ModuleRecord* module) { return module->file.string(); }

// The usable components of `kind` (any_kind: of every kind), by name.
std::string available(const PluginRegistry& registry, std::int32_t kind) {
  std::vector<std::string> names;
  for (const auto& entry : registry.components()) {
    if (kind == any_kind || entry.component->kind == kind) names.push_back(entry.component->name);
  }
  return names.empty() ? "none" : join(names, ", ");
}

// The modules that could not be used, each with its file and why, so that a
// run that needs a component of one says which file and what to do: those
// whose descriptor names `name` when there are such, else every one (at most
// three named, then a count).
std::string failed_modules_hint(const PluginRegistry& registry, const std::string& name) {
  std::vector<const ModuleRecord*> failed;
  std::vector<const ModuleRecord*> naming;
  for (const auto& module : registry.modules()) {
    if (module.status == ModuleStatus::ok) continue;
    failed.push_back(&module);
    for (const auto& component : module.components) {
      if (component.name == name) naming.push_back(&module);
    }
  }
  if (failed.empty()) return {};
  const auto& shown = naming.empty() ? failed : naming;
  std::string named;
  for (std::size_t i = 0; i < shown.size() && i < 3; ++i) {
    named += (i == 0 ? ": " : "; ") + shown[i]->file.string() + " [" + module_status_name(shown[i]->status) + "]" +
             (shown[i]->reason.empty() ? std::string() : ": " + shown[i]->reason);
  }
  if (shown.size() > 3) named += "; and " + std::to_string(shown.size() - 3) + " more";
  return " (" + std::to_string(failed.size()) + " plugin module" + (failed.size() == 1 ? "" : "s") +
         " could not be used; `grk-eval plugins` says why" + named + ")";
}

}  // namespace

PluginRegistry PluginRegistry::discover(const std::vector<SearchDir>& search_path, PluginDirPolicy policy) {
  std::vector<ModuleRecord> modules;
  std::map<std::string, ModuleFile> files;
  ProbeCache cache = ProbeCache::open_default();
  const FileChecks checks = policy == PluginDirPolicy::strict ? FileChecks::strict : FileChecks::none;
  for (const auto& dir : search_path) {
    for (const auto& file : module_files_in(dir.path)) {
      auto opened = open_plugin_file(file, checks);
      if (!opened) {
        modules.push_back(std::move(opened).error());
        continue;
      }
      if (auto known = cache.find(*opened)) {
        modules.push_back(std::move(*known));
      } else {
        modules.push_back(probe_module(*opened));
        cache.store(*opened, modules.back());
      }
      files.insert_or_assign(file.string(), std::move(*opened));
    }
  }
  cache.save();
  PluginRegistry registry(std::move(modules));
  registry.files_ = std::move(files);
  return registry;
}

PluginRegistry::PluginRegistry(std::vector<ModuleRecord> modules) : modules_(std::move(modules)) {
  std::map<std::string, std::vector<std::size_t>> providers;
  for (std::size_t i = 0; i < modules_.size(); ++i) {
    if (modules_[i].status != ModuleStatus::ok) continue;
    for (const auto& component : modules_[i].components) providers[component.name].push_back(i);
  }
  const auto shipped = default_plugin_dir();
  std::map<std::size_t, std::vector<std::string>> clashes;  // module index -> one line per name
  for (const auto& [name, indices] : providers) {
    if (indices.size() < 2) continue;
    // Suggest skipping the shipped folder only when it is part of the clash.
    bool clash_in_shipped = false;
    for (std::size_t j : indices) clash_in_shipped |= modules_[j].file.parent_path() == shipped;
    for (std::size_t i : indices) {
      std::vector<std::string> others;
      for (std::size_t j : indices) {
        if (j != i) others.push_back(modules_[j].file.string());
      }
      clashes[i].push_back(
          "component '" + name + "' is also provided by " + join(others, ", ") +
          "; remove one of the files" +
          (clash_in_shipped ? " (or pass --no-default-plugins to skip the shipped folder)" : ""));
    }
  }
  for (const auto& [i, lines] : clashes) {
    modules_[i].status = ModuleStatus::duplicate_component;
    modules_[i].reason = join(lines, "; ");
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

Expected<ComponentEntry, HostError> PluginRegistry::resolve(const std::string& name,
                                                            std::int32_t kind) const {
  if (const auto duplicates = duplicates_of(name); !duplicates.empty()) {
    return plugin_error("component '" + name + "' is provided by more than one module (" +
                        join(duplicates, ", ", file_of) + "); remove all but one");
  }
  const auto entry = find(name);
  if (!entry) {
    return usage_error("no " + std::string(kind == any_kind ? "component" : kind_name(kind)) +
                       " named '" + name + "' is available; available: " + available(*this, kind) +
                       failed_modules_hint(*this, name));
  }
  if (kind != any_kind && entry->component->kind != kind) {
    return usage_error("'" + name + "' is a " + kind_name(entry->component->kind) + ", not a " +
                       kind_name(kind) + "; name it with \"" + config_key(entry->component->kind) +
                       "\"");
  }
  return *entry;
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

Expected<std::shared_ptr<ComponentHandle>, HostError> PluginRegistry::open(const ComponentEntry& entry) {
  const std::string key = entry.module->file.string();
  auto& module = loaded_[key];
  if (!module) {
    // From the first module loaded into this process on, its stdout is not
    // the document's (support/results_stream.hpp).
    (void)results_stream();
    const auto opened = files_.find(key);
    GRK_TRY(auto fresh, opened != files_.end() ? LoadedModule::open(opened->second)
                                               : LoadedModule::open(entry.module->file));
    // The file may have changed since it was probed; trust only what this
    // process reads from it now.
    const ModuleRecord now = read_module_record(*fresh);
    if (now.status != ModuleStatus::ok) return plugin_error(now.reason);
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
  return plugin_error("the module no longer provides " + std::string(kind_name(entry.component->kind)) +
                      " '" + entry.component->name + "' (was the file replaced?)");
}

Expected<void, HostError> PluginSearch::check() const {
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return usage_error("--plugin-dir " + dir + ": no such folder");
  }
  return {};
}

std::vector<SearchDir> PluginSearch::search_path(const std::vector<std::filesystem::path>& config_dirs) const {
  std::vector<std::filesystem::path> flag_dirs(dirs.begin(), dirs.end());
  std::vector<std::string> warnings;
  auto path = build_search_path(flag_dirs, std::getenv("GRK_PLUGIN_PATH"), config_dirs, !no_default, warnings);
  for (const auto& warning : warnings) warn(warning);
  return path;
}

PluginRegistry PluginSearch::registry(const std::vector<std::filesystem::path>& config_dirs) const {
  return PluginRegistry::discover(search_path(config_dirs), dir_policy());
}

}  // namespace grk::host
