// Every input and output a run names is checked before step 1, in the one
// list of config errors with its JSON path (docs/design.md §4.7 step 5,
// §4.14): a mistyped input, a folder for a file, an output that cannot be
// created, an existing output the step would refuse, an --output or --report
// that cannot be written or whose format is unknown. Nothing runs and nothing
// is written while there is one; a path an earlier step makes is exempt.
#define BOOST_TEST_MODULE run_checks_inputs
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;
using grk::test::operator+;

std::string copy_step(const std::string& id, const std::string& source, const std::string& output) {
  return R"({"id": ")" + id + R"(", "adapter": "fixture-upper-lines", "params": {"source": ")" + source +
         R"(", "output": ")" + output + R"("}})";
}

std::string beir_step(const std::string& id, const std::string& source, const std::string& output) {
  return R"({"id": ")" + id + R"(", "adapter": "beir", "params": {"source_dir": ")" + source +
         R"(", "output_dir": ")" + output + R"("}})";
}

// The fixtures and the shipped plugins, nothing else.
std::vector<std::string> plugins() {
  return grk::test::only_fixtures({"good"}) +
         std::vector<std::string>{"--plugin-dir", (grk::test::binary_dir() / "lib" / "grk" / "plugins").string()};
}

// A BEIR dataset of one document, one query, one pair.
void write_dataset(const fs::path& folder) {
  grk::test::write_text(folder / "corpus.jsonl", R"({"_id": "d1", "title": "", "text": "one"})" "\n");
  grk::test::write_text(folder / "queries.jsonl", R"({"_id": "q1", "text": "first"})" "\n");
  grk::test::write_text(folder / "qrels" / "test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_mistyped_input_is_refused_before_any_step_runs) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "in.txt", "a\n");
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("first", "in.txt", "out/first.txt") + ", " +
                                              copy_step("second", "in.tx", "out/second.txt") + "]}");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "-o",
                                                        (dir / "results.json").string()} +
                               plugins());
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.err == "grk-eval run: " + (dir / "run.json").string() + ": steps[1].params.source: '" +
                               (dir / "in.tx").string() + "' does not exist\n");
  BOOST_TEST(result.out == "");
  BOOST_TEST(!fs::exists(dir / "out"));  // the first step did not run
  BOOST_TEST(!fs::exists(dir / "results.json"));
}

BOOST_AUTO_TEST_CASE(a_folder_where_a_file_is_declared_and_a_file_where_a_folder_is) {
  grk::test::TempDir dir;
  fs::create_directories(dir / "reports");
  grk::test::write_text(dir / "plain.txt", "x\n");
  grk::test::write_text(
      dir / "run.json",
      R"({"steps": [{"id": "boot", "statistic": "paired-bootstrap", "params": {"report": "reports", )"
      R"("baseline": "a", "candidate": "b", "metric": "mrr"}}, )" +
          beir_step("ds", "plain.txt", "out/ds") + "]}");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} + plugins());
  BOOST_TEST(result.exit_code == 1);
  const std::string file = (dir / "run.json").string();
  BOOST_TEST(result.err == "grk-eval run: " + file + ": steps[0].params.report: '" + (dir / "reports").string() +
                               "' is a folder; expected a file\n"
                               "grk-eval run: " + file + ": steps[1].params.source_dir: '" +
                               (dir / "plain.txt").string() + "' is not a folder; expected a folder\n");
  BOOST_TEST(!fs::exists(dir / "out"));
}

// A FIFO would hang the read and a device never end it: an input is a
// regular file (or a folder), whatever kind the declaration allows.
BOOST_AUTO_TEST_CASE(a_fifo_or_a_device_as_an_input_is_refused_before_any_step_runs) {
  grk::test::TempDir dir;
  BOOST_REQUIRE(::mkfifo((dir / "pipe").c_str(), 0600) == 0);
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("first", "pipe", "out/first.txt") + ", " +
                                              copy_step("second", "/dev/zero", "out/second.txt") + "]}");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} + plugins());
  BOOST_TEST(result.exit_code == 1);
  const std::string file = (dir / "run.json").string();
  BOOST_TEST(result.err == "grk-eval run: " + file + ": steps[0].params.source: '" + (dir / "pipe").string() +
                               "' is a FIFO, not a regular file\n"
                               "grk-eval run: " + file + ": steps[1].params.source: '/dev/zero' is a character "
                               "device, not a regular file\n");
  BOOST_TEST(!fs::exists(dir / "out"));
}

