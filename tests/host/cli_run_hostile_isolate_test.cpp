// run --isolate against a hostile step (docs/design.md §4.13, §4.16): a
// malformed frame on the pipe fails that step as crashed with what was wrong
// and the run goes on; the result ends the step even while a descendant holds
// the pipe; every descendant, with or without setsid, dies with the step.
#define BOOST_TEST_MODULE host_cli_run_hostile_isolate
#include <boost/test/unit_test.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;
using grk::test::operator+;

// A config of `first`, then fixture-sum from the good set, so that a test
// sees whether the run went on after the first step.
std::string two_steps(const std::string& first, const grk::test::TempDir& dir) {
  grk::test::write_text(dir / "values.txt", "2 3\n");
  return "{\"steps\": [" + first + ", {\"id\": \"after\", \"statistic\": \"fixture-sum\", \"params\": {\"values\": \"" +
         (dir / "values.txt").string() + "\"}}]}";
}

std::string error_of(const boost::json::value& document, std::size_t step) {
  const auto& error = document.at("steps").at(step).at("error");
  return std::string(error.at("status").as_string()) + ": " + std::string(error.at("message").as_string());
}

// Whether `pid` is gone (or a zombie that nobody reaps yet).
bool ended(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const auto state = line.find(") ");
  return state != std::string::npos && line[state + 2] == 'Z';
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_malformed_frame_fails_its_step_as_crashed_and_the_run_goes_on) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"progress-not-json", "it sent a progress frame that is not [phase, done, total, bytes]"},
      {"progress-wrong-types", "it sent a progress frame that is not [phase, done, total, bytes]"},
      {"result-not-object", "its result frame is not a JSON object"},
      {"result-wrong-types",
       "its result frame does not hold exactly a status (0 to 7), a message, a hint, a summary and a result"},
      {"log-without-level", "it sent a log frame without a log level"},
      {"unknown-type", "it sent a frame of unknown type 90"},
      {"huge", "it sent a frame of 1152921504606846976 bytes, more than the limit of 4294967296"},
  };
  for (const auto& [frame, expected] : cases) {
    grk::test::TempDir dir;
    grk::test::write_text(dir / "run.json",
                          two_steps("{\"id\": \"forger\", \"statistic\": \"hostile-forge-frame\", \"params\": "
                                    "{\"frame\": \"" + frame + "\"}}",
                                    dir));
    // -v: the progress and log observers are on, so every frame is read.
    const auto run = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "--isolate",
                                                       "--keep-going", "-v"} +
                              grk::test::only_fixtures({"hostile", "good"}));
    BOOST_TEST(run.signal == 0, frame);
    BOOST_TEST(run.exit_code == 3, frame << ": " << run.err);
    const auto document = grk::test::parse_json(run.out);
    BOOST_TEST(error_of(document, 0) == "crashed: " + expected + "; its process was killed", frame);
    BOOST_TEST(document.at("steps").at(1).at("status").as_string() == "ok", frame);
    BOOST_TEST(run.err.find("[1/2] forger (hostile-forge-frame): FAILED [crashed]: " + expected) != std::string::npos, run.err);
  }
}

BOOST_AUTO_TEST_CASE(the_result_ends_the_step_and_every_descendant_dies_with_it) {
  for (const bool leave_group : {false, true}) {
    grk::test::TempDir dir;
    const fs::path pid_file = dir / "descendant.pid";
    // A step timeout far beyond a step's real length: before the fix the
    // descendant's copy of the pipe held the step until it passed.
    const auto run = grk_eval(std::vector<std::string>{"run", "--component", "hostile-fork", "--set",
                                                       "pid_file=" + pid_file.string(), "--set",
                                                       std::string("setsid=") + (leave_group ? "true" : "false"),
                                                       "--isolate", "--step-timeout", "20"} +
                              grk::test::only_fixtures({"hostile"}));
    BOOST_TEST(run.exit_code == 0, "setsid " << leave_group << ": " << run.err << run.out);
    const auto document = grk::test::parse_json(run.out);
    BOOST_TEST(document.at("steps").at(0).at("status").as_string() == "ok", run.out);
    const pid_t descendant = std::stoi(grk::test::read_text(pid_file));
    BOOST_TEST(ended(descendant), "setsid " << leave_group << ": pid " << descendant << " still runs");
    if (!ended(descendant)) ::kill(descendant, SIGKILL);
  }
}
