#include "modules/loaded_module.hpp"

#include <boost/dll/shared_library_load_mode.hpp>

#include <dlfcn.h>

#include <cstddef>
#include <string_view>

#include <grk/json/reader.hpp>
#include <grk/naming.hpp>
#include <grk/version.h>

#include "modules/call_fence.hpp"
#include "modules/param_declaration.hpp"

#include "support/stdout_to_stderr.hpp"

namespace grk::host {
namespace {

// The sizes of the v1.0 structs: a plugin may declare larger ones (a newer
// minor appends fields) but never smaller.
constexpr std::size_t min_module_size = offsetof(grk_module, components) + sizeof(void*);
constexpr std::size_t min_component_size = offsetof(grk_component, invoke) + sizeof(void*);

std::string host_versions() {
  return "ABI " + std::to_string(GRK_ABI_VERSION) + ", SDK " GRK_SDK_VERSION_STRING;
}

// Boost.DLL wraps dlerror() as "boost::dll::shared_library::load() failed
// (dlerror system message: TEXT): Bad file descriptor", where the trailing
// errno text is unrelated noise; users need TEXT only.
std::string loader_message(const std::string& what) {
  constexpr std::string_view marker = "(dlerror system message: ";
  const auto start = what.find(marker);
  const auto end = what.rfind(')');
  if (start == std::string::npos || end == std::string::npos || end < start + marker.size()) {
    return what;
  }
  return what.substr(start + marker.size(), end - start - marker.size());
}

}  // namespace

Expected<std::shared_ptr<LoadedModule>, HostError> LoadedModule::open(const std::filesystem::path& file) {
  return load(file, file, std::nullopt);
}

Expected<std::shared_ptr<LoadedModule>, HostError> LoadedModule::open(const ModuleFile& file) {
  return load(file.path(), file.proc_path(), file);
}

Expected<std::shared_ptr<LoadedModule>, HostError> LoadedModule::load(const std::filesystem::path& file,
                                                                      const std::filesystem::path& name,
                                                                      std::optional<ModuleFile> opened) {
  namespace dll = boost::dll;
  std::shared_ptr<LoadedModule> module;
  // Loading runs the module's static initialisers and its entry function:
  // plugin code, fenced as a call is (modules/call_fence.hpp).
  const StdoutToStderr quiet;
  const CallFence fence;
  try {
    // The throwing overload: only it carries dlerror()'s text
    // (docs/design.md §3.4).
    dll::shared_library library(name, dll::load_mode::rtld_now | dll::load_mode::rtld_local);
    module.reset(new LoadedModule(file, name, std::move(library), std::move(opened)));
    if (!module->library_.has(GRK_ENTRY_SYMBOL)) {
      return plugin_error("it exports no " GRK_ENTRY_SYMBOL " entry symbol");
    }
    const auto& entry = module->library_.get_alias<const grk_module*()>(GRK_ENTRY_SYMBOL);
    module->descriptor_ = entry();
    if (fence.left_a_thread()) module->keep_loaded_until_exit();
  } catch (const std::exception& failure) {
    // Loaded through its descriptor, the loader names `/proc/self/fd/N`;
    // users know the file by its path.
    std::string message = loader_message(failure.what());
    const std::string loaded_as = name.string();
    if (loaded_as != file.string()) {
      for (auto at = message.find(loaded_as); at != std::string::npos; at = message.find(loaded_as, at)) {
        message.replace(at, loaded_as.size(), file.string());
        at += file.string().size();
      }
    }
    return plugin_error(message);
  }
  return module;
}

void LoadedModule::keep_loaded_until_exit() const noexcept {
  // RTLD_NOLOAD finds the module already loaded under this name and marks it;
  // the reference this takes is never given back.
  (void)::dlopen(name_.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

const grk_component* LoadedModule::component(std::uint32_t index) const noexcept {
  if (descriptor_ == nullptr || index >= descriptor_->component_count) return nullptr;
  const auto* base = reinterpret_cast<const unsigned char*>(descriptor_->components);
  return reinterpret_cast<const grk_component*>(base + std::size_t{index} *
                                                           descriptor_->component_size);
}

ModuleRecord read_module_record(const LoadedModule& module) {
  ModuleRecord record;
  record.file = module.file();
  const grk_module* d = module.descriptor();
  auto invalid = [&](std::string reason) {
    record.status = ModuleStatus::invalid_descriptor;
    record.reason = std::move(reason);
    record.components.clear();
    return record;
  };
  if (d == nullptr) return invalid("its entry function returned no module descriptor");
  if (d->struct_size < min_module_size) {
    return invalid("its module descriptor is " + std::to_string(d->struct_size) +
                   " bytes, smaller than ABI 1's " + std::to_string(min_module_size));
  }
  record.abi_version = d->abi_version;
  record.name = d->name ? d->name : "";
  record.version = d->version ? d->version : "";
  record.sdk_version = std::to_string(d->sdk_version_major) + "." +
                       std::to_string(d->sdk_version_minor) + "." +
                       std::to_string(d->sdk_version_patch);
  if (d->abi_version != GRK_ABI_VERSION || d->sdk_version_major != GRK_SDK_VERSION_MAJOR) {
    record.status = ModuleStatus::wrong_abi;
    record.reason = "built with grk SDK " + record.sdk_version + " (ABI " +
                    std::to_string(d->abi_version) + "); this host supports " + host_versions() +
                    ". Rebuild the plugin against grk SDK " +
                    std::to_string(GRK_SDK_VERSION_MAJOR) + ".x.";
    return record;
  }
  // GStreamer / OBS / VapourSynth rule: same major, plugin minor <= host minor.
  if (d->sdk_version_minor > GRK_SDK_VERSION_MINOR) {
    record.status = ModuleStatus::incompatible_sdk;
    record.reason = "built with grk SDK " + record.sdk_version + ", newer than this host's (" +
                    host_versions() +
                    "); it may use host services this host lacks. Upgrade grk-eval, or rebuild "
                    "the plugin against SDK " GRK_SDK_VERSION_STRING ".";
    return record;
  }
  if (!is_component_name(record.name)) {
    return invalid("its module name '" + record.name + "' is not lowercase kebab-case");
  }
  if (d->component_count == 0) return invalid("it registers no components");
  if (d->components == nullptr || d->component_size < min_component_size) {
    return invalid("its component table is missing or its entries are too small");
  }
  for (std::uint32_t i = 0; i < d->component_count; ++i) {
    const grk_component* c = module.component(i);
    ComponentRecord component;
    component.name = c->name ? c->name : "";
    if (c->struct_size < min_component_size) {
      return invalid("component #" + std::to_string(i) + " declares a size smaller than ABI 1's");
    }
    if (!is_component_name(component.name)) {
      return invalid("component name '" + component.name + "' is not lowercase kebab-case");
    }
    if (c->kind != GRK_KIND_STATISTIC && c->kind != GRK_KIND_DATASET_ADAPTER) {
      return invalid("component '" + component.name + "' has unknown kind " +
                     std::to_string(c->kind));
    }
    if (c->invoke == nullptr) return invalid("component '" + component.name + "' has no invoke");
    for (const auto& earlier : record.components) {
      if (earlier.name == component.name) {
        return invalid("it registers component '" + component.name + "' twice");
      }
    }
    component.kind = c->kind;
    component.description = c->description ? c->description : "";
    auto declared = json::read(c->params_json ? c->params_json : "[]");
    if (!declared) {
      return invalid("component '" + component.name +
                     "': its parameter declaration is not JSON: " + declared.error().describe());
    }
    auto params = params_from_json(*declared);
    if (!params) return invalid("component '" + component.name + "': " + params.error().message);
    component.params = std::move(*params);
    record.components.push_back(std::move(component));
  }
  return record;
}

}  // namespace grk::host
