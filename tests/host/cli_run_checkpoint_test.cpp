// The results document of `run --output FILE` is complete and valid after
// every step (docs/design.md §4.8): a plugin that crashes the host, or a
// kill -9 at any moment, leaves every step that finished on disk and the
// others `pending`; an output that cannot be written fails before any step.
#define BOOST_TEST_MODULE host_cli_run_checkpoint
#include <boost/test/unit_test.hpp>

#include <signal.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;
using grk::test::operator+;

struct Project {
  grk::test::TempDir dir;
  fs::path config = dir / "config.json";
  fs::path output = dir / "out" / "results.json";

  /// A config of steps, each {"id", "statistic", "params"} as JSON text.
  explicit Project(const std::vector<std::string>& steps) {
    std::ofstream(dir / "values.txt") << "1 2 3\n";
    std::string text = "{\"steps\": [";
    for (std::size_t i = 0; i < steps.size(); ++i) text += (i ? ", " : "") + steps[i];
    std::ofstream(config) << text << "]}";
  }

  std::vector<std::string> run_args() const {
    return std::vector<std::string>{"run", config.string(), "--output", output.string()} +
           grk::test::only_fixtures({"good", "faults"});
  }
};

std::string sum(const std::string& id) {
  return R"({"id": ")" + id + R"(", "statistic": "fixture-sum", "params": {"values": "values.txt"}})";
}
std::string sleep_step(const std::string& id, int milliseconds) {
  return R"({"id": ")" + id + R"(", "statistic": "fault-sleep", "params": {"milliseconds": )" +
         std::to_string(milliseconds) + "}}";
}

std::vector<std::string> statuses(const boost::json::value& document) {
  std::vector<std::string> out;
  for (const auto& step : document.at("steps").as_array()) out.emplace_back(step.at("status").as_string());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_step_that_crashes_the_host_leaves_the_finished_steps_on_disk) {
  const Project project({sum("first"), sleep_step("nap", 10),
                         R"({"id": "crash", "statistic": "fault-segfault", "params": {}})", sum("after")});
  const auto result = grk_eval(project.run_args());
  // Killed by the signal; under AddressSanitizer its SEGV handler reports and exits 1 instead.
  BOOST_TEST((result.signal == SIGSEGV || result.exit_code == 1), result.signal << " " << result.exit_code);
  BOOST_REQUIRE(fs::exists(project.output));
  const auto document = grk::test::parse_json(grk::test::read_text(project.output));
  BOOST_TEST(statuses(document) == (std::vector<std::string>{"ok", "ok", "pending", "pending"}),
             boost::test_tools::per_element());
  BOOST_TEST(document.at("steps").at(0).at("result").at("sum").to_number<double>() == 6.0);
  BOOST_TEST(document.at("steps").at(1).at("result").at("slept").to_number<int>() == 10);
  BOOST_TEST(!document.at("steps").at(2).as_object().contains("result"));
  BOOST_TEST(document.at("provenance").at("inputs").as_array().size() == 1u);
  for (const auto& entry : fs::directory_iterator(project.output.parent_path())) {
    BOOST_TEST(entry.path().filename().string().rfind(".results.json.tmp-", 0) != 0, entry.path());
  }
  // grk-eval report reads such a document and says what did not run.
  const auto report = grk_eval({"report", project.output.string()});
  BOOST_TEST(report.exit_code == 0, report.err);
  BOOST_TEST(report.out.find("not run: the run ended before this step") != std::string::npos, report.out);
}

// kill -9 at spread-out moments of a run of five steps: the file is either not
// written yet or a valid document whose steps are ok up to some point and
// pending after it. Where the kills land depends on the machine's load; the
// next case makes sure one lands in the middle.
BOOST_AUTO_TEST_CASE(a_kill_at_any_moment_leaves_a_valid_document) {
  const Project project({sum("s1"), sleep_step("n1", 120), sum("s2"), sleep_step("n2", 120), sum("s3")});
  for (const char* delay : {"0.01", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "0.35"}) {
    fs::remove_all(project.output.parent_path());
    const auto result = grk::test::run_process(
        std::vector<std::string>{"/usr/bin/timeout", "--signal=KILL", delay, grk::test::grk_eval_binary().string()} +
        project.run_args(),
        [] {
          grk::test::ProcessOptions options;
          options.env.emplace("GRK_PLUGIN_PATH", std::nullopt);
          return options;
        }());
    if (!fs::exists(project.output)) continue;  // killed before the first write
    const auto document = grk::test::parse_json(grk::test::read_text(project.output));
    const auto seen = statuses(document);
    BOOST_REQUIRE_EQUAL(seen.size(), 5u);
    std::size_t ok = 0;
    while (ok < seen.size() && seen[ok] == "ok") ++ok;
    for (std::size_t i = ok; i < seen.size(); ++i) BOOST_TEST(seen[i] == "pending", delay << ": step " << i);
  }
}

