// `grk-eval run CONFIG`: the results document (shape, float format, resolved
// paths, provenance), where the human summary goes, --keep-going, and the
// exit codes 0/1/2/3 in the situations --help documents.
#define BOOST_TEST_MODULE host_cli_run
#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <vector>

#include <grk/json/writer.hpp>

#include "grk_eval.hpp"

namespace {

using grk::test::fixture_module;
using grk::test::grk_eval;
using grk::test::operator+;
using grk::test::only_fixtures;
using grk::test::write_text;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Whether `text` has the shape of `pattern`, where '9' stands for any digit.
// (std::regex trips GCC 12's -Wmaybe-uninitialized under the sanitizers.)
bool has_shape(std::string_view text, std::string_view pattern) {
  if (text.size() != pattern.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (pattern[i] == '9' ? !is_digit(text[i]) : text[i] != pattern[i]) return false;
  }
  return true;
}

// Step times vary from run to run ("(0.01 s)"); everything else in a
// summary is exact.
std::string without_times(const std::string& text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = i + 1;
    if (text[i] == '(') {
      while (j < text.size() && is_digit(text[j])) ++j;
      if (j > i + 1 && text.compare(j, 1, ".") == 0 && j + 3 < text.size() &&
          is_digit(text[j + 1]) && is_digit(text[j + 2]) && text.compare(j + 3, 3, " s)") == 0) {
        out += "(T s)";
        i = j + 6;
        continue;
      }
      j = i + 1;
    }
    out.append(text, i, j - i);
    i = j;
  }
  return out;
}

// A project folder: configs/ holds the config and its data, and grk-eval
// runs from the project folder, so a path resolved against the working
// folder instead of the config's would miss.
struct Project {
  Project() {
    write_text(dir / "configs/data/values.txt", "0.1 0.2\n");
    write_text(dir / "configs/data/lines.txt", "alpha\nbeta\n");
  }
  std::filesystem::path config(const std::string& text, const std::string& name = "run.json") {
    const auto file = dir / "configs" / name;
    write_text(file, text);
    return file;
  }
  grk::test::ProcessResult run(const std::vector<std::string>& args,
                               grk::test::ProcessOptions options = {}) {
    options.cwd = dir.path();
    return grk_eval(std::vector<std::string>{"run"} + args, options);
  }
  grk::test::TempDir dir;
};

const std::string two_steps = R"({"steps": [
  {"id": "sum", "statistic": "fixture-sum", "params": {"values": "data/values.txt", "scale": 1e-7}},
  {"id": "upper", "adapter": "fixture-upper-lines",
   "params": {"source": "data/lines.txt", "output": "out/upper.txt"}}
]})";

std::string compact(const boost::json::value& value) { return grk::json::write_compact(value); }

}  // namespace

