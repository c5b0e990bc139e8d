// `grk-eval describe`: a component's kind, module and parameters, in text and
// JSON, and the errors for names that are unknown or provided twice.
#define BOOST_TEST_MODULE host_cli_describe
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <grk/json/writer.hpp>

#include "grk_eval.hpp"

namespace {

using grk::test::fixture_module;
using grk::test::grk_eval;
using grk::test::operator+;
using grk::test::only_fixtures;

}  // namespace

BOOST_AUTO_TEST_CASE(text_shows_every_parameter_with_type_presence_and_description) {
  const auto result =
      grk_eval(std::vector<std::string>{"describe", "fixture-sum"} + only_fixtures({"good", "broken"}));
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.err == "");
  BOOST_TEST(result.out ==
             "fixture-sum (statistic)\n"
             "  sums the numbers in a text file\n"
             "  module fixture-good-statistic 1.2.3, SDK 1.2.0, " +
                 fixture_module("good", "fixture_good_statistic.so").string() +
                 "\n\n"
                 "Parameters:\n"
                 "  values  path     required        text file of whitespace-separated numbers\n"
                 "  scale   number   default 1.0     multiplies the sum\n"
                 "  repeat  integer  default 1       adds the sum this many times\n"
                 "  negate  boolean  default false   flips the sign\n"
                 "  label   string   optional        copied to the result\n"
                 "  tags    object   optional        copied to the result\n");
}

BOOST_AUTO_TEST_CASE(a_component_without_parameters_says_none) {
  const auto result =
      grk_eval(std::vector<std::string>{"describe", "throws-int"} + only_fixtures({"throwing"}));
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.out == "throws-int (statistic)\n  throws 42\n  module fixture-throwing 1.0.0, "
                           "SDK 1.2.0, " +
                               fixture_module("throwing", "fixture_throwing.so").string() +
                               "\n\nParameters:\n  (none)\n");
}

BOOST_AUTO_TEST_CASE(json_is_the_component_record) {
  const auto result = grk_eval(std::vector<std::string>{"describe", "fixture-upper-lines", "--json"} +
                               only_fixtures({"good"}));
  BOOST_TEST(result.exit_code == 0);
  const auto document = grk::test::parse_json(result.out);
  BOOST_TEST(grk::json::write_compact(document) ==
             R"({"name":"fixture-upper-lines","kind":"dataset-adapter",)"
             R"("description":"copies a text file's lines in upper case",)"
             R"("module":"fixture-good-adapter","module_version":"0.4.0","sdk_version":"1.2.0",)"
             R"("file":")" + fixture_module("good", "fixture_good_adapter.so").string() + R"(",)"
             R"("params":[{"name":"source","type":"path","required":true,"description":"text file to read"},)"
             R"({"name":"output","type":"path","required":true,"description":"file to write; must not exist","output":true}]})");
  // Written as the project writes every document (pydantic indent=2).
  BOOST_TEST(result.out == grk::json::write_pretty(document) + "\n");
}

BOOST_AUTO_TEST_CASE(unknown_name_lists_what_is_available_and_exits_1) {
  const auto result = grk_eval(std::vector<std::string>{"describe", "fixture-summ"} +
                               only_fixtures({"good", "throwing", "aborting"}));
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.out == "");
  BOOST_TEST(result.err ==
             "grk-eval describe: no component named 'fixture-summ' is available; available: "
             "fails-with-hint, fixture-sum, fixture-upper-lines, throws-grk-error, throws-int, "
             "throws-runtime-error "
             "(1 plugin module could not be used; `grk-eval plugins` says why: " +
                 fixture_module("aborting", "fixture_aborts_in_static_init.so").string() +
                 " [load-failed]: it crashed while loading with signal 6 (SIGABRT): a static initialiser or the "
                 "entry function failed; nothing of it was run in grk-eval itself)\n");
}

BOOST_AUTO_TEST_CASE(name_provided_by_two_modules_exits_2_naming_both_files) {
  const auto result = grk_eval(std::vector<std::string>{"describe", "fixture-twin"} +
                               only_fixtures({"duplicate", "good"}));
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(result.out == "");
  BOOST_TEST(result.err == "grk-eval describe: component 'fixture-twin' is provided by more than "
                           "one module (" +
                               fixture_module("duplicate", "fixture_duplicate_a.so").string() +
                               ", " + fixture_module("duplicate", "fixture_duplicate_b.so").string() +
                               "); remove all but one\n");
}

BOOST_AUTO_TEST_CASE(describe_works_next_to_a_module_that_aborts_while_loading) {
  const auto result = grk_eval(std::vector<std::string>{"describe", "throws-grk-error"} +
                               only_fixtures({"aborting", "throwing"}));
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.out.rfind("throws-grk-error (statistic)\n", 0) == 0);
}
