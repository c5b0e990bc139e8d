// grk-eval describe COMPONENT: what a component is and the parameters it takes.
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

namespace {

std::string default_text(const ParamSpec& spec) {
  if (spec.required) return "required";
  if (!spec.default_value) return "optional";
  return "default " + json::write_compact(*spec.default_value);
}

}  // namespace

int command_describe(const std::vector<std::string>& args) {
  PluginOptions plugins;
  bool as_json = false;
  std::string name;
  po::options_description options("Options");
  options.add_options()
      ("help,h", "show this help")
      ("version", "show the version")
      ("json", po::bool_switch(&as_json), "print a JSON document instead of text");
  plugins.add_to(options);
  po::options_description hidden;
  hidden.add_options()("component", po::value<std::string>(&name));
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("component", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& error) {
    std::fprintf(stderr, "grk-eval describe: %s\nTry 'grk-eval describe --help'.\n", error.what());
    return exit_usage;
  }
  if (vm.count("help")) {
    std::cout << "Usage: grk-eval describe COMPONENT [--json] [--plugin-dir DIR]...\n\n"
                 "Shows a component's kind, module and description, and each parameter with\n"
                 "its type (string, integer, number, boolean, path, object), whether it is\n"
                 "required or its default, and its description.\n\n"
              << options << "\n" << plugin_search_help << "\n" << exit_codes_help;
    return exit_ok;
  }
  if (vm.count("version")) {
    std::cout << version_text();
    return exit_ok;
  }
  if (name.empty()) {
    std::fprintf(stderr, "grk-eval describe: which component? Give its name, e.g. "
                         "'grk-eval describe paired-bootstrap'; 'grk-eval plugins' lists them.\n");
    return exit_usage;
  }
  if (const auto problem = plugins.check(); !problem.empty()) {
    std::fprintf(stderr, "grk-eval describe: %s\n", problem.c_str());
    return exit_usage;
  }
  const auto registry = PluginRegistry::discover(plugins.search_path());
  const auto entry = registry.find(name);
  if (!entry) {
    const auto duplicates = registry.duplicates_of(name);
    if (!duplicates.empty()) {
      std::string files;
      for (const auto* module : duplicates) files += (files.empty() ? "" : ", ") + module->file.string();
      std::fprintf(stderr, "grk-eval describe: component '%s' is provided by more than one module (%s); remove all but one\n",
                   name.c_str(), files.c_str());
      return exit_plugin;
    }
    std::string names;
    for (const auto& e : registry.components()) names += (names.empty() ? "" : ", ") + e.component->name;
    std::fprintf(stderr, "grk-eval describe: no component named '%s'; available: %s\n", name.c_str(),
                 names.empty() ? "none" : names.c_str());
    return exit_usage;
  }
  const auto& module = *entry->module;
  const auto& component = *entry->component;
  if (as_json) {
    std::cout << json::write_pretty(component_to_json(module, component)) << "\n";
    return exit_ok;
  }
  std::cout << component.name << " (" << kind_name(component.kind) << ")\n"
            << "  " << component.description << "\n"
            << "  module " << module.name << " " << module.version << ", SDK " << module.sdk_version
            << ", " << module.file.string() << "\n\nParameters:\n";
  std::size_t width = 4;
  for (const auto& spec : component.params) width = std::max(width, spec.name.size());
  for (const auto& spec : component.params) {
    std::string line = "  " + spec.name + std::string(width - spec.name.size() + 2, ' ');
    std::string type = param_type_name(spec.type);
    line += type + std::string(type.size() < 9 ? 9 - type.size() : 1, ' ');
    const std::string presence = default_text(spec);
    line += presence + std::string(presence.size() < 16 ? 16 - presence.size() : 1, ' ');
    std::cout << line << spec.description << "\n";
  }
  if (component.params.empty()) std::cout << "  (none)\n";
  return exit_ok;
}

}  // namespace grk::host