BOOST_AUTO_TEST_CASE(run_with_output_writes_the_results_document_and_summary_to_stdout) {
  Project project;
  const auto config = project.config(two_steps);
  const auto result = project.run(std::vector<std::string>{"configs/run.json", "--output",
                                                           "results/doc.json"} +
                                  only_fixtures({"good"}));
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  const auto configs = project.dir / "configs";
  BOOST_TEST(without_times(result.out) ==
             "[1/2] sum (fixture-sum): ok (T s)\n"
             "      sum 3.0000000000000004e-08 of 2 values\n"
             "[2/2] upper (fixture-upper-lines): ok (T s)\n"
             "      wrote 2 lines to " + (configs / "out/upper.txt").string() + "\n"
             "results: results/doc.json\n");
  BOOST_TEST(result.err == "  [fixture-upper-lines] info: read 2 lines\n");
  // The adapter wrote next to the config, not in the working folder.
  BOOST_TEST(grk::test::read_text(configs / "out/upper.txt") == "ALPHA\nBETA\n");
  BOOST_TEST(!std::filesystem::exists(project.dir / "out"));

  const std::string text = grk::test::read_text(project.dir / "results/doc.json");
  const auto document = grk::test::parse_json(text).as_object();
  // Written by write_pretty (pydantic indent=2, docs/behaviour/eval-report.md §1), so floats
  // read 1e-7, not Python's 1e-07 nor Boost.JSON's 1E-7.
  BOOST_TEST(text == grk::json::write_pretty(document) + "\n");
  BOOST_TEST(text.find(R"("sum": 3.0000000000000004e-8,)") != std::string::npos);
  BOOST_TEST(text.find(R"("scale": 1e-7,)") != std::string::npos);

  std::vector<std::string> keys;
  for (const auto& member : document) keys.push_back(std::string(member.key()));
  BOOST_TEST(keys == (std::vector<std::string>{"steps", "provenance"}), boost::test_tools::per_element());
  const auto& steps = document.at("steps").as_array();
  BOOST_TEST_REQUIRE(steps.size() == 2u);
  keys.clear();
  for (const auto& member : steps[0].as_object()) keys.push_back(std::string(member.key()));
  BOOST_TEST(keys == (std::vector<std::string>{"id", "component", "kind", "module", "status", "result"}),
             boost::test_tools::per_element());
  const auto& sum = steps[0].as_object();
  BOOST_TEST(sum.at("id").as_string() == "sum");
  BOOST_TEST(sum.at("component").as_string() == "fixture-sum");
  BOOST_TEST(sum.at("kind").as_string() == "statistic");
  BOOST_TEST(compact(sum.at("module")) ==
             R"({"name":"fixture-good-statistic","version":"1.2.3","file":")" +
                 fixture_module("good", "fixture_good_statistic.so").string() + R"("})");
  BOOST_TEST(sum.at("status").as_string() == "ok");
  BOOST_TEST(compact(sum.at("result")) ==
             R"({"count":2,"sum":3.0000000000000004e-8,"mean":0.15000000000000002,"params":{"values":")" +
                 (configs / "data/values.txt").string() +
                 R"(","scale":1e-7,"repeat":1,"negate":false}})");
  const auto& upper = steps[1].as_object();
  BOOST_TEST(upper.at("kind").as_string() == "dataset-adapter");
  BOOST_TEST(compact(upper.at("result")) ==
             R"({"records":2,"output":")" + (configs / "out/upper.txt").string() + R"("})");

  const auto& provenance = document.at("provenance").as_object();
  keys.clear();
  for (const auto& member : provenance) keys.push_back(std::string(member.key()));
  BOOST_TEST(keys == (std::vector<std::string>{"host_version", "sdk_version", "abi_version", "config",
                                               "inputs", "started_at"}),
             boost::test_tools::per_element());
  BOOST_TEST(provenance.at("host_version").as_string() == "1.2.0");
  BOOST_TEST(provenance.at("sdk_version").as_string() == "1.2.0");
  BOOST_TEST(provenance.at("abi_version").as_int64() == 1);
  BOOST_TEST(compact(provenance.at("config")) ==
             R"({"path":")" + config.string() + R"(","sha256":")" + grk::test::python_sha256(config) +
                 R"("})");
  // Files the steps read, hashed before each step ran; the adapter's output
  // did not exist yet and is no input.
  BOOST_TEST(compact(provenance.at("inputs")) ==
             R"([{"step":"sum","param":"values","path":")" + (configs / "data/values.txt").string() +
                 R"(","sha256":")" + grk::test::python_sha256(configs / "data/values.txt") +
                 R"("},{"step":"upper","param":"source","path":")" +
                 (configs / "data/lines.txt").string() + R"(","sha256":")" +
                 grk::test::python_sha256(configs / "data/lines.txt") + R"("}])");
  const std::string started(provenance.at("started_at").as_string());
  BOOST_TEST(has_shape(started, "9999-99-99T99:99:99.999999+00:00"), started);
}

BOOST_AUTO_TEST_CASE(without_output_the_document_is_stdout_and_the_summary_stderr) {
  Project project;
  project.config(two_steps);
  const auto result = project.run(std::vector<std::string>{"configs/run.json"} + only_fixtures({"good"}));
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  const auto document = grk::test::parse_json(result.out).as_object();
  BOOST_TEST(result.out == grk::json::write_pretty(document) + "\n");
  BOOST_TEST(document.at("steps").as_array().size() == 2u);
  BOOST_TEST(without_times(result.err) ==
             "[1/2] sum (fixture-sum): ok (T s)\n"
             "      sum 3.0000000000000004e-08 of 2 values\n"
             "  [fixture-upper-lines] info: read 2 lines\n"
             "[2/2] upper (fixture-upper-lines): ok (T s)\n"
             "      wrote 2 lines to " + (project.dir / "configs/out/upper.txt").string() + "\n");
}

