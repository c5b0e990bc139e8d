// The one-component form, `grk-eval run --component NAME --set KEY=VALUE`:
// values are read as the parameter's declared type, relative paths resolve
// against the working folder, and every mistake is a one-line usage error.
#define BOOST_TEST_MODULE host_cli_run_component
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <grk/json/writer.hpp>

#include "grk_eval.hpp"

namespace {

using grk::test::grk_eval;
using grk::test::operator+;
using grk::test::only_fixtures;

struct Folder {
  Folder() { grk::test::write_text(dir / "data/values.txt", "0.1 0.2\n"); }
  grk::test::ProcessResult run(const std::vector<std::string>& args) {
    grk::test::ProcessOptions options;
    options.cwd = dir.path();
    return grk_eval(std::vector<std::string>{"run", "--component", "fixture-sum"} + args +
                        only_fixtures({"good", "throwing"}),
                    options);
  }
  grk::test::TempDir dir;
};

}  // namespace

BOOST_AUTO_TEST_CASE(set_values_are_typed_by_the_declaration) {
  Folder folder;
  const auto result = folder.run({"--set", "values=data/values.txt", "--set", "scale=1.5e-5",
                                  "--set", "repeat=2", "--set", "negate=true", "--set", "label=007",
                                  "--set", R"(tags={"k": [1, 2.5, null]})"});
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  const auto document = grk::test::parse_json(result.out).as_object();
  const auto& step = document.at("steps").as_array()[0].as_object();
  // The step is named after the component.
  BOOST_TEST(step.at("id").as_string() == "fixture-sum");
  // label stays the string "007"; scale is pydantic's 0.000015 (docs/behaviour/eval-report.md §1).
  BOOST_TEST(grk::json::write_compact(step.at("result").as_object().at("params")) ==
             R"({"values":")" + (folder.dir / "data/values.txt").string() +
                 R"(","scale":0.000015,"repeat":2,"negate":true,"label":"007","tags":{"k":[1,2.5,null]}})");
  BOOST_TEST(document.at("provenance").as_object().at("config").is_null());
  BOOST_TEST(result.err.find("[1/1] fixture-sum: ok (") == 0);
  BOOST_TEST(result.err.find("\n      sum -9.000000000000002e-06 of 2 values\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(number_keeps_an_integer_an_integer) {
  Folder folder;
  const auto result = folder.run({"--set", "values=data/values.txt", "--set", "scale=3"});
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  const auto params = grk::test::parse_json(result.out).as_object().at("steps").as_array()[0]
                          .as_object().at("result").as_object().at("params").as_object();
  BOOST_TEST(grk::json::write_compact(params.at("scale")) == "3");
}

BOOST_AUTO_TEST_CASE(each_bad_set_is_a_usage_error_naming_the_flag) {
  Folder folder;
  const std::vector<std::pair<std::string, std::string>> cases{
      {"repeat=1.5", "--set repeat: expected an integer in signed 64-bit range, got '1.5'"},
      {"repeat=9223372036854775808",
       "--set repeat: expected an integer in signed 64-bit range, got '9223372036854775808'"},
      {"repeat=", "--set repeat: expected an integer in signed 64-bit range, got ''"},
      {"scale=inf", "--set scale: expected a finite number, got 'inf'"},
      {"scale=1,5", "--set scale: expected a finite number, got '1,5'"},
      {"negate=yes", "--set negate: expected true or false, got 'yes'"},
      {"tags=[1]", "--set tags: expected a JSON object"},
      {"tags={", "--set tags: expected a JSON object: Expecting property name enclosed in double "
                 "quotes: line 1 column 2 (char 1)"},
      {"colour=red",
       "--set colour: unknown parameter; expected one of: values, scale, repeat, negate, label, tags"},
      {"values", "--set values: expected KEY=VALUE"},
      {"=3", "--set =3: expected KEY=VALUE"},
      {"values=data/values.txt", "--set values: given more than once"},
  };
  for (const auto& [set, message] : cases) {
    const auto result = folder.run({"--set", "values=data/values.txt", "--set", set});
    BOOST_TEST(result.exit_code == 1, set);
    BOOST_TEST(result.out == "", set);
    BOOST_TEST(result.err == "grk-eval run: " + message + "\n", set);
  }
  auto result = folder.run({"--set", "values="});
  BOOST_TEST(result.err == "grk-eval run: --set values: expected a path, got an empty value\n");
  result = folder.run({});
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.err == "grk-eval run: --set values: missing required parameter\n");
}

BOOST_AUTO_TEST_CASE(unknown_component_lists_both_kinds) {
  grk::test::TempDir dir;
  const auto result = grk_eval(std::vector<std::string>{"run", "--component", "fixture-summ"} +
                               only_fixtures({"good", "broken"}));
  BOOST_TEST(result.exit_code == 1);
  // The refused modules are named with why, the first three of them.
  const auto broken = [](const char* file) { return grk::test::fixture_module("broken", file).string(); };
  BOOST_TEST(result.err == "grk-eval run: --component: no component named 'fixture-summ' is "
                           "available; available: fixture-sum, fixture-upper-lines (6 plugin "
                           "modules could not be used; `grk-eval plugins` says why: " +
                               broken("fixture_garbage.so") + " [not-a-plugin]: not a grk plugin: not an ELF shared "
                               "object; " + broken("fixture_newer_minor.so") +
                               " [incompatible-sdk]: built with grk SDK 1.99.0, newer than this host's (ABI 1, SDK "
                               "1.2.0); it may use host services this host lacks. Upgrade grk-eval, or rebuild the "
                               "plugin against SDK 1.2.0.; " + broken("fixture_no_entry.so") +
                               " [not-a-plugin]: not a grk plugin: it exports no grk_plugin_vN entry symbol; and 3 "
                               "more)\n");
}

BOOST_AUTO_TEST_CASE(adapter_runs_alone_and_a_failure_exits_3) {
  Folder folder;
  grk::test::ProcessOptions options;
  options.cwd = folder.dir.path();
  const auto args = std::vector<std::string>{"run", "--component", "fixture-upper-lines", "--set",
                                             "source=data/values.txt", "--set", "output=up.txt",
                                             "--output", "r.json"} +
                    only_fixtures({"good"});
  auto result = grk_eval(args, options);
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  BOOST_TEST(grk::test::read_text(folder.dir / "up.txt") == "0.1 0.2\n");
  // The same again: the output exists, the adapter refuses, exit 3.
  result = grk_eval(args, options);
  BOOST_TEST(result.exit_code == 3);
  BOOST_TEST(result.out.find("[1/1] fixture-upper-lines: FAILED [failed-precondition]: output '" +
                             (folder.dir / "up.txt").string() +
                             "' already exists; not overwriting it\n") == 0);
}

BOOST_AUTO_TEST_CASE(throwing_component_alone_exits_3) {
  const auto result = grk_eval(std::vector<std::string>{"run", "--component", "throws-int"} +
                               only_fixtures({"throwing"}));
  BOOST_TEST(result.exit_code == 3);
  BOOST_TEST(result.err == "[1/1] throws-int: FAILED [internal]: unexpected exception of a type not "
                           "derived from std::exception\n");
  const auto document = grk::test::parse_json(result.out).as_object();
  BOOST_TEST(document.at("steps").as_array()[0].as_object().at("status").as_string() == "failed");
}
