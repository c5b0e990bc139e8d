// grk-eval plugins: every module file found, its status, and its components.
#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

#include <grk/json/writer.hpp>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "module_record_json.hpp"
#include "plugin_options.hpp"

namespace grk::host {

namespace po = boost::program_options;

int command_plugins(const std::vector<std::string>& args) {
  PluginOptions plugins;
  bool as_json = false;
  bool strict = false;
  po::options_description options("Options");
  options.add_options()
      ("help,h", "show this help")
      ("version", "show the version")
      ("json", po::bool_switch(&as_json), "print a JSON document instead of text")
      ("strict", po::bool_switch(&strict), "exit 2 if any module found cannot be used");
  plugins.add_to(options);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& error) {
    std::fprintf(stderr, "grk-eval plugins: %s\nTry 'grk-eval plugins --help'.\n", error.what());
    return exit_usage;
  }
  if (vm.count("help")) {
    std::cout << "Usage: grk-eval plugins [--json] [--strict] [--plugin-dir DIR]...\n\n"
                 "Lists every plugin module file on the search path with its status (ok,\n"
                 "not-a-plugin, wrong-abi, incompatible-sdk, load-failed, invalid-descriptor,\n"
                 "duplicate-component) and, for each usable module, its components: name,\n"
                 "kind, module version, SDK version, file and description. Module metadata is\n"
                 "read in a child process, so a module that crashes while loading is reported\n"
                 "rather than fatal.\n\n"
              << options << "\n" << plugin_search_help << "\n" << exit_codes_help;
    return exit_ok;
  }
  if (vm.count("version")) {
    std::cout << version_text();
    return exit_ok;
  }
  if (const auto problem = plugins.check(); !problem.empty()) {
    std::fprintf(stderr, "grk-eval plugins: %s\n", problem.c_str());
    return exit_usage;
  }
  const auto search_path = plugins.search_path();
  const auto registry = PluginRegistry::discover(search_path);
  bool all_ok = true;
  for (const auto& module : registry.modules()) all_ok = all_ok && module.status == ModuleStatus::ok;

  if (as_json) {
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
  } else {
    std::cout << "Plugin search path:\n";
    if (search_path.empty()) std::cout << "  (no folders)\n";
    for (const auto& dir : search_path) std::cout << "  " << dir.path.string() << "  (" << dir.origin << ")\n";
    std::cout << "\n";
    if (registry.modules().empty()) std::cout << "No plugin modules found.\n";
    for (const auto& module : registry.modules()) {
      std::cout << module.file.string() << ": " << module_status_name(module.status);
      if (module.status == ModuleStatus::ok) {
        std::cout << ", module " << module.name << " " << module.version << " (SDK " << module.sdk_version << ")\n";
      } else {
        std::cout << ": " << module.reason << "\n";
      }
      if (module.status != ModuleStatus::ok) continue;
      for (const auto& component : module.components) {
        std::cout << "  " << component.name << "  [" << kind_name(component.kind) << "]  "
                  << component.description << "\n";
      }
    }
  }
  return strict && !all_ok ? exit_plugin : exit_ok;
}

}  // namespace grk::host