BOOST_AUTO_TEST_CASE(verbose_shows_debug_logs) {
  Project project;
  project.config(R"({"steps": [{"id": "u", "adapter": "fixture-upper-lines",
    "params": {"source": "data/lines.txt", "output": "out/u.txt"}}]})");
  const auto result = project.run(std::vector<std::string>{"configs/run.json", "-v", "-o", "r.json"} +
                                  only_fixtures({"good"}));
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.err == "  [fixture-upper-lines] info: read 2 lines\n"
                           "  [fixture-upper-lines] debug: debug detail only shown with --verbose\n");
}

BOOST_AUTO_TEST_CASE(a_failing_step_stops_the_run_unless_keep_going) {
  Project project;
  project.config(R"({"steps": [
    {"id": "boom", "statistic": "throws-runtime-error", "params": {}},
    {"id": "sum", "statistic": "fixture-sum", "params": {"values": "data/values.txt"}},
    {"id": "bad-data", "statistic": "throws-grk-error", "params": {}},
    {"id": "forty-two", "statistic": "throws-int", "params": {}}
  ]})");
  const auto args = std::vector<std::string>{"configs/run.json"} + only_fixtures({"throwing", "good"});

  auto result = project.run(args + std::vector<std::string>{"--output", "stop.json"});
  BOOST_TEST(result.exit_code == 3);
  BOOST_TEST(without_times(result.out) ==
             "[1/4] boom (throws-runtime-error): FAILED [internal]: unexpected exception: the disk "
             "is on fire\n"
             "[2/4] sum (fixture-sum): skipped after an earlier failure\n"
             "[3/4] bad-data (throws-grk-error): skipped after an earlier failure\n"
             "[4/4] forty-two (throws-int): skipped after an earlier failure\n"
             "results: stop.json\n");
  auto steps = grk::test::parse_json(grk::test::read_text(project.dir / "stop.json"))
                   .as_object().at("steps").as_array();
  BOOST_TEST_REQUIRE(steps.size() == 4u);
  BOOST_TEST(compact(steps[0].as_object().at("error")) ==
             R"({"status":"internal","message":"unexpected exception: the disk is on fire"})");
  for (std::size_t i = 1; i < 4; ++i) {
    BOOST_TEST(steps[i].as_object().at("status").as_string() == "skipped");
    BOOST_TEST(!steps[i].as_object().contains("result"));
    BOOST_TEST(!steps[i].as_object().contains("error"));
  }

  result = project.run(args + std::vector<std::string>{"--keep-going", "--output", "all.json"});
  BOOST_TEST(result.exit_code == 3);
  BOOST_TEST(without_times(result.out) ==
             "[1/4] boom (throws-runtime-error): FAILED [internal]: unexpected exception: the disk "
             "is on fire\n"
             "[2/4] sum (fixture-sum): ok (T s)\n"
             "      sum 0.30000000000000004 of 2 values\n"
             "[3/4] bad-data (throws-grk-error): FAILED [invalid-data]: record 3: score is not a "
             "number\n"
             "[4/4] forty-two (throws-int): FAILED [internal]: unexpected exception of a type not "
             "derived from std::exception\n"
             "results: all.json\n");
  steps = grk::test::parse_json(grk::test::read_text(project.dir / "all.json"))
              .as_object().at("steps").as_array();
  BOOST_TEST_REQUIRE(steps.size() == 4u);
  BOOST_TEST(steps[1].as_object().at("status").as_string() == "ok");
  BOOST_TEST(compact(steps[2].as_object().at("error")) ==
             R"({"status":"invalid-data","message":"record 3: score is not a number"})");
  BOOST_TEST(compact(steps[3].as_object().at("error")) ==
             R"({"status":"internal","message":"unexpected exception of a type not derived from std::exception"})");
}

