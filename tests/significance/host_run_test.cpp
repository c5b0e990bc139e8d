// paired-bootstrap through the host: `grk-eval run` on a config and in the
// one-component form, as a subprocess; results read back from the results
// document, and each failure surfacing as that step's error.
#define BOOST_TEST_MODULE significance_host_run
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "host_run.hpp"

namespace fs = std::filesystem;

namespace {

struct Fixture {
  fs::path host;
  fs::path source;
  fs::path dir = fs::temp_directory_path() / ("grk-significance-host-" + std::to_string(::getpid()));

  Fixture() {
    const char* binary = std::getenv("GRK_BINARY_DIR");
    const char* source_dir = std::getenv("GRK_SOURCE_DIR");
    if (binary) host = fs::path(binary) / "bin" / "grk-eval";
    if (source_dir) source = source_dir;
    fs::create_directories(dir);
  }
  ~Fixture() { fs::remove_all(dir); }

  bool ready() const { return !host.empty() && fs::exists(host) && !source.empty(); }

  fs::path write(const std::string& name, const std::string& bytes) const {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << bytes;
    return dir / name;
  }
};

using Run = grk::test::HostRun;

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Run run(const Fixture& f, const std::string& arguments) { return grk::test::run_host(f.host, f.dir, arguments); }

std::string component(const std::string& sets) { return "--component paired-bootstrap " + sets; }

const boost::json::object& step(const Run& r) {
  return r.results.at("steps").as_array().at(0).as_object();
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_config_step_on_the_example_report) {
  Fixture f;
  if (!f.ready()) {
    BOOST_TEST_MESSAGE("skipped: GRK_BINARY_DIR/bin/grk-eval is not built");
    return;
  }
  const std::string report = read_all(f.source / "configs/data/reports/example-eval-report.json");
  f.write("data/reports/example-eval-report.json", report);
  f.write("config.json", R"({"steps": [{"id": "fusion-vs-bm25", "statistic": "paired-bootstrap",
    "params": {"report": "data/reports/example-eval-report.json", "baseline": "bm25",
               "candidate": "fusion", "metric": "ndcg_at_10"}}]})");
  const Run r = run(f, "config.json");
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out.find("fusion vs bm25, ndcg_at_10 (n=34): +0.2338, 95% CI [+0.0685, +0.3926], p (ASL) 0.0070, "
                        "significant") != std::string::npos);
  BOOST_REQUIRE(r.results.is_object());
  BOOST_TEST(step(r).at("status").as_string() == "ok");
  // Digits from CPython 3.11.7 (bench/significance/reference_bootstrap.py).
  BOOST_TEST(grk::json::write_compact(step(r).at("result")) ==
             "{\"baseline\":\"bm25\",\"candidate\":\"fusion\",\"metric\":\"ndcg_at_10\",\"query_count\":34,"
             "\"resamples\":10000,\"seed\":7,\"confidence_level\":0.95,\"effect\":0.2337732622131842,"
             "\"confidence_interval_low\":0.06851823693566549,\"confidence_interval_high\":0.3926294354158374,"
             "\"p_value_two_sided\":0.006999300069993001,\"significant\":true,"
             "\"method\":\"paired bootstrap over query-level candidate-minus-baseline deltas\"}");
}

BOOST_AUTO_TEST_CASE(the_one_component_form_on_a_scores_file) {
  Fixture f;
  if (!f.ready()) return;
  f.write("s.json", R"({"baseline": {"q1": 0.1, "q2": 0.9, "q3": 0.2}, "candidate": {"q3": 0.4, "q1": 0.3, "q2": 0.8}})");
  const Run r = run(f, component("--set scores=s.json --set baseline=old --set candidate=new --set metric=mrr "
                                 "--set resamples=200 --set seed=11"));
  BOOST_TEST(r.exit_code == 0);
  const auto& result = step(r).at("result").as_object();
  BOOST_TEST(result.at("effect").as_double() == 0.10000000000000002);
  BOOST_TEST(result.at("confidence_interval_low").as_double() == -0.09999999999999998);
  BOOST_TEST(result.at("confidence_interval_high").as_double() == 0.20000000000000004);
  BOOST_TEST(result.at("p_value_two_sided").as_double() == 0.06965174129353234);
  BOOST_TEST(result.at("significant").as_bool() == false);
}