// kill -9 while the second step runs, seen from the document itself rather
// than guessed from a clock: the first step stays ok, the others pending.
BOOST_AUTO_TEST_CASE(a_kill_in_the_middle_keeps_the_steps_that_finished) {
  const Project project({sum("s1"), sleep_step("n1", 60000), sum("s2")});
  const fs::path pid_file = project.dir / "pid";
  grk::test::ProcessResult result;
  std::string thrown;  // an exception must not leave the thread: it would abort the test
  std::thread run([&] {
    try {
      grk::test::ProcessOptions options;
      options.env.emplace("GRK_PLUGIN_PATH", std::nullopt);
      // The shell writes its pid and becomes grk-eval, so that pid is grk-eval's.
      result = grk::test::run_process(std::vector<std::string>{"/bin/sh", "-c", "echo $$ > \"$0\" && exec \"$@\"",
                                                               pid_file.string(),
                                                               grk::test::grk_eval_binary().string()} +
                                          project.run_args(),
                                      options);
    } catch (const std::exception& error) {
      thrown = error.what();
    }
  });
  std::vector<std::string> seen;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(50);
  while (seen != std::vector<std::string>{"ok", "pending", "pending"} && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    // The document is replaced by rename, so any text read is a whole one.
    if (fs::exists(project.output)) seen = statuses(grk::test::parse_json(grk::test::read_text(project.output)));
  }
  pid_t pid = 0;
  std::ifstream(pid_file) >> pid;
  if (pid > 0) kill(pid, SIGKILL);
  run.join();
  BOOST_REQUIRE_MESSAGE(thrown.empty(), thrown);
  BOOST_TEST(result.signal == SIGKILL, result.signal << " " << result.exit_code << ": " << result.err);
  const auto document = grk::test::parse_json(grk::test::read_text(project.output));
  BOOST_TEST(statuses(document) == (std::vector<std::string>{"ok", "pending", "pending"}),
             boost::test_tools::per_element());
  BOOST_TEST(document.at("steps").at(0).at("result").at("sum").to_number<double>() == 6.0);
}

// The steps ran, but the last write of the document failed (its folder was
// replaced by a file during the run): exit 4, not 1, which says nothing ran
// (docs/design.md §4.9).
BOOST_AUTO_TEST_CASE(a_document_that_cannot_be_written_after_the_steps_ran_exits_4) {
  const Project project({sleep_step("nap", 1500)});
  grk::test::ProcessResult result;
  std::string thrown;  // an exception must not leave the thread: it would abort the test
  std::thread run([&] {
    try {
      result = grk_eval(project.run_args());
    } catch (const std::exception& error) {
      thrown = error.what();
    }
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!fs::exists(project.output) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const bool written_first = fs::exists(project.output);
  const fs::path folder = project.output.parent_path();
  fs::rename(folder, project.dir / "moved");
  std::ofstream(folder) << "not a folder\n";
  run.join();
  BOOST_REQUIRE_MESSAGE(thrown.empty(), thrown);
  BOOST_REQUIRE(written_first);
  BOOST_TEST(result.exit_code == 4, result.exit_code << ": " << result.err);
  BOOST_TEST(result.err.find("grk-eval run: cannot create folder '" + folder.string() + "': Not a directory\n") !=
                 std::string::npos,
             result.err);
  BOOST_TEST(result.out.find("[1/1] nap (fault-sleep): ok") != std::string::npos, result.out);
}

BOOST_AUTO_TEST_CASE(an_output_that_cannot_be_written_fails_before_any_step) {
  const Project project({sleep_step("nap", 1)});
  std::ofstream(project.dir / "a-file") << "x";
  const fs::path output = project.dir / "a-file" / "results.json";
  const auto result = grk_eval(std::vector<std::string>{"run", project.config.string(), "--output", output.string()} +
                               grk::test::only_fixtures({"faults"}));
  BOOST_TEST(result.exit_code == 1);
  // Checked with the config's mistakes, before the first write (docs/design.md §4.7 step 5).
  BOOST_TEST(result.err == "grk-eval run: --output " + output.string() + ": cannot write '" + output.string() +
                               "': '" + (project.dir / "a-file").string() + "' is not a folder\n");
  BOOST_TEST(result.out.find("[1/1]") == std::string::npos, result.out);
}

// What a finished run writes has no pending step.
BOOST_AUTO_TEST_CASE(a_finished_run_has_no_pending_step) {
  const Project fine({sum("s1"), sum("s2")});
  const auto result = grk_eval(fine.run_args());
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(statuses(grk::test::parse_json(grk::test::read_text(fine.output))) ==
                 (std::vector<std::string>{"ok", "ok"}),
             boost::test_tools::per_element());
}