BOOST_AUTO_TEST_CASE(config_errors_exit_1_before_anything_runs) {
  Project project;
  struct Case {
    std::string config;
    std::string message;  ///< after "grk-eval run: configs/run.json: "
  };
  const std::vector<Case> cases{
      {R"({"steps": [)", "invalid JSON at line 1, column 12: Expecting value"},
      {R"({"steps": []})", "steps: expected a non-empty array of steps, got an empty array"},
      {R"({"steps": [{"id": "u", "adapter": "fixture-upper-lines", "params": {"source": "data/lines.txt", "output": "o.txt"}},
                     {"id": "s", "statistic": "fixture-sum", "params": {"values": 3}}]})",
       "steps[1].params.values: expected path (a non-empty string), got integer"},
      {R"({"steps": [{"id": "u", "adapter": "fixture-upper-lines", "params": {"source": "data/lines.txt", "output": "o.txt"}},
                     {"id": "s", "statistic": "fixture-summ", "params": {}}]})",
       "steps[1].statistic: no statistic named 'fixture-summ' is available; available: fixture-sum"},
      {R"({"steps": [{"id": "s", "adapter": "fixture-sum", "params": {}}]})",
       "steps[0].adapter: 'fixture-sum' is a statistic, not a dataset-adapter; name it with "
       "\"statistic\""},
      {R"({"plugin_dirs": ["missing"], "steps": [{"id": "s", "statistic": "fixture-sum", "params": {}}]})",
       // Two mistakes, both reported (docs/design.md §4.14).
       "plugin_dirs[0]: plugin folder '" + (project.dir / "configs/missing").string() +
           "' does not exist\ngrk-eval run: configs/run.json: steps[0].params.values: missing required parameter"},
  };
  for (const auto& c : cases) {
    project.config(c.config);
    const auto result = project.run(std::vector<std::string>{"configs/run.json", "--output", "r.json"} +
                                    only_fixtures({"good"}));
    BOOST_TEST(result.exit_code == 1, c.config);
    BOOST_TEST(result.out == "", c.config);
    BOOST_TEST(result.err == "grk-eval run: configs/run.json: " + c.message + "\n", c.config);
    // Nothing ran: no output of the first (valid) step, no results file.
    BOOST_TEST(!std::filesystem::exists(project.dir / "configs/o.txt"), c.config);
    BOOST_TEST(!std::filesystem::exists(project.dir / "r.json"), c.config);
  }
  const auto result = project.run(std::vector<std::string>{"configs/absent.json"} + only_fixtures({"good"}));
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.err == "grk-eval run: configs/absent.json: no such config file\n");
}

BOOST_AUTO_TEST_CASE(a_component_two_modules_provide_exits_2) {
  Project project;
  project.config(R"({"steps": [{"id": "t", "statistic": "fixture-twin", "params": {}}]})");
  const auto result = project.run(std::vector<std::string>{"configs/run.json", "-o", "r.json"} +
                                  only_fixtures({"good", "duplicate"}));
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(result.out == "");
  BOOST_TEST(result.err == "grk-eval run: configs/run.json: steps[0].statistic: component "
                           "'fixture-twin' is provided by more than one module (" +
                               fixture_module("duplicate", "fixture_duplicate_a.so").string() + ", " +
                               fixture_module("duplicate", "fixture_duplicate_b.so").string() +
                               "); remove all but one\n");
  BOOST_TEST(!std::filesystem::exists(project.dir / "r.json"));
}

BOOST_AUTO_TEST_CASE(a_step_that_fails_on_its_data_exits_3_with_the_document_written) {
  Project project;
  // A file that is there but holds no numbers: a missing one is refused
  // before any step runs (docs/design.md §4.7 step 5).
  grk::test::write_text(project.dir / "configs/data/bad.txt", "1 x\n");
  project.config(R"({"steps": [{"id": "s", "statistic": "fixture-sum", "params": {"values": "data/bad.txt"}}]})");
  const auto result = project.run(std::vector<std::string>{"configs/run.json", "-o", "r.json"} +
                                  only_fixtures({"good"}));
  BOOST_TEST(result.exit_code == 3);
  const auto bad = (project.dir / "configs/data/bad.txt").string();
  BOOST_TEST(result.out == "[1/1] s (fixture-sum): FAILED [invalid-data]: '" + bad +
                               "': 'x' is not a number\nresults: r.json\n");
  const auto document = grk::test::parse_json(grk::test::read_text(project.dir / "r.json")).as_object();
  BOOST_TEST(compact(document.at("steps").as_array()[0].as_object().at("error")) ==
             R"({"status":"invalid-data","message":"')" + bad + R"(': 'x' is not a number"})");
  BOOST_TEST(document.at("provenance").as_object().at("inputs").as_array().size() == 1u);
}