BOOST_AUTO_TEST_CASE(each_failure_is_the_steps_error) {
  Fixture f;
  if (!f.ready()) return;
  std::string report = read_all(f.source / "configs/data/reports/example-eval-report.json");
  f.write("r.json", report);
  const std::string first_ndcg = "\"ndcg_at_10\": ";
  std::string broken = report;
  const std::size_t stage1 = broken.find("\"stage\": \"dense\"");
  const std::size_t metric = broken.find("\"metrics\": {", stage1);
  const std::size_t ndcg = broken.find(first_ndcg, metric) + first_ndcg.size();
  broken.replace(ndcg, broken.find('\n', ndcg) - ndcg, "1.5");
  f.write("broken.json", broken);
  std::string doubled = report;
  doubled.replace(doubled.find("\"stage\": \"fusion\""), 17, "\"stage\": \"dense\"");
  f.write("doubled.json", doubled);
  f.write("s.json", R"({"baseline": {"q": 0.0}, "candidate": {"q": Infinity}})");
  const std::string report_args = "--set baseline=bm25 --set candidate=dense --set metric=ndcg_at_10 ";

  struct Case {
    std::string args, status, message;
    /// A parameter mistake, refused by the pre-run check before any step runs
    /// (docs/behaviour/comparisons.md §2.5); otherwise the step runs and fails.
    bool before_run = false;
  };
  const std::string absent = (f.dir / "absent.json").string();
  const std::vector<Case> cases{
      {"--set report=r.json --set baseline=bm25 --set candidate=dense --set metric=map", "invalid-argument",
       "metric must be one of 'recall_at_1', 'recall_at_5', 'recall_at_10', 'mrr', 'ndcg_at_10', got 'map'", true},
      {report_args, "invalid-argument", "exactly one of 'report' and 'scores' must be given, got neither", true},
      {report_args + "--set report=broken.json", "invalid-data",
       "stages[1].queries[0].metrics.ndcg_at_10: must be between 0 and 1, got 1.5"},
      {report_args + "--set report=doubled.json", "invalid-data",
       "report contains more than one stage named ['dense']; a comparison cannot say which of them it measured"},
      {"--set report=r.json --set baseline=bm25 --set candidate=dense --set metric=mrr --set resamples=0",
       "invalid-argument", "resamples must be positive, got 0", true},
      {"--set report=r.json --set baseline=bm25 --set candidate=dense --set metric=mrr --set confidence_level=1.5",
       "invalid-argument", "confidence_level must be between 0 and 1, got 1.5", true},
      {"--set report=r.json --set baseline=bm52 --set candidate=dense --set metric=mrr", "invalid-argument",
       "report does not contain stage 'bm52'", true},
      // A data problem comes first in the step's order: the pre-run check leaves it,
      // and the resamples after it, to the step.
      {report_args + "--set report=broken.json --set resamples=0", "invalid-data",
       "stages[1].queries[0].metrics.ndcg_at_10: must be between 0 and 1, got 1.5"},
      {"--set scores=s.json --set baseline=a --set candidate=b --set metric=mrr", "invalid-data",
       "paired bootstrap scores must be finite"},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.args) {
      const Run r = run(f, component(c.args));
      if (c.before_run) {
        BOOST_TEST(r.exit_code == 1);
        // The missing stage's hint, under its error (docs/behaviour/paired-bootstrap.md §12.2).
        const std::string hint = c.message.rfind("report does not contain stage", 0) == 0
                                     ? "      hint: the report's stages: 'bm25', 'dense', 'fusion', 'rerank'\n"
                                     : "";
        BOOST_TEST(r.out == "grk-eval run: --component paired-bootstrap [" + c.status + "]: " + c.message + "\n" + hint);
        BOOST_TEST(r.results.is_null(), "no results document is written");
        continue;
      }
      BOOST_TEST(r.exit_code == 3);
      BOOST_REQUIRE(r.results.is_object());
      BOOST_TEST(step(r).at("status").as_string() == "failed");
      BOOST_TEST(step(r).at("error").at("status").as_string() == c.status);
      BOOST_TEST(step(r).at("error").at("message").as_string() == c.message);
      BOOST_TEST(r.out.find(c.message) != std::string::npos);
    }
  }
  // A report that is not there is the host's to refuse, before any step runs
  // (docs/design.md §4.7 step 5).
  const Run missing = run(f, component(report_args + "--set report=absent.json"));
  BOOST_TEST(missing.exit_code == 1);
  BOOST_TEST(missing.out == "grk-eval run: --set report: '" + absent + "' does not exist\n");
  BOOST_TEST(missing.results.is_null(), "no results document is written");
}

