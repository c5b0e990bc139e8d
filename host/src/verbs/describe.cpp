// grk-eval describe COMPONENT: what a component is and the parameters it takes.
#include <algorithm>
#include <iostream>

#include <grk/json/writer.hpp>

#include "cli/verb.hpp"
#include "modules/record.hpp"
#include "support/join.hpp"

namespace grk::host {
namespace {

namespace po = boost::program_options;

void add_options(po::options_description& options) {
  options.add_options()("json", po::bool_switch(), "print a JSON document instead of text");
}

Expected<void, HostError> check(const VerbCall& call) {
  if (call.operand.empty()) {
    return usage_error("which component? Give its name, e.g. 'grk-eval describe paired-bootstrap'; "
                       "'grk-eval plugins' lists them.");
  }
  return {};
}

std::string default_text(const ParamSpec& spec) {
  if (spec.required) return "required";
  if (!spec.default_value) return "optional";
  return "default " + json::write_compact(*spec.default_value);
}

void print_text(const ModuleRecord& module, const ComponentRecord& component) {
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
    if (!spec.choices.empty()) {
      // Under the description, in its column: the values the host accepts.
      std::cout << std::string(line.size(), ' ') << "one of: " << join(spec.choices, ", ") << "\n";
    }
    if (spec.comma_separated) {
      std::cout << std::string(line.size(), ' ') << "a JSON array of strings, or one comma-separated string\n";
    }
  }
  if (component.params.empty()) std::cout << "  (none)\n";
}

Expected<ExitCode, HostError> run(const VerbCall& call) {
  const auto registry = call.plugins.registry();
  GRK_TRY(const auto entry, registry.resolve(call.operand));
  if (call.flag("json")) {
    std::cout << json::write_pretty(component_to_json(*entry.module, *entry.component)) << "\n";
  } else {
    print_text(*entry.module, *entry.component);
  }
  return exit_ok;
}

}  // namespace

extern const Verb verb_describe{  // extern: listed in cli/commands.cpp's table
    "describe", "NAME", "component", "show a component's parameters",
    "Usage: grk-eval describe COMPONENT [--json] [--plugin-dir DIR]...\n\n"
    "Shows a component's kind, module and description, and each parameter with\n"
    "its type (string, integer, number, boolean, path, object, paths), whether it is\n"
    "required or its default, its description, and the values it allows when the\n"
    "component declares them (\"one of: ...\"; \"choices\" in --json).\n\n",
    /*takes_verbose=*/false, &add_options, &check, &run};

}  // namespace grk::host
