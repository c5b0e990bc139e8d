#include "cli/verb.hpp"

#include <cstdio>
#include <exception>
#include <iostream>
#include <new>

namespace grk::host {

namespace po = boost::program_options;

const char* const plugin_search_help =
    "Plugin modules (*.so) are looked for, in this order, in: each --plugin-dir;\n"
    "each folder of GRK_PLUGIN_PATH (colon-separated); the config's plugin_dirs;\n"
    "and ../lib/grk/plugins next to the grk-eval executable (unless\n"
    "--no-default-plugins). Never in the working folder unless named. Files are\n"
    "taken in sorted order within a folder. A module file, the folder it is in,\n"
    "or any folder above it (a sticky one such as /tmp aside), that another user\n"
    "owns or can write to is refused (unsafe-permissions) unless\n"
    "--allow-unsafe-plugin-dirs.\n";

std::string exit_codes_help() {
  std::string text = "Exit codes:\n";
  for (const auto& [code, meaning] : exit_code_meanings) text += "  " + std::to_string(code) + "  " + meaning + "\n";
  return text;
}

bool VerbCall::flag(const char* name) const {
  return options.count(name) != 0 && options[name].as<bool>();
}

std::string VerbCall::text(const char* name) const {
  return options.count(name) != 0 ? options[name].as<std::string>() : std::string();
}

std::vector<std::string> VerbCall::texts(const char* name) const {
  return options.count(name) != 0 ? options[name].as<std::vector<std::string>>()
                                  : std::vector<std::string>();
}

Unexpected<HostError> VerbCall::misuse(const std::string& message) const {
  return usage_error(message + "\nTry 'grk-eval " + verb.name + " --help'.");
}

namespace {

void add_plugin_options(po::options_description& options, PluginSearch& plugins) {
  options.add_options()
      ("plugin-dir", po::value<std::vector<std::string>>(&plugins.dirs)->composing(),
       "look for plugin modules in DIR first (repeatable)")
      ("no-default-plugins", po::bool_switch(&plugins.no_default),
       "do not look in the shipped plugin folder")
      ("allow-unsafe-plugin-dirs", po::bool_switch(&plugins.allow_unsafe),
       "load modules that other users can write to (refused by default)");
}

int report(const Verb& verb, const HostError& error) {
  std::fprintf(stderr, "grk-eval %s: %s\n", verb.name, error.message.c_str());
  return error.code;
}

}  // namespace

int run_verb(const Verb& verb, const std::vector<std::string>& args) {
  po::variables_map vm;
  VerbCall call{verb, vm, {}, {}, {}, false};
  // The order of the options is the order --help lists them in.
  po::options_description options("Options");
  options.add_options()
      ("help,h", "show this help")
      ("version", "show the version");
  verb.add_options(options);
  if (verb.takes_verbose) {
    options.add_options()("verbose,v", po::bool_switch(&call.verbose),
                          "show the components' debug messages");
  }
  add_plugin_options(options, call.plugins);
  po::options_description all;
  all.add(options);
  po::positional_options_description positional;
  if (verb.operand_option != nullptr) {
    po::options_description hidden;
    if (verb.operand_repeats) {
      hidden.add_options()(verb.operand_option, po::value<std::vector<std::string>>(&call.operands));
    } else {
      hidden.add_options()(verb.operand_option, po::value<std::string>(&call.operand));
    }
    all.add(hidden);
    positional.add(verb.operand_option, verb.operand_repeats ? -1 : 1);
  }
  try {
    po::command_line_parser parser(args);
    parser.options(all);
    if (verb.operand_option != nullptr) parser.positional(positional);
    po::store(parser.run(), vm);
    po::notify(vm);
  } catch (const po::error& error) {
    return report(verb, call.misuse(error.what()).error);
  }
  if (vm.count("help")) {
    std::cout << verb.help << options << "\n" << plugin_search_help << "\n" << exit_codes_help();
    return exit_ok;
  }
  if (vm.count("version")) {
    std::cout << version_text();
    return exit_ok;
  }
  // The host's own memory runs out on inputs beyond the machine (a results
  // document of a GiB under `ulimit -v`): say so, instead of an abort.
  try {
    if (verb.check != nullptr) {
      if (const auto checked = verb.check(call); !checked) return report(verb, checked.error());
    }
    if (const auto checked = call.plugins.check(); !checked) return report(verb, checked.error());
    const auto done = verb.run(call);
    return done ? *done : report(verb, done.error());
  } catch (const std::bad_alloc&) {
    return report(verb, HostError{exit_host_failed, "out of memory: this input needs more memory than the process "
                                                    "may take (see `ulimit -v` and the machine's free memory)"});
  } catch (const std::exception& error) {
    return report(verb, HostError{exit_host_failed, std::string("internal error: ") + error.what()});
  }
}

}  // namespace grk::host