// docs/behaviour/comparisons.md §2.5: a parameter mistake in the last step
// stops the run before the first step runs; nothing is written.
BOOST_AUTO_TEST_CASE(a_bad_value_in_the_second_step_stops_the_run_before_the_first) {
  Fixture f;
  if (!f.ready()) return;
  f.write("r.json", read_all(f.source / "configs/data/reports/example-eval-report.json"));
  const std::string good = R"({"id": "first", "statistic": "paired-bootstrap", "params": {"report": "r.json",
      "baseline": "bm25", "candidate": "dense", "metric": "ndcg_at_10", "resamples": 100}})";
  f.write("run.json", R"({"steps": [)" + good + R"(, {"id": "second", "statistic": "paired-t", "params": {
      "report": "r.json", "baseline": "bm25", "candidate": "dense", "metric": "ndcg_at_10",
      "confidence_level": 1}}]})");
  for (const std::string isolation : {"", " --isolate"}) {
    const Run r = run(f, "run.json" + isolation);
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(r.out == "grk-eval run: run.json: steps[1] (paired-t) [invalid-argument]: "
                        "confidence_level must be between 0 and 1, got 1\n");
    BOOST_TEST(!fs::exists(f.dir / "results.json"), "no step ran, so no results document");
  }
  // Allowed values and the pre-run checks of several steps, in one report.
  f.write("many.json", R"({"steps": [)" + good + R"(,
      {"id": "b", "statistic": "compare-systems", "params": {"report": "r.json", "test": "z", "correction": "BH"}},
      {"id": "c", "statistic": "wilcoxon", "params": {"report": "r.json", "baseline": "bm25", "candidate": "dense",
        "metric": "mrr", "missing_queries": "drop"}},
      {"id": "d", "statistic": "randomization", "params": {"report": "r.json", "baseline": "bm25",
        "candidate": "dense", "metric": "mrr", "permutations": 0}},
      {"id": "e", "statistic": "compare-systems", "params": {"report": "r.json", "systems": "bm25,nope"}}]})");
  const Run many = run(f, "many.json");
  BOOST_TEST(many.exit_code == 1);
  BOOST_TEST(many.out ==
             "grk-eval run: many.json: steps[1].params.test: must be one of: bootstrap, randomization, t, wilcoxon, "
             "tukey-hsd, randomized-tukey-hsd; got 'z'\n"
             "grk-eval run: many.json: steps[1].params.correction: must be one of: holm, bonferroni, holm-sidak, "
             "hommel, bh, by, none; got 'BH'\n"
             "grk-eval run: many.json: steps[2].params.missing_queries: must be one of: error, intersect, zero; "
             "got 'drop'\n"
             "grk-eval run: many.json: steps[3] (randomization) [invalid-argument]: permutations must be positive, "
             "got 0\n"
             "grk-eval run: many.json: steps[4] (compare-systems) [invalid-argument]: systems: unknown system 'nope'; "
             "the input has ['bm25', 'dense', 'fusion', 'rerank']\n");
  BOOST_TEST(!fs::exists(f.dir / "results.json"));
}