// docs/design.md §2.5: the hint is printed under the FAILED line and kept in
// the error object beside the exact message, never inside it.
BOOST_AUTO_TEST_CASE(a_failing_steps_hint_is_shown_and_recorded_apart_from_its_message) {
  Project project;
  project.config(R"({"steps": [{"id": "h", "statistic": "fails-with-hint", "params": {}}]})");
  for (const char* isolate : {"", "--isolate"}) {
    auto args = std::vector<std::string>{"configs/run.json", "-o", "r.json"} + only_fixtures({"throwing"});
    if (*isolate) args.push_back(isolate);
    const auto result = project.run(args);
    BOOST_TEST(result.exit_code == 3, isolate);
    BOOST_TEST(result.out ==
                   "[1/1] h (fails-with-hint): FAILED [invalid-data]: record 3: score is not a number\n"
                   "      hint: scores.tsv line 3: the score is 'n/a'; remove the row or give a number\n"
                   "results: r.json\n",
               isolate);
    const auto document = grk::test::parse_json(grk::test::read_text(project.dir / "r.json")).as_object();
    BOOST_TEST(compact(document.at("steps").as_array()[0].as_object().at("error")) ==
                   R"({"status":"invalid-data","message":"record 3: score is not a number",)"
                   R"("hint":"scores.tsv line 3: the score is 'n/a'; remove the row or give a number"})",
               isolate);
  }
}

BOOST_AUTO_TEST_CASE(config_plugin_dirs_resolve_against_the_config_folder) {
  Project project;
  const auto relative = std::filesystem::relative(grk::test::fixture_set("good"), project.dir / "configs");
  project.config(R"({"plugin_dirs": [")" + relative.string() +
                 R"("], "steps": [{"id": "s", "statistic": "fixture-sum", "params": {"values": "data/values.txt"}}]})");
  const auto result = project.run({"configs/run.json", "--no-default-plugins", "-o", "r.json"});
  BOOST_TEST(result.exit_code == 0, result.err);
}

BOOST_AUTO_TEST_CASE(a_module_printing_while_loading_cannot_break_the_document_on_stdout) {
  Project project;
  project.config(R"({"steps": [{"id": "n", "statistic": "fixture-noisy-echo", "params": {"text": "é"}}]})");
  grk::test::ProcessOptions options;
  options.env["GRK_FIXTURE_LOAD_LOG"] = (project.dir / "loads.txt").string();
  const auto result = project.run(std::vector<std::string>{"configs/run.json"} + only_fixtures({"noisy"}),
                                  options);
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  const auto document = grk::test::parse_json(result.out).as_object();
  BOOST_TEST(compact(document.at("steps").as_array()[0].as_object().at("result")) == R"({"text":"é"})");
  // Probed in a child, then loaded into grk-eval to run: the positive
  // control for the load log the listing tests rely on.
  const auto loads = grk::test::lines_of(grk::test::read_text(project.dir / "loads.txt"));
  BOOST_TEST_REQUIRE(loads.size() == 2u);
  BOOST_TEST(loads[0] != "fixture-noisy " + std::to_string(result.pid));
  BOOST_TEST(loads[1] == "fixture-noisy " + std::to_string(result.pid));
  const std::string hello = "fixture-noisy: static initialiser says hello on stdout\n"
                            "fixture-noisy: static initialiser says hello on stderr\n";
  BOOST_TEST(without_times(result.err) == hello + hello + "[1/1] n (fixture-noisy-echo): ok (T s)\n");
}

// The inputs are hashed on a thread of the host's beside the step, except in
// a run held to one thread, which then has one (docs/design.md §4.8).
BOOST_AUTO_TEST_CASE(a_run_held_to_one_thread_hashes_its_inputs_on_that_thread) {
  grk::test::TempDir dir;
  write_text(dir / "input.txt", "bytes to hash\n");
  const auto threads_seen = [&](std::optional<std::string> threads) {
    grk::test::ProcessOptions options;
    options.env.emplace("GRK_THREADS", std::move(threads));
    const auto result = grk_eval(std::vector<std::string>{"run", "--component", "fault-count-threads", "--set",
                                                          "input=" + (dir / "input.txt").string()} +
                                     only_fixtures({"faults"}),
                                 options);
    BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
    const auto document = grk::test::parse_json(result.out).as_object();
    // Hashed either way.
    BOOST_TEST(document.at("provenance").as_object().at("inputs").as_array().size() == 1u);
    return document.at("steps").as_array()[0].as_object().at("result").as_object().at("threads").as_int64();
  };
  BOOST_TEST(threads_seen("1") == 1);
  BOOST_TEST(threads_seen("2") == 2);
}
