// A hostile plugin run in grk-eval's own process (docs/design.md §4.16): it
// calls exit(), chdirs, leaves a thread writing to stdout, returns text that
// is not UTF-8, and prints newlines and terminal escape sequences. The host
// never reports success for a run that did not finish, keeps its outputs
// where they were asked for, keeps its stdout a JSON document, never unloads
// a module under a running thread, and shows plugin text escaped.
#define BOOST_TEST_MODULE host_cli_run_hostile_in_process
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;
using grk::test::operator+;

// A config of `first`, then fixture-sum from the good set.
fs::path two_steps(const grk::test::TempDir& dir, const std::string& first) {
  grk::test::write_text(dir / "values.txt", "2 3\n");
  grk::test::write_text(dir / "run.json", "{\"steps\": [" + first +
                                              ", {\"id\": \"after\", \"statistic\": \"fixture-sum\", \"params\": "
                                              "{\"values\": \"" +
                                              (dir / "values.txt").string() + "\"}}]}");
  return dir / "run.json";
}

std::vector<std::string> fixtures() { return grk::test::only_fixtures({"hostile", "faults", "good"}); }

std::string state_of(const boost::json::value& document, std::size_t step) {
  return std::string(document.at("steps").at(step).at("status").as_string());
}

std::string error_of(const boost::json::value& document, std::size_t step) {
  const auto& error = document.at("steps").at(step).at("error");
  return std::string(error.at("status").as_string()) + ": " + std::string(error.at("message").as_string());
}

// Whether Python's json module reads `text` (bytes, strictly UTF-8).
bool python_reads(const grk::test::TempDir& dir, const std::string& text) {
  grk::test::write_text(dir / "document.json", text);
  const auto read = grk::test::run_process(
      {"/usr/bin/env", "python3", "-c", "import json, sys; json.loads(open(sys.argv[1], 'rb').read())",
       (dir / "document.json").string()});
  return read.exit_code == 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_plugin_that_calls_exit_ends_the_run_as_a_failure_that_names_its_step) {
  grk::test::TempDir dir;
  const fs::path config = two_steps(dir, "{\"id\": \"quitter\", \"statistic\": \"fault-exit\", \"params\": {}}");
  const std::string expected = "crashed: its plugin called exit(0) in the middle of the step, which ended grk-eval";
  // The document on stdout.
  const auto printed = grk_eval(std::vector<std::string>{"run", config.string()} + fixtures());
  BOOST_TEST(printed.exit_code == 3, printed.err);
  const auto document = grk::test::parse_json(printed.out);
  BOOST_TEST(state_of(document, 0) == "failed");
  BOOST_TEST(error_of(document, 0) == expected);
  BOOST_TEST(state_of(document, 1) == "pending");
  BOOST_TEST(printed.err.find("[1/2] quitter (fault-exit): FAILED [" + expected.substr(0, 7) + "]: " +
                              expected.substr(9) + "\n") != std::string::npos,
             printed.err);
  // The document in -o.
  const auto written =
      grk_eval(std::vector<std::string>{"run", config.string(), "-o", (dir / "out.json").string()} + fixtures());
  BOOST_TEST(written.exit_code == 3, written.err);
  const auto on_disk = grk::test::parse_json(grk::test::read_text(dir / "out.json"));
  BOOST_TEST(error_of(on_disk, 0) == expected);
  BOOST_TEST(written.out.find("results: " + (dir / "out.json").string() + "\n") != std::string::npos, written.out);
  // Isolated, the same run fails too, with the isolated wording.
  const auto isolated = grk_eval(std::vector<std::string>{"run", config.string(), "--isolate"} + fixtures());
  BOOST_TEST(isolated.exit_code == 3, isolated.err);
  BOOST_TEST(error_of(grk::test::parse_json(isolated.out), 0) ==
             "crashed: its process exited with code 0 before it gave a result");
}