// docs/behaviour/comparisons.md §2.5: a report larger than 16 MiB is not read
// before the run; its missing stage fails the step, with its hint recorded.
BOOST_AUTO_TEST_CASE(a_report_past_the_bound_is_left_to_the_step) {
  Fixture f;
  if (!f.ready()) return;
  // The example report and 17 MiB of trailing spaces: still the same JSON.
  f.write("big.json", read_all(f.source / "configs/data/reports/example-eval-report.json") +
                          std::string(std::size_t{17} << 20, ' '));
  const Run r = run(f, component("--set report=big.json --set baseline=bm25 --set candidate=splade --set metric=mrr"));
  BOOST_TEST(r.exit_code == 3);
  BOOST_REQUIRE(r.results.is_object());
  BOOST_TEST(grk::json::write_compact(step(r).at("error")) ==
             R"({"status":"invalid-argument","message":"report does not contain stage 'splade'",)"
             R"("hint":"the report's stages: 'bm25', 'dense', 'fusion', 'rerank'"})");
  BOOST_TEST(r.out.find("FAILED [invalid-argument]: report does not contain stage 'splade'\n"
                        "      hint: the report's stages: 'bm25', 'dense', 'fusion', 'rerank'\n") != std::string::npos,
             r.out);
}

// Allowed values (docs/design.md §5.3) as `--set` and `describe` show them.
BOOST_AUTO_TEST_CASE(allowed_values_are_listed_and_checked_before_the_run) {
  Fixture f;
  if (!f.ready()) return;
  f.write("r.json", read_all(f.source / "configs/data/reports/example-eval-report.json"));
  const Run r = run(f, "--component compare-systems --set report=r.json --set runs_format=csv");
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.out == "grk-eval run: --set runs_format: must be one of: trec_eval, ir_measures, trec_run; got 'csv'\n");
  FILE* pipe = ::popen(("'" + f.host.string() + "' describe compare-systems").c_str(), "r");
  BOOST_REQUIRE(pipe != nullptr);
  std::string described;
  char buffer[4096];
  for (std::size_t got = 0; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) described.append(buffer, got);
  ::pclose(pipe);
  BOOST_TEST(described.find("  test                  string   default \"bootstrap\" bootstrap, randomization, t, "
                            "wilcoxon, tukey-hsd or randomized-tukey-hsd\n                                               "
                            "      one of: bootstrap, randomization, t, wilcoxon, tukey-hsd, randomized-tukey-hsd\n") !=
                 std::string::npos,
             described);
  BOOST_TEST(described.find("  family                string   optional        which p-values are corrected together: all "
                            "(every record, the default) or per-metric") != std::string::npos,
             described);
  // A list that takes a comma-separated string too says so under its description.
  BOOST_TEST(described.find("  systems               list     optional        system names to compare (default: "
                            "every system of the input)\n                                                 a JSON "
                            "array of strings, or one comma-separated string\n") != std::string::npos,
             described);
}

namespace {

/// The SHA-256 of `path` as coreutils' sha256sum computes it (the reference,
/// not the host's own implementation).
std::string sha256sum(const fs::path& path) {
  FILE* pipe = ::popen(("sha256sum '" + path.string() + "'").c_str(), "r");
  BOOST_REQUIRE(pipe != nullptr);
  char digest[65] = {};
  const std::size_t got = std::fread(digest, 1, 64, pipe);
  ::pclose(pipe);
  BOOST_REQUIRE(got == 64u);
  return digest;
}

}  // namespace

// A `paths` param (`runs`): each member resolved against the config's folder,
// and each file hashed into the provenance's inputs with its key.
BOOST_AUTO_TEST_CASE(runs_files_resolve_against_the_config_and_are_hashed_as_inputs) {
  Fixture f;
  if (!f.ready()) return;
  const fs::path bm25 = f.write("study/runs/bm25.txt", "P_10\tq1\t0.1\nP_10\tq2\t0.3\nP_10\tq3\t0.2\n");
  const fs::path dense = f.write("study/runs/dense.txt", "P_10\tq1\t0.4\nP_10\tq2\t0.3\nP_10\tq3\t0.1\n");
  f.write("study/config.json", R"({"steps": [{"id": "t", "statistic": "paired-t",
    "params": {"runs": {"bm25": "runs/bm25.txt", "dense": "runs/dense.txt"}, "baseline": "bm25",
               "candidate": "dense", "metric": "P_10"}}]})");
  const Run r = run(f, "study/config.json");
  BOOST_TEST(r.exit_code == 0, r.out);
  BOOST_REQUIRE(r.results.is_object());
  BOOST_TEST(step(r).at("result").at("metric").as_string() == "P_10");
  BOOST_TEST(step(r).at("result").at("query_count").to_number<int>() == 3);
  BOOST_TEST(grk::json::write_compact(r.results.at("provenance").at("inputs")) ==
             R"([{"step":"t","param":"runs","key":"bm25","path":")" + bm25.string() + R"(","sha256":")" +
                 sha256sum(bm25) + R"("},{"step":"t","param":"runs","key":"dense","path":")" + dense.string() +
                 R"(","sha256":")" + sha256sum(dense) + R"("}])");

  // The one-component form resolves them against the working folder.
  const Run flags = run(f, "--component paired-t --set runs='{\"bm25\": \"study/runs/bm25.txt\", \"dense\": "
                           "\"study/runs/dense.txt\"}' --set baseline=bm25 --set candidate=dense --set metric=P_10");
  BOOST_TEST(flags.exit_code == 0, flags.out);
  BOOST_REQUIRE(flags.results.is_object());
  BOOST_TEST(grk::json::write_compact(step(flags).at("result")) == grk::json::write_compact(step(r).at("result")));
}