// An output never lands on what the run reads: the same file (by device and
// inode, so a second name does not hide it) or a folder that holds an input,
// for a step's outputs and the command line's alike. The inputs stay as they were.
BOOST_AUTO_TEST_CASE(an_output_that_is_or_holds_an_input_is_refused_before_any_step_runs) {
  grk::test::TempDir dir;
  fs::create_directories(dir / "data");
  grk::test::write_text(dir / "data" / "in.txt", "a\n");
  fs::create_hard_link(dir / "data" / "in.txt", dir / "alias.txt");
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("same", "data/in.txt", "alias.txt") + ", " +
                                              copy_step("holder", "data/in.txt", "data") + "]}");
  const auto result =
      grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "-o", (dir / "data" / "in.txt").string(),
                                        "--report", (dir / "alias.txt").string()} +
               plugins());
  BOOST_TEST(result.exit_code == 1);
  const std::string file = (dir / "run.json").string(), input = (dir / "data" / "in.txt").string();
  const std::string why = "); an output must not replace what the run reads\n";
  const std::string source = " (" + file + ": steps[0].params.source";
  BOOST_TEST(result.err ==
             "grk-eval run: " + file + ": steps[0].params.output: '" + (dir / "alias.txt").string() +
                 "' is the input '" + input + "'" + source + why +
                 "grk-eval run: " + file + ": steps[1].params.output: '" + (dir / "data").string() +
                 "' holds the input '" + input + "'" + source + why +
                 "grk-eval run: --output " + input + ": '" + input + "' is the input '" + input + "'" + source + why +
                 "grk-eval run: --report " + (dir / "alias.txt").string() + ": '" + (dir / "alias.txt").string() +
                 "' is the input '" + input + "'" + source + why,
             result.err);
  BOOST_TEST(grk::test::read_text(dir / "data" / "in.txt") == "a\n");
}

// The components that read every system declare their inputs as files too:
// a folder is refused up front, not hashed into the provenance and then read.
BOOST_AUTO_TEST_CASE(every_system_reading_component_declares_its_inputs_as_files) {
  grk::test::TempDir dir;
  fs::create_directories(dir / "reports");
  grk::test::write_text(
      dir / "run.json",
      R"({"steps": [{"id": "size", "statistic": "topic-set-size", "params": {"report": "reports", )"
      R"("metric": "mrr", "minimum_difference": 0.1, "baseline": "a", "candidate": "b"}}, )"
      R"({"id": "all", "statistic": "compare-systems", "params": {"scores": "reports", "metric": "mrr"}}]})");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "-o",
                                                        (dir / "results.json").string()} +
                               plugins());
  BOOST_TEST(result.exit_code == 1);
  const std::string file = (dir / "run.json").string();
  const std::string folder = (dir / "reports").string();
  BOOST_TEST(result.err == "grk-eval run: " + file + ": steps[0].params.report: '" + folder +
                               "' is a folder; expected a file\n"
                               "grk-eval run: " + file + ": steps[1].params.scores: '" + folder +
                               "' is a folder; expected a file\n");
  BOOST_TEST(!fs::exists(dir / "results.json"));
}

BOOST_AUTO_TEST_CASE(an_existing_output_is_refused_up_front_with_the_message_the_step_gives) {
  grk::test::TempDir dir;
  write_dataset(dir / "src");
  grk::test::write_text(dir / "out" / "ds" / "corpus" / "stale.txt", "old\n");
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("first", "src/queries.jsonl", "copy.txt") +
                                              ", " + beir_step("ds", "src", "out/ds") + "]}");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} + plugins());
  BOOST_TEST(result.exit_code == 1);
  const std::string corpus = (dir / "out" / "ds" / "corpus").string();
  const std::string message = "BEIR output corpus directory '" + corpus +
                              "' already contains 1 entries (e.g. ['stale.txt']). Adapting into it would mix two "
                              "datasets in one corpus and score stale documents against judgments that never "
                              "referenced them. Remove the directory and re-run.";
  BOOST_TEST(result.err == "grk-eval run: " + (dir / "run.json").string() + ": steps[1] (beir) [failed-precondition]: " +
                               message + "\n");
  BOOST_TEST(!fs::exists(dir / "copy.txt"));
  // The step itself says the same when it is run (the check is the step's own).
  fs::remove(dir / "run.json");
  const auto alone = grk_eval(std::vector<std::string>{"run", "--component", "beir", "--set",
                                                       "source_dir=" + (dir / "src").string(), "--set",
                                                       "output_dir=" + (dir / "out" / "ds").string()} +
                              plugins());
  BOOST_TEST(alone.err == "grk-eval run: --component beir [failed-precondition]: " + message + "\n");
}

