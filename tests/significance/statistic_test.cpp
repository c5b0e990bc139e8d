// The paired-bootstrap statistic as the host calls it: parameters, input
// files on disk, the result JSON (field order, report float format), the
// summary, and every failure with its status and message.
#define BOOST_TEST_MODULE significance_statistic
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../eval_report/example_report.hpp"
#include <grk/context.hpp>
#include <grk/error.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/param.hpp>
#include "component_call.hpp"
#include "components/statistics.hpp"

namespace fs = std::filesystem;
using boost::json::object;
using grk::significance::PairedBootstrapStatistic;

namespace {

using grk::test::Outcome;
using grk::test::TempDir;

Outcome run(const object& given) { return grk::test::run<PairedBootstrapStatistic>(given); }

std::string source_dir() {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  return source ? source : "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_reference_example_report_gives_the_documented_numbers) {
  TempDir dir;
  const fs::path report = dir.write("report.json", grk_test::reference_example_report);
  const Outcome out = run(object{{"report", report.string()}, {"baseline", "bm25"}, {"candidate", "dense"},
                                 {"metric", "ndcg_at_10"}});
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  // The whole result, in field order, as the host's results document holds it.
  BOOST_TEST(grk::json::write_compact(out.result) ==
             "{\"baseline\":\"bm25\",\"candidate\":\"dense\",\"metric\":\"ndcg_at_10\",\"query_count\":1,"
             "\"resamples\":10000,\"seed\":7,\"confidence_level\":0.95,\"effect\":0.36907024642854247,"
             "\"confidence_interval_low\":0.36907024642854247,\"confidence_interval_high\":0.36907024642854247,"
             "\"p_value_two_sided\":0.00019998000199980003,\"significant\":true,"
             "\"method\":\"paired bootstrap over query-level candidate-minus-baseline deltas\"}");
  BOOST_TEST(PairedBootstrapStatistic().summarize(out.result) ==
             "dense vs bm25, ndcg_at_10 (n=1): +0.3691, 95% CI [+0.3691, +0.3691], p (ASL) 0.0002, significant");
}

BOOST_AUTO_TEST_CASE(the_repo_example_report_fusion_against_bm25) {
  const fs::path report = fs::path(source_dir()) / "configs/data/reports/example-eval-report.json";
  BOOST_REQUIRE(fs::exists(report));
  // Expected digits: bench/significance/reference_bootstrap.py on CPython 3.11.7.
  const Outcome out = run(object{{"report", report.string()}, {"baseline", "bm25"}, {"candidate", "fusion"},
                                 {"metric", "ndcg_at_10"}});
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  const object& r = out.result.as_object();
  BOOST_TEST(r.at("query_count").to_number<int>() == 34);
  BOOST_TEST(r.at("effect").as_double() == 0.2337732622131842);
  BOOST_TEST(r.at("confidence_interval_low").as_double() == 0.06851823693566549);
  BOOST_TEST(r.at("confidence_interval_high").as_double() == 0.3926294354158374);
  BOOST_TEST(r.at("p_value_two_sided").as_double() == 0.006999300069993001);
  BOOST_TEST(PairedBootstrapStatistic().summarize(out.result) ==
             "fusion vs bm25, ndcg_at_10 (n=34): +0.2338, 95% CI [+0.0685, +0.3926], p (ASL) 0.0070, significant");
  const Outcome mrr = run(object{{"report", report.string()}, {"baseline", "bm25"}, {"candidate", "dense"},
                                 {"metric", "mrr"}, {"confidence_level", 0.9}, {"resamples", 2000}});
  BOOST_TEST(PairedBootstrapStatistic().summarize(mrr.result).find("dense vs bm25, mrr (n=34): +0.0024, 90% CI") == 0u);
}

BOOST_AUTO_TEST_CASE(scores_files_pair_by_id_and_label_the_result) {
  TempDir dir;
  const fs::path scores = dir.write(
      "scores.json", R"({"candidate": {"q3": 0.4, "q1": 0.3, "q2": 0.8}, "baseline": {"q1": 0.1, "q2": 0.9, "q3": 0.2}})");
  const Outcome out = run(object{{"scores", scores.string()}, {"baseline", "old"}, {"candidate", "new"},
                                 {"metric", "mrr"}, {"resamples", 200}, {"seed", 11}});
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  BOOST_TEST(grk::json::write_compact(out.result) ==
             "{\"baseline\":\"old\",\"candidate\":\"new\",\"metric\":\"mrr\",\"query_count\":3,\"resamples\":200,"
             "\"seed\":11,\"confidence_level\":0.95,\"effect\":0.10000000000000002,"
             "\"confidence_interval_low\":-0.09999999999999998,\"confidence_interval_high\":0.20000000000000004,"
             "\"p_value_two_sided\":0.06965174129353234,\"significant\":false,"
             "\"method\":\"paired bootstrap over query-level candidate-minus-baseline deltas\"}");
  BOOST_TEST(PairedBootstrapStatistic().summarize(out.result) ==
             "new vs old, mrr (n=3): +0.1000, 95% CI [-0.1000, +0.2000], p (ASL) 0.0697, not significant");
}

// The resample means run on GRK_THREADS threads (two when given more, and
// only for runs of a million draws or more): the same bytes for any count.
BOOST_AUTO_TEST_CASE(grk_threads_changes_the_speed_not_the_bytes) {
  TempDir dir;
  std::ostringstream text;
  text << R"({"baseline": {)";
  for (int q = 0; q < 1000; ++q) text << (q ? "," : "") << "\"q" << q << "\": " << (q % 17) / 16.0;
  text << R"(}, "candidate": {)";
  for (int q = 0; q < 1000; ++q) text << (q ? "," : "") << "\"q" << q << "\": " << (q % 13) / 12.0;
  text << "}}";
  const fs::path scores = dir.write("scores.json", text.str());
  const object params{{"scores", scores.string()}, {"baseline", "old"}, {"candidate", "new"},
                      {"metric", "mrr"}, {"resamples", 3001}, {"seed", -5}};
  std::string first;
  for (const char* threads : {"1", "2", "3"}) {
    ::setenv("GRK_THREADS", threads, 1);
    const Outcome out = run(params);
    BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
    const std::string bytes = grk::json::write_compact(out.result);
    if (first.empty()) first = bytes;
    BOOST_TEST(bytes == first, "GRK_THREADS=" << threads);
  }
  ::setenv("GRK_THREADS", "0", 1);
  BOOST_TEST(run(params).error == "GRK_THREADS must be a positive integer, got '0'");
  ::unsetenv("GRK_THREADS");
}

BOOST_AUTO_TEST_CASE(parameter_failures) {
  TempDir dir;
  const fs::path scores = dir.write("s.json", R"({"baseline": {"q": 0}, "candidate": {"q": 1}})");
  const object base{{"baseline", "a"}, {"candidate", "b"}, {"metric", "mrr"}};
  object neither = base;
  BOOST_TEST(run(neither).error == "exactly one of 'report' and 'scores' must be given, got neither");
  object both = base;
  both["scores"] = scores.string();
  both["report"] = scores.string();
  BOOST_TEST(run(both).error == "exactly one of 'report' and 'scores' must be given, got both");
  BOOST_TEST(static_cast<int>(run(both).status) == static_cast<int>(grk::Status::invalid_argument));
  object metric = base;
  metric["scores"] = (dir.path / "absent.json").string();
  metric["metric"] = "MRR";
  BOOST_TEST(run(metric).error ==
             "metric must be one of 'recall_at_1', 'recall_at_5', 'recall_at_10', 'mrr', 'ndcg_at_10', got 'MRR'");
  object level = base;
  level["scores"] = scores.string();
  level["confidence_level"] = 1;
  BOOST_TEST(run(level).error == "confidence_level must be between 0 and 1, got 1");
  level["confidence_level"] = 1.0;
  BOOST_TEST(run(level).error == "confidence_level must be between 0 and 1, got 1.0");
  object resamples = base;
  resamples["scores"] = scores.string();
  resamples["resamples"] = -1;
  BOOST_TEST(run(resamples).error == "resamples must be positive, got -1");
  object seed = base;
  seed["scores"] = scores.string();
  seed["seed"] = std::int64_t{-9223372036854775807LL - 1};
  BOOST_TEST(run(seed).result.as_object().at("seed").as_int64() == std::int64_t{-9223372036854775807LL - 1});
}

BOOST_AUTO_TEST_CASE(input_file_failures) {
  TempDir dir;
  const object base{{"baseline", "bm25"}, {"candidate", "dense"}, {"metric", "mrr"}};
  const auto with = [&](const char* key, const fs::path& path) {
    object given = base;
    given[key] = path.string();
    return run(given);
  };
  const fs::path absent = dir.path / "absent.json";
  const Outcome missing = with("scores", absent);
  BOOST_TEST(missing.error == "cannot read scores file '" + absent.string() +
                                  "': [Errno 2] No such file or directory: '" + absent.string() + "'");
  BOOST_TEST(static_cast<int>(missing.status) == static_cast<int>(grk::Status::not_found));
  const Outcome directory = with("report", dir.path);
  BOOST_TEST(directory.error == "cannot read report '" + dir.path.string() + "': [Errno 21] Is a directory: '" +
                                    dir.path.string() + "'");
  BOOST_TEST(static_cast<int>(directory.status) == static_cast<int>(grk::Status::io_error));
  const fs::path latin1 = dir.write("latin1.json", "{\"baseline\": {\"caf\xe9\": 1}}");
  BOOST_TEST(with("scores", latin1).error ==
             "scores file '" + latin1.string() +
                 "' is not valid UTF-8: 'utf-8' codec can't decode byte 0xe9 in position 18: invalid continuation byte");
  const fs::path broken = dir.write("broken.json", "{\"baseline\": {\"q\": 1,}}");
  const Outcome bad_json = with("report", broken);
  BOOST_TEST(bad_json.error == "report '" + broken.string() +
                                   "' is not valid JSON: Expecting property name enclosed in double quotes: line 1 "
                                   "column 22 (char 21)");
  BOOST_TEST(static_cast<int>(bad_json.status) == static_cast<int>(grk::Status::invalid_data));
}

BOOST_AUTO_TEST_CASE(scores_file_content_failures) {
  TempDir dir;
  const object base{{"baseline", "a"}, {"candidate", "b"}, {"metric", "mrr"}};
  const auto with = [&](const std::string& text) {
    object given = base;
    given["scores"] = dir.write("s.json", text).string();
    return run(given).error;
  };
  BOOST_TEST(with("[1]") == "(scores): must be an object with keys \"baseline\" and \"candidate\", got [1]");
  BOOST_TEST(with(R"({"candidate": {}})") == "baseline: required key missing");
  BOOST_TEST(with(R"({"baseline": {}, "candidate": [0.5]})") ==
             "candidate: must be an object mapping query ids to scores, got [0.5]");
  BOOST_TEST(with(R"({"baseline": {"q-1": "0.5"}, "candidate": {}})") ==
             "baseline[\"q-1\"]: must be a number, got \"0.5\"");
  BOOST_TEST(with(R"({"baseline": {"q": true}, "candidate": {}})") == "baseline[\"q\"]: must be a number, got true");
  BOOST_TEST(with(R"({"baseline": {}, "candidate": {}, "notes": 1})") ==
             "\"notes\": unknown key; a scores file holds only \"baseline\" and \"candidate\"");
  // NaN and Infinity are numbers to json.loads; the bootstrap refuses the delta.
  BOOST_TEST(with(R"({"baseline": {"q": 0}, "candidate": {"q": NaN}})") == "paired bootstrap scores must be finite");
  // A repeated id keeps its last score, as json.loads does.
  const std::string last = with(R"({"baseline": {"q": 5, "q": 0}, "candidate": {"q": 1}})");
  BOOST_TEST(last.empty());
}

BOOST_AUTO_TEST_CASE(report_failures_name_the_json_path) {
  TempDir dir;
  std::string text = grk_test::reference_example_report;
  const auto replace = [](std::string s, const std::string& from, const std::string& to) {
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  const auto with = [&](const std::string& body, const char* candidate = "dense") {
    object given{{"report", dir.write("r.json", body).string()}, {"baseline", "bm25"}, {"candidate", candidate},
                 {"metric", "ndcg_at_10"}};
    return run(given);
  };
  const Outcome bound = with(replace(text, "\"reciprocal_rank\": 1.0, \"ndcg_at_10\": 1.0}",
                                     "\"reciprocal_rank\": 1.0, \"ndcg_at_10\": 1.5}"));
  BOOST_TEST(bound.error == "stages[1].queries[0].metrics.ndcg_at_10: must be between 0 and 1, got 1.5");
  BOOST_TEST(static_cast<int>(bound.status) == static_cast<int>(grk::Status::invalid_data));
  BOOST_TEST(with(text, "fusion").error == "report does not contain stage 'fusion'");
  BOOST_TEST(with(replace(text, "\"stage\": \"bm25\"", "\"stage\": \"dense\"")).error ==
             "stages: the baseline stage must be 'bm25' (SPEC.md \xC2\xA7" "6), got 'dense'");
}