BOOST_AUTO_TEST_CASE(a_plugin_that_changes_folder_does_not_move_the_outputs) {
  grk::test::TempDir dir;
  grk::test::TempDir elsewhere;
  const fs::path config =
      two_steps(dir, "{\"id\": \"mover\", \"statistic\": \"hostile-chdir\", \"params\": {\"to\": \"" +
                         elsewhere.path().string() + "\"}}");
  grk::test::ProcessOptions options;
  options.cwd = dir.path();
  const auto run = grk_eval(
      std::vector<std::string>{"run", config.string(), "-o", "out/results.json", "--report", "out/report.md"} +
          fixtures(),
      options);
  BOOST_TEST(run.exit_code == 0, run.err);
  const auto document = grk::test::parse_json(grk::test::read_text(dir / "out" / "results.json"));
  BOOST_TEST(state_of(document, 0) == "ok");
  BOOST_TEST(state_of(document, 1) == "ok");
  BOOST_TEST(fs::exists(dir / "out" / "report.md"));
  BOOST_TEST(!fs::exists(elsewhere / "out"));
}

BOOST_AUTO_TEST_CASE(a_thread_that_outlives_its_call_neither_breaks_the_document_nor_crashes_the_exit) {
  grk::test::TempDir dir;
  const fs::path config = two_steps(dir, "{\"id\": \"spinner\", \"statistic\": \"hostile-thread\", \"params\": {}}");
  for (int round = 0; round < 5; ++round) {
    const auto run = grk_eval(std::vector<std::string>{"run", config.string()} + fixtures());
    BOOST_TEST(run.signal == 0, round);
    BOOST_TEST(run.exit_code == 0, run.err.substr(0, 400));
    BOOST_TEST(run.out.find("thread was here") == std::string::npos);
    const auto document = grk::test::parse_json(run.out);
    BOOST_TEST(state_of(document, 1) == "ok");
  }
  // With -o, stdout has the summary and the results line only.
  const auto written =
      grk_eval(std::vector<std::string>{"run", config.string(), "-o", (dir / "out.json").string()} + fixtures());
  BOOST_TEST(written.signal == 0);
  BOOST_TEST(written.exit_code == 0);
  BOOST_TEST(written.out.find("thread was here") == std::string::npos, written.out);
  BOOST_TEST(written.out.find("results: " + (dir / "out.json").string() + "\n") != std::string::npos, written.out);
}

BOOST_AUTO_TEST_CASE(a_result_that_is_not_utf8_is_refused_and_the_document_stays_json) {
  for (const bool isolate : {false, true}) {
    grk::test::TempDir dir;
    const fs::path config = two_steps(dir, "{\"id\": \"bytes\", \"statistic\": \"hostile-invalid-utf8\", \"params\": {}}");
    std::vector<std::string> args{"run", config.string(), "--keep-going"};
    if (isolate) args.push_back("--isolate");
    const auto run = grk_eval(args + fixtures());
    BOOST_TEST(run.exit_code == 3, run.err);
    const auto document = grk::test::parse_json(run.out);
    BOOST_TEST(error_of(document, 0) ==
               "internal: the component's result holds a string that is not UTF-8 (at JSON pointer '/text')");
    BOOST_TEST(state_of(document, 1) == "ok");
    BOOST_TEST(python_reads(dir, run.out), run.out);
  }
}

// Its text is ASCII, but the string json::read makes of "a\ud800" is not
// UTF-8: the text alone does not clear it (strings_read_are_utf8).
BOOST_AUTO_TEST_CASE(a_result_whose_escape_makes_a_lone_surrogate_is_refused) {
  for (const bool isolate : {false, true}) {
    grk::test::TempDir dir;
    const fs::path config =
        two_steps(dir, "{\"id\": \"surrogate\", \"statistic\": \"hostile-lone-surrogate\", \"params\": {}}");
    std::vector<std::string> args{"run", config.string(), "--keep-going"};
    if (isolate) args.push_back("--isolate");
    const auto run = grk_eval(args + fixtures());
    BOOST_TEST(run.exit_code == 3, run.err);
    const auto document = grk::test::parse_json(run.out);
    BOOST_TEST(error_of(document, 0) ==
               "internal: the component's result holds a string that is not UTF-8 (at JSON pointer '/text')");
    BOOST_TEST(state_of(document, 1) == "ok");
    BOOST_TEST(python_reads(dir, run.out), run.out);
  }
}