BOOST_AUTO_TEST_CASE(an_output_that_cannot_be_created_and_an_unwritable_report_and_output) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "in.txt", "a\n");
  grk::test::write_text(dir / "blocker", "a file where a folder would have to be\n");
  grk::test::write_text(dir / "run.json",
                        R"({"steps": [)" + copy_step("first", "in.txt", "blocker/out.txt") + "]}");
  const std::string report = (dir / "blocker" / "report.md").string();
  const std::string output = (dir / "blocker" / "deeper" / "results.json").string();
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "-o", output,
                                                        "--report", report} +
                               plugins());
  BOOST_TEST(result.exit_code == 1);
  const std::string blocker = "'" + (dir / "blocker").string() + "' is not a folder";
  BOOST_TEST(result.err == "grk-eval run: " + (dir / "run.json").string() + ": steps[0].params.output: cannot create '" +
                               (dir / "blocker" / "out.txt").string() + "': " + blocker + "\n" +
                               "grk-eval run: --output " + output + ": cannot write '" + output + "': " + blocker +
                               "\n" + "grk-eval run: --report " + report + ": cannot write '" + report + "': " +
                               blocker + "\n");
  BOOST_TEST(result.out == "");
}

BOOST_AUTO_TEST_CASE(a_report_of_unknown_format_is_one_of_the_mistakes_and_format_names_it) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("first", "missing.txt", "out.txt") + "]}");
  const std::string report = (dir / "report.text").string();
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string(), "--report", report} +
                               plugins());
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.err == "grk-eval run: " + (dir / "run.json").string() + ": steps[0].params.source: '" +
                               (dir / "missing.txt").string() + "' does not exist\n" + "grk-eval run: --report " +
                               report + ": cannot tell the format from its extension; use .md, .markdown, .html, "
                               ".htm, .tex, .csv or .txt, or say --format\n");
  BOOST_TEST(!fs::exists(dir / "report.txt"));
  // Any case, .markdown too; or --format.
  grk::test::write_text(dir / "in.txt", "a\n");
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("first", "in.txt", "out.txt") + "]}");
  for (const std::vector<std::string>& how :
       {std::vector<std::string>{"--report", (dir / "r.MARKDOWN").string()},
        std::vector<std::string>{"--report", (dir / "r.txt").string(), "--format", "markdown"}}) {
    fs::remove(dir / "out.txt");
    const auto ok = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} + how + plugins());
    BOOST_TEST(ok.exit_code == 0, ok.err);
    BOOST_TEST(grk::test::read_text(how[1]).rfind("# grk-eval report: results", 0) == 0);
  }
}

BOOST_AUTO_TEST_CASE(an_input_an_earlier_step_makes_is_exempt) {
  grk::test::TempDir dir;
  grk::test::write_text(dir / "in.txt", "a\nb\n");
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("first", "in.txt", "made/first.txt") + ", " +
                                              copy_step("second", "made/first.txt", "made/second.txt") + "]}");
  const auto result = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} + plugins());
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(grk::test::read_text(dir / "made" / "second.txt") == "A\nB\n");
  // A later step's output is no excuse for an earlier step's input.
  fs::remove_all(dir / "made");
  grk::test::write_text(dir / "run.json", R"({"steps": [)" + copy_step("first", "made/second.txt", "x.txt") + ", " +
                                              copy_step("second", "in.txt", "made/second.txt") + "]}");
  const auto refused = grk_eval(std::vector<std::string>{"run", (dir / "run.json").string()} + plugins());
  BOOST_TEST(refused.exit_code == 1);
  BOOST_TEST(refused.err == "grk-eval run: " + (dir / "run.json").string() + ": steps[0].params.source: '" +
                                (dir / "made" / "second.txt").string() + "' does not exist\n");
}

BOOST_AUTO_TEST_CASE(every_set_mistake_comes_in_the_one_list_with_the_files) {
  grk::test::TempDir dir;
  const auto result = grk_eval(std::vector<std::string>{"run", "--component", "fixture-upper-lines", "--set",
                                                        "colour=red", "--set", "source=" + (dir / "gone.txt").string(),
                                                        "--set", "output", "--set",
                                                        "output=" + (dir / "o.txt").string()} +
                               plugins());
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.err == "grk-eval run: --set colour: unknown parameter; expected one of: source, output\n"
                           "grk-eval run: --set output: expected KEY=VALUE\n"
                           "grk-eval run: --set source: '" + (dir / "gone.txt").string() + "' does not exist\n");
  BOOST_TEST(!fs::exists(dir / "o.txt"));
}

