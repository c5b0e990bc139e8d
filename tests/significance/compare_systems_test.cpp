// compare-systems: every param's bad value names the param, the report and
// runs inputs (trec_eval and ir_measures files written here), baseline
// against all pairs, each correction reaching the records (and equal to R's
// p.adjust over a family), the bootstrap row equal to paired-bootstrap bit
// for bit, the other tests' rows equal to their own components, the
// result's independence of the thread count, and the host's cancellation
// polled between comparisons.
#define BOOST_TEST_MODULE significance_compare_systems
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <grk/abi.h>
#include <grk/context.hpp>
#include <grk/error.hpp>
#include <grk/eval/p_value_adjustment.hpp>
#include <grk/json/writer.hpp>
#include <grk/param.hpp>

#include "components/statistics.hpp"
#include "component_call.hpp"
#include "r_oracle.hpp"

namespace fs = std::filesystem;
using boost::json::object;
using grk::significance::CompareSystemsStatistic;

namespace {

using grk::test::example_report;
using grk::test::Outcome;
using grk::test::run;
using grk::test::TempDir;

object with(object base, const object& extra) {
  for (const auto& member : extra) base[member.key()] = member.value();
  return base;
}

object report_params() { return object{{"report", example_report().string()}, {"resamples", 2000}}; }

const boost::json::array& comparisons(const Outcome& out) {
  return out.result.as_object().at("comparisons").as_array();
}

std::string text(const boost::json::value& record, const char* key) {
  return std::string(record.as_object().at(key).as_string());
}

double number(const boost::json::value& record, const char* key) {
  return record.as_object().at(key).to_number<double>();
}

// Sets or clears GRK_THREADS for the scope.
struct ThreadsSetting {
  explicit ThreadsSetting(const char* value) {
    if (value) ::setenv("GRK_THREADS", value, 1); else ::unsetenv("GRK_THREADS");
  }
  ~ThreadsSetting() { ::unsetenv("GRK_THREADS"); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(every_bad_param_names_the_param) {
  const object base = report_params();
  const std::vector<std::pair<object, std::string>> cases = {
      {object{}, "exactly one of 'report', 'scores' and 'runs' must be given, got none"},
      {with(base, {{"runs", object{{"a", "a.txt"}}}}),
       "exactly one of 'report', 'scores' and 'runs' must be given, got 'report' and 'runs'"},
      {with(base, {{"scores", "s.json"}, {"runs", object{{"a", "a.txt"}}}}),
       "exactly one of 'report', 'scores' and 'runs' must be given, got all three"},
      {object{{"scores", "s.json"}}, "metric must be given with scores (a scores file holds one metric)"},
      {object{{"scores", "s.json"}, {"metric", "P_10"}}, "metric must be one of 'recall_at_1',"},
      {with(base, {{"runs_format", "csv"}}),
       "parameter 'runs_format': must be one of: trec_eval, ir_measures, trec_run; got 'csv'"},
      {with(base, {{"test", "z"}}), "parameter 'test': must be one of: bootstrap, randomization, t, wilcoxon, tukey-hsd, "
                                     "randomized-tukey-hsd; got 'z'"},
      {with(base, {{"correction", "BH"}}),
       "parameter 'correction': must be one of: holm, bonferroni, holm-sidak, hommel, bh, by, none; got 'BH'"},
      {with(base, {{"missing_queries", "drop"}}), "parameter 'missing_queries': must be one of: error, intersect, zero; got 'drop'"},
      {with(base, {{"alpha", 1.5}}), "alpha must be between 0 and 1, got 1.5"},
      {with(base, {{"confidence_level", 0}}), "confidence_level must be between 0 and 1, got 0"},
      {with(base, {{"resamples", 0}}), "resamples must be positive, got 0"},
      {with(base, {{"permutations", -3}}), "permutations must be positive, got -3"},
      {with(base, {{"metric", "mrr"}, {"metrics", "mrr"}}), "give at most one of 'metric' and 'metrics', got both"},
      {with(base, {{"metrics", "mrr,,ndcg_at_10"}}), "metrics must be a comma-separated list of names, got"},
      {with(base, {{"systems", "dense, dense"}}), "systems lists 'dense' twice"},
      {with(base, {{"metrics", "P_10"}}), "metrics: unknown metric 'P_10'"},
      {with(base, {{"metric", "P_10"}}), "metric: unknown metric 'P_10'"},
      {with(base, {{"baseline", "bm26"}}), "baseline: unknown system 'bm26'"},
      {with(base, {{"systems", "dense,nope"}}), "systems: unknown system 'nope'"},
      {with(base, {{"systems", "dense"}}), "systems: at least two systems are needed"},
      {with(base, {{"baseline", "bm25"}, {"systems", "bm25"}}), "systems: no candidate to compare with the baseline 'bm25'"},
      {with(base, {{"per_query", "yes"}}), "parameter 'per_query': expected boolean"},
      {with(base, {{"systems", 3}}),
       "parameter 'systems': expected list (an array of strings, or one comma-separated string), got integer"},
      {with(base, {{"systems", boost::json::array{"dense", 3}}}),
       "parameter 'systems': expected a string at index 1, got integer"},
      {with(base, {{"systems", boost::json::array{"dense"}}}), "systems: at least two systems are needed"},
      {with(base, {{"systems", boost::json::array{"dense", " "}}}), "systems must list non-empty names, got [\"dense\",\" \"]"},
      {with(base, {{"metrics", boost::json::array{}}}), "metrics must list at least one name, got []"},
      {with(base, {{"metrics", ""}}), "metrics must be a comma-separated list of names, got ''"},
      {with(base, {{"systems", boost::json::array{"dense", "fusion", " dense"}}}), "systems lists 'dense' twice"},
      {object{{"runs", "a.txt"}}, "parameter 'runs': expected paths (an object of non-empty path strings), got string"},
      {object{{"runs", object{{"a", 3}}}}, "parameter 'runs': expected a path (a non-empty string) at key 'a', got integer"},
      {object{{"runs", object{{"a", ""}}}}, "parameter 'runs': expected a path (a non-empty string) at key 'a', got an empty string"},
      {object{{"runs", object{}}}, "runs must name at least one system"},
  };
  for (const auto& [params, expected] : cases) {
    const Outcome out = run<CompareSystemsStatistic>(params);
    BOOST_TEST((out.status == grk::Status::invalid_argument), boost::json::serialize(params));
    BOOST_TEST(out.error.find(expected) != std::string::npos, out.error << " | expected: " << expected);
    // Each is a parameter mistake, refused before the run as the step refuses
    // it (docs/behaviour/comparisons.md §2.5).
    const Outcome before = grk::test::prerun<CompareSystemsStatistic>(params);
    BOOST_TEST(before.error == out.error, boost::json::serialize(params));
    BOOST_TEST((before.status == out.status), boost::json::serialize(params));
  }
  const ThreadsSetting threads("0");
  const Outcome out = run<CompareSystemsStatistic>(base);
  BOOST_TEST(out.error == "GRK_THREADS must be a positive integer, got '0'");
}

// systems and metrics as JSON lists or as the comma-separated strings they
// were (docs/behaviour/comparisons.md §10.1): the same bytes.
BOOST_AUTO_TEST_CASE(lists_and_comma_strings_give_the_same_bytes) {
  const object base = with(report_params(), {{"baseline", "bm25"}});
  const Outcome listed = run<CompareSystemsStatistic>(
      with(base, {{"systems", boost::json::array{"bm25", "fusion", "dense"}},
                  {"metrics", boost::json::array{"ndcg_at_10", "mrr"}}}));
  BOOST_REQUIRE_MESSAGE(listed.error.empty(), listed.error);
  BOOST_TEST(comparisons(listed).size() == 4u);
  for (const auto& [systems, metrics] : {std::pair<const char*, const char*>{"bm25,fusion,dense", "ndcg_at_10,mrr"},
                                         {"bm25, fusion ,dense", " ndcg_at_10, mrr"}}) {
    const Outcome written = run<CompareSystemsStatistic>(with(base, {{"systems", systems}, {"metrics", metrics}}));
    BOOST_TEST(boost::json::serialize(written.result) == boost::json::serialize(listed.result), systems);
  }
  // Spaces around an array's names are ignored as a string's are.
  const Outcome spaced = run<CompareSystemsStatistic>(
      with(base, {{"systems", boost::json::array{"bm25", " fusion", "dense "}},
                  {"metrics", boost::json::array{"ndcg_at_10", "mrr"}}}));
  BOOST_TEST(boost::json::serialize(spaced.result) == boost::json::serialize(listed.result));
}

BOOST_AUTO_TEST_CASE(baseline_against_candidates_and_all_pairs) {
  const Outcome against = run<CompareSystemsStatistic>(with(report_params(), {{"baseline", "bm25"}}));
  BOOST_REQUIRE_MESSAGE(against.error.empty(), against.error);
  BOOST_TEST(against.result.at("family_size").to_number<int>() == 15);
  BOOST_TEST(against.result.at("test").as_string() == "bootstrap");
  BOOST_TEST(against.result.at("correction").as_string() == "holm");
  const char* candidates[] = {"dense", "fusion", "rerank"};
  const char* metrics[] = {"recall_at_1", "recall_at_5", "recall_at_10", "mrr", "ndcg_at_10"};
  for (std::size_t i = 0; i < 15; ++i) {
    const auto& record = comparisons(against)[i];
    BOOST_TEST(text(record, "baseline") == "bm25");
    BOOST_TEST(text(record, "candidate") == candidates[i / 5]);
    BOOST_TEST(text(record, "metric") == metrics[i % 5]);
    BOOST_TEST(text(record, "test") == "paired-bootstrap");
  }

  const Outcome pairs = run<CompareSystemsStatistic>(with(report_params(), {{"metric", "mrr"}}));
  BOOST_REQUIRE_MESSAGE(pairs.error.empty(), pairs.error);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"bm25", "dense"}, {"bm25", "fusion"}, {"bm25", "rerank"},
      {"dense", "fusion"}, {"dense", "rerank"}, {"fusion", "rerank"}};
  BOOST_REQUIRE_EQUAL(comparisons(pairs).size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    BOOST_TEST(text(comparisons(pairs)[i], "baseline") == expected[i].first);
    BOOST_TEST(text(comparisons(pairs)[i], "candidate") == expected[i].second);
  }

