#include "cli/verb.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include <grk/abi.h>
#include <grk/version.h>

namespace grk::host {

// Each verb is defined in its own verbs/<verb>.cpp (host/CMakeLists.txt builds
// every such file). Adding a verb is that file plus its name on these two
// lines; the table's order is the order `grk-eval --help` lists them in.
extern const Verb verb_plugins, verb_describe, verb_evaluate, verb_run, verb_report;

namespace {

const Verb* const verbs[] = {&verb_plugins, &verb_describe, &verb_evaluate, &verb_run, &verb_report};

std::string usage() {
  std::string text =
      "Usage: grk-eval COMMAND [OPTIONS]\n"
      "       grk-eval --help | --version\n\n"
      "Runs groundkit eval-harness statistics and dataset adapters from plugin modules.\n\n"
      "Commands:\n";
  for (const Verb* verb : verbs) {
    std::string line = "  " + std::string(verb->name);
    if (verb->operand != nullptr) line += " " + std::string(verb->operand);
    line.resize(std::max<std::size_t>(21, line.size() + 2), ' ');
    text += line + verb->summary + "\n";
  }
  return text + "\n'grk-eval COMMAND --help' tells more about each.\n\n";
}

}  // namespace

std::string version_text() {
  return "grk-eval " GRK_SDK_VERSION_STRING " (grk SDK " GRK_SDK_VERSION_STRING ", plugin ABI " +
         std::to_string(GRK_ABI_VERSION) + ")\n";
}

int grk_eval(const std::vector<std::string>& args) {
  if (args.empty()) {
    std::fputs(usage().c_str(), stderr);
    return exit_usage;
  }
  const std::string& name = args.front();
  if (name == "--help" || name == "-h" || name == "help") {
    std::cout << usage() << plugin_search_help << "\n" << exit_codes_help();
    return exit_ok;
  }
  if (name == "--version") {
    std::cout << version_text();
    return exit_ok;
  }
  for (const Verb* verb : verbs) {
    if (name == verb->name) return run_verb(*verb, {args.begin() + 1, args.end()});
  }
  std::fprintf(stderr, "grk-eval: unknown command '%s'\n\n%s", name.c_str(), usage().c_str());
  return exit_usage;
}

}  // namespace grk::host