// A plugin's message is kept and shown to longest_plugin_text (8 KiB), then
// its length: a 1 MiB line quoted whole is not printed nor kept whole.
BOOST_AUTO_TEST_CASE(a_long_message_is_cut_to_eight_kibibytes_and_its_length) {
  const std::string kept = std::string(8192, 'x') + "... (1048578 bytes)";
  for (const bool isolate : {false, true}) {
    grk::test::TempDir dir;
    const fs::path config = two_steps(dir, "{\"id\": \"long\", \"statistic\": \"hostile-long-message\", \"params\": {}}");
    std::vector<std::string> args{"run", config.string(), "--keep-going"};
    if (isolate) args.push_back("--isolate");
    const auto run = grk_eval(args + fixtures());
    BOOST_TEST(run.exit_code == 3, run.err);
    BOOST_TEST(run.err.find("[1/2] long (hostile-long-message): FAILED [invalid-data]: " + kept + "\n") !=
                   std::string::npos,
               run.err.size());
    BOOST_TEST(run.err.size() < 20000u);
    const auto document = grk::test::parse_json(run.out);
    BOOST_TEST(error_of(document, 0) == "invalid-data: " + kept);
  }
}

BOOST_AUTO_TEST_CASE(messages_and_summaries_are_shown_with_control_characters_escaped) {
  const std::string shown = "bad\\n[9/9] forged: ok\\x1B]0;owned\\x07\\x1B[31mred\\xFF";
  for (const bool isolate : {false, true}) {
    grk::test::TempDir dir;
    const fs::path config = two_steps(dir, "{\"id\": \"liar\", \"statistic\": \"hostile-message\", \"params\": {}}");
    std::vector<std::string> args{"run", config.string(), "--keep-going"};
    if (isolate) args.push_back("--isolate");
    const auto run = grk_eval(args + fixtures());
    BOOST_TEST(run.exit_code == 3, run.err);
    BOOST_TEST(run.err.find("  [hostile-message] warning: " + shown + "\n") != std::string::npos, run.err);
    BOOST_TEST(run.err.find("[1/2] liar (hostile-message): FAILED [invalid-data]: " + shown + "\n") !=
                   std::string::npos,
               run.err);
    BOOST_TEST(run.err.find('\x1b') == std::string::npos);
    BOOST_TEST(run.err.find("\n[9/9]") == std::string::npos);
    // The document keeps the text, as UTF-8 (the stray byte written \xFF).
    const auto document = grk::test::parse_json(run.out);
    BOOST_TEST(error_of(document, 0) == "invalid-data: bad\n[9/9] forged: ok\x1b]0;owned\x07\x1b[31mred\\xFF");
    BOOST_TEST(python_reads(dir, run.out), run.out);

    grk::test::TempDir other;
    const fs::path summary = two_steps(other, "{\"id\": \"teller\", \"statistic\": \"hostile-summary\", \"params\": {}}");
    std::vector<std::string> summary_args{"run", summary.string()};
    if (isolate) summary_args.push_back("--isolate");
    const auto summarized = grk_eval(summary_args + fixtures());
    BOOST_TEST(summarized.exit_code == 0, summarized.err);
    // A summary may have several lines: each is indented under the step's line,
    // so the forged one cannot start a line as the host's [i/n] lines do.
    BOOST_TEST(summarized.err.find("\n      bad\n      [9/9] forged: ok\\x1B]0;owned\\x07\\x1B[31mred\\xFF\n") !=
                   std::string::npos,
               summarized.err);
    BOOST_TEST(summarized.err.find("\n[9/9]") == std::string::npos);
    BOOST_TEST(summarized.err.find('\x1b') == std::string::npos);
  }
}