// What used to be found only after a step ran: a link to nothing as an
// output folder, a report whose folders cannot be made (/proc takes none,
// even from root), and a --set without '=' said once, not also missing.
BOOST_AUTO_TEST_CASE(a_dangling_output_link_an_uncreatable_report_folder_and_a_bare_set_are_found_first) {
  grk::test::TempDir dir;
  write_dataset(dir / "src");
  fs::create_directory_symlink(dir / "nowhere", dir / "out");
  const auto dangling = grk_eval(std::vector<std::string>{"run", "--component", "beir", "--set",
                                                          "source_dir=" + (dir / "src").string(), "--set",
                                                          "output_dir=" + (dir / "out").string()} +
                                 plugins());
  BOOST_TEST(dangling.exit_code == 1);
  BOOST_TEST(dangling.err == "grk-eval run: --set output_dir: '" + (dir / "out").string() +
                                 "' is a symbolic link to nothing; remove it, or name a folder\n");
  BOOST_TEST(!fs::exists(dir / "nowhere"));

  grk::test::write_text(dir / "in.txt", "a\n");
  if (fs::is_directory("/proc/self")) {
    const auto report = grk_eval(std::vector<std::string>{"run", "--component", "fixture-upper-lines", "--set",
                                                          "source=" + (dir / "in.txt").string(), "--set",
                                                          "output=" + (dir / "o.txt").string(), "--report",
                                                          "/proc/no-such/r.html"} +
                                 plugins());
    BOOST_TEST(report.exit_code == 1);
    BOOST_TEST(report.err == "grk-eval run: --report /proc/no-such/r.html: cannot write '/proc/no-such/r.html': "
                             "cannot create a folder in '/proc': No such file or directory\n");
    BOOST_TEST(!fs::exists(dir / "o.txt"));
  }
  // Folders that can be made are made by the run, and the check leaves no trace.
  const auto made = grk_eval(std::vector<std::string>{"run", "--component", "fixture-upper-lines", "--set",
                                                      "source=" + (dir / "in.txt").string(), "--set",
                                                      "output=" + (dir / "o.txt").string(), "--report",
                                                      (dir / "a" / "b" / "r.md").string()} +
                             plugins());
  BOOST_TEST(made.exit_code == 0, made.err);
  BOOST_TEST(fs::is_regular_file(dir / "a" / "b" / "r.md"));
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    BOOST_TEST(entry.path().filename().string().rfind(".grk-eval-probe-", 0) == std::string::npos, entry.path());
  }

  const auto bare = grk_eval(std::vector<std::string>{"run", "--component", "fixture-upper-lines", "--set", "source",
                                                      "--set", "output=" + (dir / "p.txt").string()} +
                             plugins());
  BOOST_TEST(bare.exit_code == 1);
  BOOST_TEST(bare.err == "grk-eval run: --set source: expected KEY=VALUE\n");
}

// An existing output folder the user cannot write into is found before any
// step, not by the step after its work. Only root can show it here: it runs
// grk-eval as nobody (setpriv) against a folder of root's.
BOOST_AUTO_TEST_CASE(an_output_folder_the_user_cannot_write_is_refused_before_any_step) {
  const auto as_nobody = [](std::vector<std::string> args) {
    args.insert(args.begin(), {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                               grk::test::grk_eval_binary().string()});
    return grk::test::run_process(args, {});
  };
  if (::geteuid() != 0 || !fs::exists("/usr/bin/setpriv") || as_nobody({"--version"}).exit_code != 0) {
    BOOST_TEST_MESSAGE("skipped: needs root, setpriv and a build that user nobody can run");
    return;
  }
  grk::test::TempDir dir;
  fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  write_dataset(dir / "src");
  fs::create_directory(dir / "out");  // root's, 0755
  const auto result = as_nobody(std::vector<std::string>{"run", "--component", "beir", "--set",
                                                         "source_dir=" + (dir / "src").string(), "--set",
                                                         "output_dir=" + (dir / "out").string()} +
                                plugins());
  BOOST_TEST(result.exit_code == 1, result.err);
  BOOST_TEST(result.err == "grk-eval run: --set output_dir: '" + (dir / "out").string() +
                               "' is not writable: Permission denied\n");
  BOOST_TEST(fs::is_empty(dir / "out"));
}
