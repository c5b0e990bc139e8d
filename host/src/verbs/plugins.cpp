// grk-eval plugins: every module file found, its status, and its components.
#include <iostream>

#include <grk/json/writer.hpp>

#include "cli/verb.hpp"
#include "modules/record.hpp"

namespace grk::host {
namespace {

namespace po = boost::program_options;

void add_options(po::options_description& options) {
  options.add_options()
      ("json", po::bool_switch(), "print a JSON document instead of text")
      ("strict", po::bool_switch(), "exit 2 if any module found cannot be used");
}

void print_json(const std::vector<SearchDir>& search_path, const PluginRegistry& registry) {
  boost::json::array dirs;
  for (const auto& dir : search_path) dirs.push_back({{"path", dir.path.string()}, {"origin", dir.origin}});
  boost::json::array modules;
  boost::json::array components;
  for (const auto& module : registry.modules()) modules.push_back(module_to_json(module));
  for (const auto& entry : registry.components()) {
    components.push_back(component_to_json(*entry.module, *entry.component));
  }
  const boost::json::object document{
      {"search_path", std::move(dirs)}, {"modules", std::move(modules)}, {"components", std::move(components)}};
  std::cout << json::write_pretty(document) << "\n";
}

void print_text(const std::vector<SearchDir>& search_path, const PluginRegistry& registry) {
  std::cout << "Plugin search path:\n";
  if (search_path.empty()) std::cout << "  (no folders)\n";
  for (const auto& dir : search_path) std::cout << "  " << dir.path.string() << "  (" << dir.origin << ")\n";
  std::cout << "\n";
  if (registry.modules().empty()) std::cout << "No plugin modules found.\n";
  for (const auto& module : registry.modules()) {
    std::cout << module.file.string() << ": " << module_status_name(module.status);
    if (module.status != ModuleStatus::ok) {
      std::cout << ": " << module.reason << "\n";
      continue;
    }
    std::cout << ", module " << module.name << " " << module.version << " (SDK " << module.sdk_version << ")\n";
    for (const auto& component : module.components) {
      std::cout << "  " << component.name << "  [" << kind_name(component.kind) << "]  "
                << component.description << "\n";
    }
  }
}

Expected<ExitCode, HostError> run(const VerbCall& call) {
  const auto search_path = call.plugins.search_path();
  const auto registry = PluginRegistry::discover(search_path, call.plugins.dir_policy());
  if (call.flag("json")) {
    print_json(search_path, registry);
  } else {
    print_text(search_path, registry);
  }
  bool all_ok = true;
  for (const auto& module : registry.modules()) all_ok = all_ok && module.status == ModuleStatus::ok;
  return call.flag("strict") && !all_ok ? exit_plugin : exit_ok;
}

}  // namespace

extern const Verb verb_plugins{  // extern: listed in cli/commands.cpp's table
    "plugins", /*operand=*/nullptr, /*operand_option=*/nullptr,
    "list plugin modules, their status and components",
    "Usage: grk-eval plugins [--json] [--strict] [--plugin-dir DIR]...\n\n"
    "Lists every plugin module file on the search path with its status (ok,\n"
    "not-a-plugin, wrong-abi, incompatible-sdk, load-failed, invalid-descriptor,\n"
    "duplicate-component) and, for each usable module, its components: name,\n"
    "kind, module version, SDK version, file and description. Module metadata is\n"
    "read in a child process, so a module that crashes while loading is reported\n"
    "rather than fatal.\n\n",
    /*takes_verbose=*/false, &add_options, /*check=*/nullptr, &run};

}  // namespace grk::host