  const Outcome chosen = run<CompareSystemsStatistic>(
      with(report_params(), {{"baseline", "fusion"}, {"systems", "rerank, bm25"}, {"metrics", "ndcg_at_10,mrr"}}));
  BOOST_REQUIRE_MESSAGE(chosen.error.empty(), chosen.error);
  BOOST_REQUIRE_EQUAL(comparisons(chosen).size(), 4u);
  BOOST_TEST(text(comparisons(chosen)[0], "candidate") == "rerank");
  BOOST_TEST(text(comparisons(chosen)[0], "metric") == "ndcg_at_10");
  BOOST_TEST(text(comparisons(chosen)[3], "candidate") == "bm25");
  BOOST_TEST(text(comparisons(chosen)[3], "metric") == "mrr");
  BOOST_TEST(chosen.summary.find("bootstrap test, holm correction over one family of all 4 comparisons, alpha 0.05") == 0u);
}

BOOST_AUTO_TEST_CASE(bootstrap_rows_equal_paired_bootstrap_bit_for_bit) {
  for (const object& extra : {object{}, object{{"seed", -123456789}, {"resamples", 777}, {"confidence_level", 0.9}}}) {
    const Outcome family = run<CompareSystemsStatistic>(with(report_params(), extra));
    BOOST_REQUIRE_MESSAGE(family.error.empty(), family.error);
    BOOST_REQUIRE_EQUAL(comparisons(family).size(), 30u);
    for (const auto& record : comparisons(family)) {
      object single{{"report", example_report().string()}, {"baseline", text(record, "baseline")},
                    {"candidate", text(record, "candidate")}, {"metric", text(record, "metric")}};
      single["resamples"] = extra.contains("resamples") ? extra.at("resamples") : boost::json::value(2000);
      if (extra.contains("seed")) single["seed"] = extra.at("seed");
      if (extra.contains("confidence_level")) single["confidence_level"] = extra.at("confidence_level");
      const Outcome alone = run<grk::significance::PairedBootstrapStatistic>(single);
      BOOST_REQUIRE_MESSAGE(alone.error.empty(), alone.error);
      for (const char* key : {"effect", "confidence_interval_low", "confidence_interval_high", "p_value_two_sided"}) {
        BOOST_TEST(number(record, key) == number(alone.result, key), key);
      }
      BOOST_TEST(record.at("query_count") == alone.result.at("query_count"));
    }
  }
}

template <class Component>
void rows_equal_component(const char* test) {
  const Outcome family = run<CompareSystemsStatistic>(
      with(report_params(), {{"test", test}, {"baseline", "bm25"}, {"correction", "none"}}));
  BOOST_REQUIRE_MESSAGE(family.error.empty(), family.error);
  for (const auto& record : comparisons(family)) {
    object single{{"report", example_report().string()}, {"baseline", "bm25"},
                  {"candidate", text(record, "candidate")}, {"metric", text(record, "metric")}};
    if (std::string(test) != "t") single["resamples"] = 2000;
    const Outcome alone = run<Component>(single);
    BOOST_REQUIRE_MESSAGE(alone.error.empty(), alone.error);
    // With correction none, the record is the component's own, field for field.
    BOOST_TEST(boost::json::serialize(record) == boost::json::serialize(alone.result));
  }
}

BOOST_AUTO_TEST_CASE(other_tests_rows_equal_their_components) {
  rows_equal_component<grk::significance::PairedTStatistic>("t");
  rows_equal_component<grk::significance::WilcoxonStatistic>("wilcoxon");
  rows_equal_component<grk::significance::RandomizationStatistic>("randomization");
}

BOOST_AUTO_TEST_CASE(every_correction_reaches_the_records) {
  using grk::eval::Correction;
  const std::pair<const char*, Correction> corrections[] = {
      {"holm", Correction::holm}, {"bonferroni", Correction::bonferroni}, {"holm-sidak", Correction::holm_sidak},
      {"hommel", Correction::hommel}, {"bh", Correction::bh}, {"by", Correction::by}, {"none", Correction::none}};
  for (const auto& [name, correction] : corrections) {
    const Outcome out = run<CompareSystemsStatistic>(
        with(report_params(), {{"test", "t"}, {"correction", name}, {"alpha", 0.01}}));
    BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
    BOOST_TEST(out.result.at("correction").as_string() == name);
    std::vector<double> raw;
    for (const auto& record : comparisons(out)) raw.push_back(number(record, "p_value_two_sided"));
    const std::vector<double> adjusted = grk::eval::adjust(raw, correction);
    for (std::size_t i = 0; i < raw.size(); ++i) {
      const auto& record = comparisons(out)[i];
      BOOST_TEST(number(record, "p_value_adjusted") == adjusted[i], name << " [" << i << "]");
      BOOST_TEST(record.at("significant").as_bool() == (adjusted[i] < 0.01));
      BOOST_TEST(number(record, "alpha") == 0.01);
    }
  }
}

BOOST_AUTO_TEST_CASE(adjusted_p_values_equal_r_p_adjust, *boost::unit_test::precondition(grk::test::r_available)) {
  const char* methods[][2] = {{"holm", "holm"}, {"bonferroni", "bonferroni"}, {"hommel", "hommel"},
                              {"bh", "BH"}, {"by", "BY"}};
  for (const auto& method : methods) {
    const Outcome out = run<CompareSystemsStatistic>(with(report_params(), {{"test", "t"}, {"correction", method[0]}}));
    BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
    std::string input;
    for (const auto& record : comparisons(out)) {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%a ", number(record, "p_value_two_sided"));
      input += buffer;
    }
    const std::string script = std::string("p <- as.numeric(strsplit(trimws(readLines(commandArgs(trailingOnly = TRUE)[1])), ' ')[[1]])\n") +
                               "cat(sprintf('%.17g', p.adjust(p, method = '" + method[1] + "')), sep = '\\n')\n";
    const auto output = grk::test::run_r(script, input + "\n");
    BOOST_REQUIRE_MESSAGE(output, "Rscript failed");
    std::istringstream lines(*output);
    for (const auto& record : comparisons(out)) {
      std::string line;
      BOOST_REQUIRE(std::getline(lines, line));
      const double expected = std::strtod(line.c_str(), nullptr);
      const double ours = number(record, "p_value_adjusted");
      BOOST_TEST(std::fabs(ours - expected) <= 1e-12 * std::fabs(expected), method[0] << ": " << ours << " vs " << expected);
    }
  }
}

BOOST_AUTO_TEST_CASE(runs_input_trec_eval_and_ir_measures) {
  const TempDir dir;
  // trec_eval -q: measure padded with spaces, `all` rows and runid skipped.
  dir.write("bm25.txt",
            "runid                 \tall\tbm25\nP_10                  \tq1\t0.1000\nP_10                  \tq2\t0.3000\n"
            "P_10                  \tq3\t0.2000\nmap                   \tq1\t0.5\nmap                   \tq2\t0.25\n"
            "map                   \tq3\t0.5\nP_10                  \tall\t0.2000\n");
  dir.write("dense.txt",
            "P_10                  \tq1\t0.4000\nP_10                  \tq2\t0.3000\nP_10                  \tq3\t0.1000\n"
            "map                   \tq1\t0.75\nmap                   \tq2\t0.5\nmap                   \tq3\t0.25\n"
            "ndcg                  \tq1\t0.75\n");
  const object runs{{"bm25", (dir.path / "bm25.txt").string()}, {"dense", (dir.path / "dense.txt").string()}};
  const Outcome out = run<CompareSystemsStatistic>(object{{"runs", runs}, {"test", "t"}, {"per_query", true}});
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  BOOST_REQUIRE_EQUAL(comparisons(out).size(), 2u);  // P_10 and map: the measures both files have
  const auto& p10 = comparisons(out)[0];
  BOOST_TEST(text(p10, "metric") == "P_10");
  BOOST_TEST(number(p10, "baseline_mean") == (0.1 + 0.3 + 0.2) / 3);
  const auto& deltas = p10.at("per_query_deltas").as_object();
  BOOST_TEST(deltas.at("q1").as_double() == 0.4 - 0.1);
  BOOST_TEST(deltas.at("q2").as_double() == 0.0);
  BOOST_TEST(deltas.at("q3").as_double() == 0.1 - 0.2);
  BOOST_TEST(text(comparisons(out)[1], "metric") == "map");

  const Outcome missing = run<CompareSystemsStatistic>(
      object{{"runs", runs}, {"metric", "ndcg"}});
  BOOST_TEST(missing.error.find("metric: measure 'ndcg' is not in the runs file of system 'bm25'") == 0u,
             missing.error);

  // ir_measures -q: query id first; a third system with a query fewer.
  dir.write("a.tsv", "q1\tnDCG@10\t0.5\nq2\tnDCG@10\t0.25\nq3\tnDCG@10\t0.75\n");
  dir.write("b.tsv", "q1\tnDCG@10\t0.75\nq2\tnDCG@10\t0.5\nq3\tnDCG@10\t0.5\n");
  dir.write("c.tsv", "q1\tnDCG@10\t1\nq2\tnDCG@10\t0.5\n");
  const object ir{{"a", (dir.path / "a.tsv").string()}, {"b", (dir.path / "b.tsv").string()},
                  {"c", (dir.path / "c.tsv").string()}};
  const object ir_params{{"runs", ir}, {"runs_format", "ir_measures"},
                         {"metric", "nDCG@10"}, {"baseline", "a"}, {"resamples", 100}};
  const Outcome refused = run<CompareSystemsStatistic>(ir_params);
  BOOST_TEST((refused.status == grk::Status::invalid_data));
  BOOST_TEST(refused.error.find("missing from 'c': ['q3']") != std::string::npos, refused.error);

  const Outcome intersect = run<CompareSystemsStatistic>(with(ir_params, {{"missing_queries", "intersect"}}));
  BOOST_REQUIRE_MESSAGE(intersect.error.empty(), intersect.error);
  const auto& counts = intersect.result.at("queries").at("metrics").at("nDCG@10");
  BOOST_TEST(counts.at("compared").to_number<int>() == 2);
  BOOST_TEST(counts.at("dropped").to_number<int>() == 1);
  BOOST_TEST(comparisons(intersect)[0].at("query_count").to_number<int>() == 2);

  const Outcome zero = run<CompareSystemsStatistic>(with(ir_params, {{"missing_queries", "zero"}, {"per_query", true}}));
  BOOST_REQUIRE_MESSAGE(zero.error.empty(), zero.error);
  BOOST_TEST(zero.result.at("queries").at("metrics").at("nDCG@10").at("filled").at("c").to_number<int>() == 1);
  BOOST_TEST(comparisons(zero)[1].at("per_query_deltas").at("q3").as_double() == 0.0 - 0.75);

  dir.write("d.tsv", "q1\tnDCG@10\t0.5\nq2 nDCG@10 0.25\n");
  const Outcome bad_line = run<CompareSystemsStatistic>(
      with(ir_params, {{"runs", object{{"a", (dir.path / "a.tsv").string()}, {"d", (dir.path / "d.tsv").string()}}}}));
  BOOST_TEST((bad_line.status == grk::Status::invalid_data));
  BOOST_TEST(bad_line.error.find("d.tsv' line 2: not") != std::string::npos, bad_line.error);
}

BOOST_AUTO_TEST_CASE(result_does_not_depend_on_the_thread_count) {
  for (const char* test : {"bootstrap", "randomization", "t", "wilcoxon"}) {
    const object params = with(report_params(), {{"test", test}, {"per_query", true}, {"permutations", 3000}});
    std::string one;
    std::string three;
    std::string all;
    {
      const ThreadsSetting threads("1");
      one = boost::json::serialize(run<CompareSystemsStatistic>(params).result);
    }
    {
      const ThreadsSetting threads("3");
      three = boost::json::serialize(run<CompareSystemsStatistic>(params).result);
    }
    {
      const ThreadsSetting threads(nullptr);
      all = boost::json::serialize(run<CompareSystemsStatistic>(params).result);
    }
    BOOST_TEST(one.size() > 1000u);
    BOOST_TEST(one == three, test);
    BOOST_TEST(one == all, test);
  }
}

// configs/data/runs holds the example report's per-query metrics as trec_eval
// files (make_runs.py there): the same table from either input, row for row,
// whatever the test; only the metric names are the files' own.
BOOST_AUTO_TEST_CASE(the_example_runs_files_give_the_example_reports_table) {
  const fs::path runs_dir = example_report().parent_path().parent_path() / "runs";
  object runs;
  for (const char* system : {"bm25", "dense", "fusion", "rerank"}) {
    runs[system] = (runs_dir / (std::string(system) + ".txt")).string();
  }
  for (const char* test : {"bootstrap", "t", "wilcoxon", "randomization"}) {
    const object common{{"baseline", "bm25"}, {"test", test}, {"resamples", 500}, {"correction", "by"}};
    const Outcome from_report = run<CompareSystemsStatistic>(
        with(common, {{"report", example_report().string()}, {"metrics", "ndcg_at_10,mrr"}}));
    const Outcome from_runs =
        run<CompareSystemsStatistic>(with(common, {{"runs", runs}, {"metrics", "ndcg_cut_10, recip_rank"}}));
    BOOST_REQUIRE_MESSAGE(from_report.error.empty() && from_runs.error.empty(), from_report.error + from_runs.error);
    BOOST_REQUIRE_EQUAL(comparisons(from_report).size(), 6u);
    BOOST_REQUIRE_EQUAL(comparisons(from_runs).size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) {
      boost::json::value report_row = comparisons(from_report)[i];
      boost::json::value runs_row = comparisons(from_runs)[i];
      BOOST_TEST(text(runs_row, "metric") == (i % 2 == 0 ? "ndcg_cut_10" : "recip_rank"));
      report_row.as_object().erase("metric");
      runs_row.as_object().erase("metric");
      BOOST_TEST(grk::json::write_compact(report_row) == grk::json::write_compact(runs_row), test << " row " << i);
    }
  }
}

namespace {

// A host that answers "stop" from its `stop_at`-th cancellation check on
// (SDK 1.2, docs/design.md §2.6), counting the checks and the last progress.
struct CancellingHost {
  std::size_t stop_at = 0;
  std::atomic<std::size_t> asked{0};
  std::uint64_t last_done = 0;
  std::uint64_t last_total = 0;
  grk_host_api table{};