// compare-systems' list params (docs/design.md §5.3): `--set a,b`, `--set '["a","b"]'`, a
// config's JSON array and a config's comma-separated string give the same result bytes; a
// value of another type is refused before the run with the list's words.
BOOST_AUTO_TEST_CASE(list_params_from_the_command_line_and_configs_give_the_same_bytes) {
  Fixture f;
  if (!f.ready()) return;
  f.write("r.json", read_all(f.source / "configs/data/reports/example-eval-report.json"));
  const std::string component_args =
      "--component compare-systems --set report=r.json --set baseline=bm25 --set resamples=500 ";
  const Run commas = run(f, component_args + "--set systems=bm25,fusion,dense --set metrics=ndcg_at_10,mrr");
  const Run arrays =
      run(f, component_args + "--set 'systems=[\"bm25\",\"fusion\",\"dense\"]' --set 'metrics=[\"ndcg_at_10\",\"mrr\"]'");
  const auto config = [&](const std::string& systems, const std::string& metrics) {
    f.write("c.json", R"({"steps": [{"id": "compare-systems", "statistic": "compare-systems", "params": {
        "report": "r.json", "baseline": "bm25", "resamples": 500, "systems": )" +
                          systems + R"(, "metrics": )" + metrics + "}}]}");
    return run(f, "c.json");
  };
  const Run listed = config(R"(["bm25", "fusion", "dense"])", R"(["ndcg_at_10", "mrr"])");
  const Run written = config(R"("bm25, fusion, dense")", R"("ndcg_at_10,mrr")");
  for (const Run* r : {&commas, &arrays, &listed, &written}) {
    BOOST_TEST(r->exit_code == 0, r->out);
    BOOST_REQUIRE(r->results.is_object());
  }
  const std::string expected = grk::json::write_compact(step(commas).at("result"));
  BOOST_TEST(step(commas).at("result").at("comparisons").as_array().size() == 4u);
  for (const Run* r : {&arrays, &listed, &written}) BOOST_TEST(grk::json::write_compact(step(*r).at("result")) == expected);

  const Run refused = config("3", R"(["mrr"])");
  BOOST_TEST(refused.exit_code == 1);
  BOOST_TEST(refused.out.find("c.json: steps[0].params.systems: expected list (an array of strings, or one "
                              "comma-separated string), got integer") != std::string::npos,
             refused.out);
}

// The summary names the family and gives p_adj; the raw p-values are the
// component's debug messages, which only `run -v` shows.
BOOST_AUTO_TEST_CASE(the_raw_p_values_show_with_verbose) {
  Fixture f;
  if (!f.ready()) return;
  f.write("r.json", read_all(f.source / "configs/data/reports/example-eval-report.json"));
  const std::string sets = "--component compare-systems --set report=r.json --set metric=mrr --set baseline=bm25 "
                           "--set test=t --set correction=bonferroni";
  const Run quiet = run(f, sets);
  BOOST_TEST(quiet.exit_code == 0, quiet.out);
  BOOST_TEST(quiet.out.find("t test, bonferroni correction over one family of all 3 comparisons, alpha 0.05\n") !=
                 std::string::npos,
             quiet.out);
  BOOST_TEST(quiet.out.find("fusion vs bm25, mrr (n=34): +0.2464, CI [") != std::string::npos, quiet.out);
  BOOST_TEST(quiet.out.find("before correction") == std::string::npos, quiet.out);
  const Run verbose = run(f, sets + " -v");
  BOOST_TEST(verbose.exit_code == 0, verbose.out);
  const auto& records = verbose.results.at("steps").as_array().at(0).at("result").at("comparisons").as_array();
  // Four decimals, or `< 0.0001` below 0.00005, as every summary prints a p.
  const auto shown = [](const boost::json::value& p) {
    const double value = p.to_number<double>();
    if (value < 0.00005) return std::string("< 0.0001");
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", value);
    return std::string(text);
  };
  for (const auto& record : records) {
    const std::string line = "debug: " + std::string(record.at("candidate").as_string()) + " vs bm25, mrr: p " +
                             shown(record.at("p_value_two_sided")) + " before correction, p_adj " +
                             shown(record.at("p_value_adjusted")) + "\n";
    BOOST_TEST(verbose.out.find(line) != std::string::npos, line << verbose.out);
    const std::string summary = "p_adj " + shown(record.at("p_value_adjusted")) + ", ";
    BOOST_TEST(verbose.out.find(summary) != std::string::npos, summary);
  }
  BOOST_TEST(records.size() == 3u);
}
