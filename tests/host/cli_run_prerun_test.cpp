// Everything checked before anything runs (docs/design.md §4.8, §4.14): the
// steps' pre-run checks (grk_component::validate) and every mistake of a
// config reported in one run, in file order, with the most severe exit code.
// Nothing runs and nothing is written when there is one.
#define BOOST_TEST_MODULE host_cli_run_prerun
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;
using grk::test::operator+;

// A step of the good adapter that writes `output` from `source`.
std::string copy_step(const std::string& id, const std::string& output) {
  return R"({"id": ")" + id + R"(", "adapter": "fixture-upper-lines", "params": {"source": "in.txt", "output": ")" +
         output + R"("}})";
}

std::string sleep_step(const std::string& id, int milliseconds) {
  return R"({"id": ")" + id + R"(", "statistic": "fault-sleep", "params": {"milliseconds": )" +
         std::to_string(milliseconds) + "}}";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_refusal_in_the_second_step_stops_the_run_before_the_first_writes_anything) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "in.txt", "a\nb\n");
  grk::test::write_text(dir / "run.json",
                        R"({"steps": [)" + copy_step("copy", "out/copy.txt") + ", " + sleep_step("nap", -5) + "]}");
  for (const std::vector<std::string>& isolation : {std::vector<std::string>{}, {"--isolate"}}) {
    const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "--output",
                                                          (dir / "results" / "r.json").string()} +
                                 isolation + grk::test::only_fixtures({"good", "faults"}));
    BOOST_TEST(result.exit_code == 1);
    BOOST_TEST(result.err == "grk-eval run: " + (dir / "run.json").string() +
                                 ": steps[1] (fault-sleep) [invalid-argument]: milliseconds must be 0 or more, got -5\n");
    BOOST_TEST(result.out == "");
    // The first step did not run, and no results document was written.
    BOOST_TEST(!fs::exists(dir / "out"));
    BOOST_TEST(!fs::exists(dir / "results"));
  }
  // The same config without the mistake runs both steps.
  grk::test::write_text(dir / "run.json",
                        R"({"steps": [)" + copy_step("copy", "out/copy.txt") + ", " + sleep_step("nap", 1) + "]}");
  const auto fixed = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} +
                              grk::test::only_fixtures({"good", "faults"}));
  BOOST_TEST(fixed.exit_code == 0, fixed.err);
  BOOST_TEST(grk::test::read_text(dir / "out" / "copy.txt") == "A\nB\n");
}

BOOST_AUTO_TEST_CASE(a_prerun_check_that_crashes_is_reported_like_a_crashed_step) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "run.json",
                        R"({"steps": [)" + sleep_step("nap", 1) +
                            R"(, {"id": "boom", "statistic": "fault-validate-segfault", "params": {}}]})");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "--isolate"} +
                               grk::test::only_fixtures({"faults"}));
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(result.err == "grk-eval run: " + (dir / "run.json").string() +
                               ": steps[1] (fault-validate-segfault) [crashed]: its process was killed by signal 11 "
                               "(SIGSEGV)\n");
  BOOST_TEST(result.out == "");
}

// exit() in a pre-run check, in process, would end grk-eval with 0 and nothing
// run (docs/design.md §4.16): it is a module that could not be validated.
BOOST_AUTO_TEST_CASE(a_prerun_check_that_calls_exit_ends_the_run_as_not_validated) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "run.json",
                        R"({"steps": [)" + sleep_step("nap", 1) +
                            R"(, {"id": "quitter", "statistic": "fault-validate-exit", "params": {}}]})");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "-o",
                                                        (dir / "out.json").string()} +
                               grk::test::only_fixtures({"faults"}));
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(result.err == "grk-eval run: " + (dir / "run.json").string() +
                               ": steps[1] (fault-validate-exit) [crashed]: its plugin called exit(0) in its pre-run "
                               "check, which ended grk-eval; no step ran\n");
  BOOST_TEST(result.out == "");
  const auto isolated = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "--isolate"} +
                                 grk::test::only_fixtures({"faults"}));
  BOOST_TEST(isolated.exit_code == 2);
  BOOST_TEST(isolated.err == "grk-eval run: " + (dir / "run.json").string() +
                                 ": steps[1] (fault-validate-exit) [crashed]: its process exited with code 0 before it "
                                 "gave a result\n");
}