  explicit CancellingHost(std::size_t stop) : stop_at(stop) {
    table.struct_size = sizeof(grk_host_api);
    table.abi_version = GRK_ABI_VERSION;
    table.progress = [](void* ctx, const char*, std::uint64_t done, std::uint64_t total, std::uint64_t) {
      static_cast<CancellingHost*>(ctx)->last_done = done;
      static_cast<CancellingHost*>(ctx)->last_total = total;
    };
    table.cancelled = [](void* ctx) -> std::int32_t {
      auto* host = static_cast<CancellingHost*>(ctx);
      return ++host->asked >= host->stop_at ? 1 : 0;
    };
  }

  // compute() on the report's 30 comparisons (with `extra` params):
  // `<status>: <message>` of what it threw, empty when it finished.
  std::string failure(const object& extra = {}) {
    grk::Context context(&table, this);
    auto resolved = grk::validate_params(CompareSystemsStatistic::params(), with(report_params(), extra));
    BOOST_REQUIRE(resolved.has_value());
    try {
      CompareSystemsStatistic().compute(grk::Params(std::move(*resolved)), context);
    } catch (const grk::Error& error) {
      return std::string(grk::status_name(error.status())) + ": " + error.what();
    }
    return "";
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_cancelled_family_stops_between_comparisons) {
  const ThreadsSetting one("1");
  // Asked before each comparison: the fourth answer stops it, three comparisons done.
  CancellingHost cancelling(4);
  BOOST_TEST(cancelling.failure() == "cancelled: cancelled: the run was interrupted");
  BOOST_TEST(cancelling.asked.load() == 4u);
  BOOST_TEST((cancelling.last_done == 3u && cancelling.last_total == 30u));

  // A host that never says stop is asked once per comparison and gets the whole family.
  CancellingHost patient(31);
  BOOST_TEST(patient.failure() == "");
  BOOST_TEST(patient.asked.load() == 30u);
  BOOST_TEST((patient.last_done == 30u && patient.last_total == 30u));
}

// The randomised Tukey HSD's draws come before any comparison, in blocks of
// 256 permutations: the host is asked before each block, and a stop there
// ends the analysis, with no comparison begun.
BOOST_AUTO_TEST_CASE(a_cancelled_randomized_tukey_stops_between_blocks_of_draws) {
  const ThreadsSetting one("1");
  const object tukey{{"test", "randomized-tukey-hsd"}, {"permutations", 2560}};
  CancellingHost cancelling(3);
  BOOST_TEST(cancelling.failure(tukey) == "cancelled: cancelled: the run was interrupted");
  BOOST_TEST(cancelling.asked.load() == 3u);
  BOOST_TEST(cancelling.last_total == 0u);  // no comparison reported
  // Ten blocks per metric, then one ask per comparison.
  CancellingHost patient(1000);
  BOOST_TEST(patient.failure(tukey) == "");
  BOOST_TEST(patient.asked.load() == 10u * 5u + 30u);
}

BOOST_AUTO_TEST_CASE(a_cancelled_family_on_threads_stops_every_thread) {
  const ThreadsSetting two("2");
  CancellingHost cancelling(1);
  BOOST_TEST(cancelling.failure() == "cancelled: cancelled: the run was interrupted");
  // A thread asks at most once, hears "stop" and starts nothing: no progress at all.
  BOOST_TEST(cancelling.asked.load() >= 1u);
  BOOST_TEST(cancelling.asked.load() <= 2u);
  BOOST_TEST(cancelling.last_done == 0u);
}

// A run compared with its copy, or with a run that is better by the same
// amount on every query, leaves the t-test undefined: the family keeps that
// comparison, untestable (null interval and p, not significant, the reason),
// counts it as p = 1 in the correction and compares the rest
// (docs/behaviour/comparisons.md §10.8). Wilcoxon is undefined only on the copy.
BOOST_AUTO_TEST_CASE(an_untestable_pair_stays_in_the_family_and_fails_nothing) {
  TempDir dir;
  const auto scores = dir.write("scores.json", R"({"systems": {
      "a":    {"q1": 0.25, "q2": 0.5, "q3": 0.125, "q4": 0.0},
      "copy": {"q1": 0.25, "q2": 0.5, "q3": 0.125, "q4": 0.0},
      "b":    {"q1": 0.75, "q2": 0.5, "q3": 1.0, "q4": 0.25},
      "up":   {"q1": 0.75, "q2": 1.0, "q3": 0.625, "q4": 0.5}}})");
  const Outcome t = run<CompareSystemsStatistic>(
      object{{"scores", scores.string()}, {"metric", "m"}, {"baseline", "a"}, {"test", "t"}, {"correction", "holm"}});
  BOOST_REQUIRE_MESSAGE(t.error.empty(), t.error);
  const auto& records = comparisons(t);
  BOOST_REQUIRE_EQUAL(records.size(), 3U);
  const std::string constant = "every query has the same delta, so the t statistic is undefined (R: data are essentially constant)";
  for (const std::size_t i : {std::size_t{0}, std::size_t{2}}) {
    const auto& record = records[i].as_object();
    BOOST_TEST(record.at("untestable").as_string() == constant);
    for (const char* undefined :
         {"confidence_interval_low", "confidence_interval_high", "p_value_two_sided", "p_value_adjusted"}) {
      BOOST_TEST(record.at(undefined).is_null(), undefined);
    }
    BOOST_TEST(record.at("significant").as_bool() == false);
  }
  BOOST_TEST(number(records[2], "effect") == 0.5);
  BOOST_TEST(records[2].at("wins").to_number<int>() == 4);
  BOOST_TEST(!records[1].as_object().contains("untestable"));
  const double p_b = number(records[1], "p_value_two_sided");
  BOOST_TEST(number(records[1], "p_value_adjusted") == grk::eval::adjust({1.0, p_b, 1.0}, grk::eval::Correction::holm)[1]);
  BOOST_TEST(t.result.at("family_size").to_number<int>() == 3);
  BOOST_TEST(t.summary.find("\n  copy vs a, m (n=4): +0.0000, not tested: " + constant + " (paired-t)\n") !=
             std::string::npos, t.summary);

  const Outcome wilcoxon = run<CompareSystemsStatistic>(
      object{{"scores", scores.string()}, {"metric", "m"}, {"baseline", "a"}, {"test", "wilcoxon"}});
  BOOST_REQUIRE_MESSAGE(wilcoxon.error.empty(), wilcoxon.error);
  BOOST_TEST(comparisons(wilcoxon)[0].at("untestable").as_string() ==
             "every delta is zero, so the signed-rank test has nothing to rank (R: not enough (non-missing) 'x' "
             "observations)");
  BOOST_TEST(!comparisons(wilcoxon)[2].as_object().contains("untestable"));
}
