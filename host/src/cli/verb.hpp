// grk-eval's command line: the dispatch to its verbs (cli/commands.cpp, each
// verb defined in its verbs/*.cpp), and the frame every verb runs in. A verb
// brings its options, a check of its operands and its work; the frame parses
// the command line, answers --help and --version, checks the shared plugin
// options, and prints a failure as "grk-eval VERB: message" with the exit
// code it calls for.
#ifndef GRK_HOST_CLI_VERB_HPP
#define GRK_HOST_CLI_VERB_HPP

#include <boost/program_options.hpp>

#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "modules/registry.hpp"
#include "support/host_error.hpp"

namespace grk::host {

struct Verb;

/// A verb's parsed command line.
struct VerbCall {
  const Verb& verb;
  const boost::program_options::variables_map& options;
  std::string operand;  ///< the positional argument; empty when not given
  /// Every positional argument, for a verb whose operand repeats.
  std::vector<std::string> operands;
  PluginSearch plugins;  ///< the shared plugin options
  bool verbose = false;  ///< -v, for a verb that takes it

  [[nodiscard]] bool flag(const char* name) const;
  /// The option's value; empty when not given.
  [[nodiscard]] std::string text(const char* name) const;
  [[nodiscard]] std::vector<std::string> texts(const char* name) const;
  /// A usage mistake, with "Try 'grk-eval VERB --help'." under it.
  [[nodiscard]] Unexpected<HostError> misuse(const std::string& message) const;
};

struct Verb {
  const char* name;
  /// The positional argument as `grk-eval --help` lists it ("NAME"), and the
  /// hidden option that receives it ("component"); both null when none.
  const char* operand;
  const char* operand_option;
  const char* summary;  ///< its line in `grk-eval --help`
  const char* help;     ///< usage and description, before the options in `--help`
  bool takes_verbose;   ///< offers -v/--verbose
  void (*add_options)(boost::program_options::options_description& options);
  /// Checks the operands before the plugin options (null: nothing to check).
  Expected<void, HostError> (*check)(const VerbCall& call);
  /// The work; the exit code when it could be done.
  Expected<ExitCode, HostError> (*run)(const VerbCall& call);
  /// The operand may be given many times (`evaluate QRELS RUN...`).
  bool operand_repeats = false;
};

/// Runs `verb` with the arguments after its name; returns the exit code.
[[nodiscard]] int run_verb(const Verb& verb, const std::vector<std::string>& args);

/// Runs `grk-eval ARGS...` (the arguments after the program name); returns
/// the process exit code (ExitCode, support/host_error.hpp).
[[nodiscard]] int grk_eval(const std::vector<std::string>& args);

/// The text `--version` prints.
[[nodiscard]] std::string version_text();

/// The text shared by every verb's --help about where plugins come from and
/// what the exit codes mean (ExitCode, support/host_error.hpp).
extern const char* const plugin_search_help;
[[nodiscard]] std::string exit_codes_help();

}  // namespace grk::host

#endif