BOOST_AUTO_TEST_CASE(five_mistakes_of_five_kinds_in_one_report_in_file_order) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "in.txt", "a\n");
  // In file order: a step's params, an unknown component, a structural
  // mistake, a top-level key after "steps", a pre-run refusal, and a
  // component two modules provide.
  grk::test::write_text(
      dir / "run.json",
      R"({"steps": [
           {"id": "a", "statistic": "fault-sleep", "params": {"milliseconds": "soon", "colour": 1}},
           {"id": "b", "statistic": "fixture-summ", "params": {}},
           {"id": "c", "adapter": "fixture-upper-lines", "params": {"source": "in.txt", "output": "o.txt"}, "note": 1},
           )" + sleep_step("d", -1) + R"(,
           {"id": "e", "statistic": "fixture-twin", "params": {}}],
          "isolate": "yes"})");
  const std::string file = (dir / "run.json").string();
  const auto result = grk_eval(std::vector<std::string>{"run", file} +
                               grk::test::only_fixtures({"good", "faults", "duplicate"}));
  const std::string line = "grk-eval run: " + file + ": ";
  const std::string twin_a = grk::test::fixture_module("duplicate", "fixture_duplicate_a.so").string();
  const std::string twin_b = grk::test::fixture_module("duplicate", "fixture_duplicate_b.so").string();
  BOOST_TEST(result.err ==
             line + "steps[0].params.colour: unknown parameter; expected one of: milliseconds\n" +
                 line + "steps[0].params.milliseconds: expected integer, got string\n" +
                 line + "steps[1].statistic: no statistic named 'fixture-summ' is available; available: "
                        "fault-abort, fault-allocate, fault-close-output, fault-count-threads, fault-exit, fault-hang, "
                        "fault-segfault, fault-sleep, fault-stdout, fault-validate-exit, fault-validate-segfault, fixture-sum "
                        "(2 plugin modules could not be used; `grk-eval plugins` says why: " +
                 twin_a + " [duplicate-component]: component 'fixture-twin' is also provided by " + twin_b +
                 "; remove one of the files; " + twin_b +
                 " [duplicate-component]: component 'fixture-twin' is also provided by " + twin_a +
                 "; remove one of the files)\n" +
                 line + "steps[2].note: unknown key; expected one of: id, statistic, adapter, params\n" +
                 line + "steps[3] (fault-sleep) [invalid-argument]: milliseconds must be 0 or more, got -1\n" +
                 line + "steps[4].statistic: component 'fixture-twin' is provided by more than one module (" +
                 grk::test::fixture_module("duplicate", "fixture_duplicate_a.so").string() + ", " +
                 grk::test::fixture_module("duplicate", "fixture_duplicate_b.so").string() +
                 "); remove all but one\n" +
                 line + "isolate: expected true or false, got string\n");
  // The most severe: a module problem (the duplicate) makes it 2.
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(!fs::exists(dir / "o.txt"));
}

BOOST_AUTO_TEST_CASE(twenty_five_mistakes_show_twenty_and_a_count) {
  grk::test::TempDir dir;
  std::string steps;
  for (int i = 0; i < 25; ++i) steps += std::string(i ? ", " : "") + sleep_step("s" + std::to_string(i), -i - 1);
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + steps + "]}");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} +
                               grk::test::only_fixtures({"faults"}));
  BOOST_TEST(result.exit_code == 1);
  std::string expected;
  for (int i = 0; i < 20; ++i) {
    expected += "grk-eval run: " + (dir / "run.json").string() + ": steps[" + std::to_string(i) +
                "] (fault-sleep) [invalid-argument]: milliseconds must be 0 or more, got " + std::to_string(-i - 1) +
                "\n";
  }
  expected += "grk-eval run: ... and 5 more errors\n";
  BOOST_TEST(result.err == expected);
}
