// --help and --version on every verb, and the usage errors around them
// (exit code 1, message on stderr, nothing on stdout).
#define BOOST_TEST_MODULE host_cli_help
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace {

using grk::test::grk_eval;
using grk::test::operator+;

const std::string version_line = "grk-eval 1.2.0 (grk SDK 1.2.0, plugin ABI 1)\n";

const std::string exit_codes_text =
    "Exit codes:\n"
    "  0  success\n"
    "  1  usage or config error (nothing ran)\n"
    "  2  a plugin module needed could not be loaded or validated (nothing ran)\n"
    "  3  a step ran and failed (bad data, refused output, ...)\n"
    "  4  the steps ran, but the results document could not be written\n"
    "  5  grk-eval itself ran out of memory (or failed where it should not); the message says where\n";

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(version_is_the_same_everywhere) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--version"}, {"plugins", "--version"}, {"describe", "--version"}, {"run", "--version"}}) {
    const auto result = grk_eval(args);
    BOOST_TEST(result.exit_code == 0, args[0]);
    BOOST_TEST(result.out == version_line, args[0]);
    BOOST_TEST(result.err == "", args[0]);
  }
}

BOOST_AUTO_TEST_CASE(top_level_help_lists_the_verbs_and_exit_codes) {
  for (const std::string flag : {"--help", "-h", "help"}) {
    const auto result = grk_eval({flag});
    BOOST_TEST(result.exit_code == 0, flag);
    BOOST_TEST(result.err == "", flag);
    BOOST_TEST(starts_with(result.out, "Usage: grk-eval COMMAND [OPTIONS]\n"), flag);
    for (const char* verb : {"\n  plugins ", "\n  describe NAME ", "\n  run CONFIG "}) {
      BOOST_TEST(result.out.find(verb) != std::string::npos, flag << verb);
    }
    BOOST_TEST(result.out.find("GRK_PLUGIN_PATH") != std::string::npos, flag);
    BOOST_TEST(ends_with(result.out, exit_codes_text), flag);
  }
}

BOOST_AUTO_TEST_CASE(each_verb_has_its_own_help) {
  const std::vector<std::pair<std::string, std::string>> verbs{
      {"plugins", "Usage: grk-eval plugins [--json] [--strict] [--plugin-dir DIR]...\n"},
      {"describe", "Usage: grk-eval describe COMPONENT [--json] [--plugin-dir DIR]...\n"},
      {"run", "Usage: grk-eval run CONFIG [--output FILE] [--report FILE [--format F]] [--keep-going] [--plugin-dir DIR]...\n"
              "       grk-eval run --component NAME [--set KEY=VALUE]... [--output FILE]\n"},
  };
  for (const auto& [verb, usage] : verbs) {
    for (const std::string flag : {"--help", "-h"}) {
      const auto result = grk_eval({verb, flag});
      BOOST_TEST(result.exit_code == 0, verb);
      BOOST_TEST(result.err == "", verb);
      BOOST_TEST(starts_with(result.out, usage), verb << "\n" << result.out);
      BOOST_TEST(result.out.find("--plugin-dir arg") != std::string::npos, verb);
      BOOST_TEST(result.out.find("--no-default-plugins") != std::string::npos, verb);
      BOOST_TEST(ends_with(result.out, exit_codes_text), verb);
    }
  }
  // Help wins over a missing or broken rest of the line: it never touches plugins.
  const auto result = grk_eval({"run", "no-such-config.json", "--help"});
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(starts_with(result.out, "Usage: grk-eval run CONFIG"));
}

BOOST_AUTO_TEST_CASE(usage_mistakes_exit_1_with_a_message_on_stderr) {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::string usage_head = "Usage: grk-eval COMMAND [OPTIONS]\n";
  const std::vector<Case> cases{
      {{"plugins", "--bogus"},
       "grk-eval plugins: unrecognised option '--bogus'\nTry 'grk-eval plugins --help'.\n"},
      {{"describe", "a", "b"},
       "grk-eval describe: too many positional options have been specified on the command line\n"
       "Try 'grk-eval describe --help'.\n"},
      {{"describe"},
       "grk-eval describe: which component? Give its name, e.g. 'grk-eval describe "
       "paired-bootstrap'; 'grk-eval plugins' lists them.\n"},
      {{"run"},
       "grk-eval run: give either a CONFIG file or --component NAME\nTry 'grk-eval run --help'.\n"},
      {{"run", "x.json", "--component", "y"},
       "grk-eval run: give either a CONFIG file or --component NAME, not both\n"
       "Try 'grk-eval run --help'.\n"},
      {{"run", "x.json", "--set", "k=v"},
       "grk-eval run: --set needs --component; a config file gives params itself\n"
       "Try 'grk-eval run --help'.\n"},
      {{"run", "--output"},
       "grk-eval run: the required argument for option '--output' is missing\n"
       "Try 'grk-eval run --help'.\n"},
      {{"plugins", "--plugin-dir", "/no/such/folder"},
       "grk-eval plugins: --plugin-dir /no/such/folder: no such folder\n"},
      {{"describe", "x", "--plugin-dir", "/no/such/folder"},
       "grk-eval describe: --plugin-dir /no/such/folder: no such folder\n"},
      {{"run", "--component", "x", "--plugin-dir", "/no/such/folder"},
       "grk-eval run: --plugin-dir /no/such/folder: no such folder\n"},
  };
  for (const auto& c : cases) {
    const auto result = grk_eval(c.args);
    BOOST_TEST(result.exit_code == 1, c.args[0]);
    BOOST_TEST(result.out == "", c.args[0]);
    BOOST_TEST(result.err == c.err, c.args[0]);
  }
  auto result = grk_eval({});
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.out == "");
  BOOST_TEST(starts_with(result.err, usage_head));
  result = grk_eval({"frobnicate"});
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(starts_with(result.err, "grk-eval: unknown command 'frobnicate'\n\n" + usage_head));
}
