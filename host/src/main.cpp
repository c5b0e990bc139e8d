// grk-eval: loads grk plugin modules and runs config-driven evals.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <grk/abi.h>
#include <grk/version.h>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "plugin_options.hpp"

namespace grk::host {

std::string version_text() {
  return "grk-eval " GRK_SDK_VERSION_STRING " (grk SDK " GRK_SDK_VERSION_STRING ", plugin ABI " +
         std::to_string(GRK_ABI_VERSION) + ")\n";
}

}  // namespace grk::host

namespace {

const char* const usage =
    "Usage: grk-eval COMMAND [OPTIONS]\n"
    "       grk-eval --help | --version\n\n"
    "Runs groundkit eval-harness statistics and dataset adapters from plugin modules.\n\n"
    "Commands:\n"
    "  plugins            list plugin modules, their status and components\n"
    "  describe NAME      show a component's parameters\n"
    "  run CONFIG         run a config's steps (or: run --component NAME --set K=V...)\n\n"
    "'grk-eval COMMAND --help' tells more about each.\n\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace grk::host;
  if (argc < 2) {
    std::fputs(usage, stderr);
    return exit_usage;
  }
  const std::string verb = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (verb == "--help" || verb == "-h" || verb == "help") {
    std::cout << usage << plugin_search_help << "\n" << exit_codes_help;
    return exit_ok;
  }
  if (verb == "--version") {
    std::cout << version_text();
    return exit_ok;
  }
  if (verb == "plugins") return command_plugins(args);
  if (verb == "describe") return command_describe(args);
  if (verb == "run") return command_run(args);
  std::fprintf(stderr, "grk-eval: unknown command '%s'\n\n%s", verb.c_str(), usage);
  return exit_usage;
}
