// grk/report: the EvalReport model, its lax reading, the bounds and the
// validators of docs/behaviour/eval-report.md §2-§3, each with its exact message, and the
// example report kept in the repo.
#include <grk/groundkit/report/eval_report.hpp>  // first: the header stands alone

#define BOOST_TEST_MODULE report_eval_report
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "example_report.hpp"
#include <grk/json/writer.hpp>
#include <grk/groundkit/report/writer.hpp>

namespace report = grk::report;
using boost::json::object;
using boost::json::value;

namespace {

value example() { return grk::json::read(grk_test::reference_example_report).value(); }

object& at(value& v, std::initializer_list<boost::json::string_view> keys) {
  value* cur = &v;
  for (auto key : keys) cur = &cur->as_object()[key];
  return cur->as_object();
}

object& stage(value& v, std::size_t i) { return v.as_object()["stages"].as_array()[i].as_object(); }
object& query(value& v, std::size_t s, std::size_t q) {
  return stage(v, s)["queries"].as_array()[q].as_object();
}

// The message for the example after `mutate`, or "(valid)".
std::string problem(const std::function<void(value&)>& mutate) {
  value v = example();
  mutate(v);
  const auto parsed = report::read_eval_report(v);
  return parsed ? "(valid)" : parsed.error().describe();
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_reference_example_reads_into_typed_records) {
  const report::EvalReport r = report::read_eval_report(example()).value();
  BOOST_TEST(r.schema_version == 1);
  BOOST_TEST(r.run.config.rrf_k.value() == 60);
  BOOST_TEST(r.run.config.embedding->dimensions == 768);
  BOOST_TEST(!r.run.config.score_threshold.has_value());
  BOOST_TEST(r.stages.size() == 2u);
  BOOST_TEST(r.stages[0].queries[0].metrics->value(report::MetricName::ndcg_at_10) == 0.6309297535714575);
  BOOST_TEST(r.stages[0].queries[0].metrics->value(report::MetricName::mrr) == 0.5);
  BOOST_TEST(!r.stages[0].queries[1].metrics.has_value());
  BOOST_TEST(r.stages[1].queries[1].retrieved[0].score == 0.12);
  BOOST_TEST(r.stages[0].by_category.at(0).first == "normal");
}

BOOST_AUTO_TEST_CASE(the_repo_example_report_is_valid_and_in_the_exact_pydantic_layout) {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  BOOST_REQUIRE(source != nullptr);
  const std::string text =
      read_text(std::filesystem::path(source) / "configs/data/reports/example-eval-report.json");
  BOOST_REQUIRE(!text.empty());
  const auto r = report::read_eval_report_text(text);
  BOOST_REQUIRE_MESSAGE(r.has_value(), (r ? std::string() : r.error().describe()));
  BOOST_TEST(r->stages.size() == 4u);
  BOOST_TEST(r->stages[3].queries.size() == 40u);
  BOOST_TEST(r->stages[0].no_answer_query_count == 6);
  // Model -> JSON in field order -> pydantic indent=2 gives the file's bytes.
  BOOST_TEST(grk::json::write_pretty(report::to_json(*r)) == text);
  BOOST_TEST(text.back() == '}');
}

BOOST_AUTO_TEST_CASE(query_result_requires_no_answer_metrics_and_gold_to_agree) {
  BOOST_TEST(problem([](value& v) { query(v, 0, 1)["is_no_answer"] = false; }) ==
             "stages[0].queries[1]: is_no_answer, metrics is None, and gold == [] must all agree "
             "(is_no_answer=False, metrics_is_none=True, gold_is_empty=True)");
  BOOST_TEST(problem([](value& v) { query(v, 0, 0)["metrics"] = nullptr; }) ==
             "stages[0].queries[0]: is_no_answer, metrics is None, and gold == [] must all agree "
             "(is_no_answer=False, metrics_is_none=True, gold_is_empty=False)");
  BOOST_TEST(problem([](value& v) { query(v, 1, 0)["gold"] = boost::json::array(); }) ==
             "stages[1].queries[0]: is_no_answer, metrics is None, and gold == [] must all agree "
             "(is_no_answer=False, metrics_is_none=False, gold_is_empty=True)");
  BOOST_TEST(problem([](value& v) { query(v, 0, 0)["is_no_answer"] = true; }) ==
             "stages[0].queries[0]: is_no_answer, metrics is None, and gold == [] must all agree "
             "(is_no_answer=True, metrics_is_none=False, gold_is_empty=False)");
}

BOOST_AUTO_TEST_CASE(stage_result_bounds_abstained_by_no_answer_count) {
  BOOST_TEST(problem([](value& v) { stage(v, 1)["no_answer_abstained_count"] = 2; }) ==
             "stages[1]: no_answer_abstained_count (2) must not exceed no_answer_query_count (1)");
  BOOST_TEST(problem([](value& v) { stage(v, 1)["no_answer_abstained_count"] = 1; }) == "(valid)");
}

BOOST_AUTO_TEST_CASE(run_config_pairs_embedding_with_rrf_k) {
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"})["rrf_k"] = nullptr; }) ==
             "run.config: embedding, rrf_k describe a dense/fusion run and must be set together or not at "
             "all; got ['embedding'] without ['rrf_k']");
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"}).erase("embedding"); }) ==
             "run.config: embedding, rrf_k describe a dense/fusion run and must be set together or not at "
             "all; got ['rrf_k'] without ['embedding']");
}

BOOST_AUTO_TEST_CASE(run_config_rerank_trio_rules) {
  const auto rerank = [](value& v, value input, value candidates, value model) {
    object& c = at(v, {"run", "config"});
    c["rerank_input"] = input;
    c["rerank_candidates"] = candidates;
    c["rerank_model"] = model;
  };
  BOOST_TEST(problem([&](value& v) { rerank(v, "fusion", nullptr, "m"); }) ==
             "run.config: rerank_input, rerank_candidates, rerank_model describe a rerank stage and must be "
             "set together or not at all; got ['rerank_input', 'rerank_model'] without ['rerank_candidates']");
  BOOST_TEST(problem([&](value& v) { rerank(v, "rerank", 50, "m"); }) ==
             "run.config: rerank_input must name the stage rerank reordered, not 'rerank'");
  BOOST_TEST(problem([&](value& v) { rerank(v, "bm25", 9, "m"); }) ==
             "run.config: rerank_candidates (9) must be at least top_k (10); reranking cannot return more "
             "results than it was given");
  BOOST_TEST(problem([&](value& v) { rerank(v, "bm25", 10, "m"); }) == "(valid)");
  BOOST_TEST(problem([&](value& v) { rerank(v, "bm25", 0, "m"); }) ==
             "run.config.rerank_candidates: must be > 0, got 0");
}

BOOST_AUTO_TEST_CASE(synthesis_judge_fields_and_counts) {
  const auto synthesis = [](value& v) -> object& {
    v.as_object()["synthesis"] = object{{"input_stage", "dense"},   {"synthesis_provider", "p"},
                                        {"synthesis_model", "m"},   {"synthesis_prompt_hash", "h"},
                                        {"redacted", false},        {"answered_count", 3},
                                        {"abstained_count", 1},     {"rejected_count", 0}};
    return v.as_object()["synthesis"].as_object();
  };
  BOOST_TEST(problem([&](value& v) { synthesis(v); }) == "(valid)");
  BOOST_TEST(problem([&](value& v) {
               object& s = synthesis(v);
               s["judge_model"] = "j";
               s["judged_count"] = 3;
             }) ==
             "synthesis: judge_provider, judge_model, judge_prompt_hash, judged_count, faithful_count, "
             "unfaithful_count, judge_error_count describe a judge run and must be set together or not at all; "
             "got ['judge_model', 'judged_count'] without ['faithful_count', 'judge_error_count', "
             "'judge_prompt_hash', 'judge_provider', 'unfaithful_count']");
  const auto judged = [&](value& v, int f, int u, int e, int j) {
    object& s = synthesis(v);
    s["judge_provider"] = "p";
    s["judge_model"] = "m";
    s["judge_prompt_hash"] = "h";
    s["judged_count"] = j;
    s["faithful_count"] = f;
    s["unfaithful_count"] = u;
    s["judge_error_count"] = e;
  };
  BOOST_TEST(problem([&](value& v) { judged(v, 1, 1, 0, 3); }) ==
             "synthesis: faithful_count (1) + unfaithful_count (1) + judge_error_count (0) must equal "
             "judged_count (3)");
  BOOST_TEST(problem([&](value& v) { judged(v, 1, 1, 1, 3); }) == "(valid)");
  BOOST_TEST(problem([&](value& v) { judged(v, -1, 1, 1, 1); }) == "synthesis.faithful_count: must be >= 0, got -1");
}

BOOST_AUTO_TEST_CASE(eval_report_baseline_invariants_in_order) {
  BOOST_TEST(problem([](value& v) { v.as_object()["stages"] = boost::json::array(); }) ==
             "stages: stages must not be empty");
  BOOST_TEST(problem([](value& v) { stage(v, 1)["is_baseline"] = true; }) ==
             "stages: exactly one stage must have is_baseline=True, found 2");
  BOOST_TEST(problem([](value& v) { stage(v, 0)["is_baseline"] = false; }) ==
             "stages: exactly one stage must have is_baseline=True, found 0");
  BOOST_TEST(problem([](value& v) {
               stage(v, 0)["is_baseline"] = false;
               stage(v, 1)["is_baseline"] = true;
             }) == "stages: the baseline stage must be stages[0]");
  BOOST_TEST(problem([](value& v) { stage(v, 0)["stage"] = "rerank"; }) ==
             "stages: the baseline stage must be 'bm25' (SPEC.md \xC2\xA7" "6), got 'rerank'");
  // A second bm25 stage that is not the baseline passes the model.
  BOOST_TEST(problem([](value& v) { stage(v, 1)["stage"] = "bm25"; }) == "(valid)");
}

BOOST_AUTO_TEST_CASE(field_bounds_name_the_json_path) {
  BOOST_TEST(problem([](value& v) { query(v, 1, 0)["metrics"].as_object()["ndcg_at_10"] = 1.5; }) ==
             "stages[1].queries[0].metrics.ndcg_at_10: must be between 0 and 1, got 1.5");
  BOOST_TEST(problem([](value& v) { query(v, 0, 0)["retrieved"].as_array()[1].as_object()["rank"] = 0; }) ==
             "stages[0].queries[0].retrieved[1].rank: must be >= 1, got 0");
  BOOST_TEST(problem([](value& v) { query(v, 0, 0)["gold"].as_array()[0].as_object()["end_offset"] = 0; }) ==
             "stages[0].queries[0].gold[0].end_offset: must be > 0, got 0");
  BOOST_TEST(problem([](value& v) { query(v, 1, 1)["retrieved"].as_array()[0].as_object()["score"] = -0.5; }) ==
             "stages[1].queries[1].retrieved[0].score: must be >= 0, got -0.5");
  BOOST_TEST(problem([](value& v) { stage(v, 0)["aggregate"].as_object()["mrr"] = -1e-7; }) ==
             "stages[0].aggregate.mrr: must be between 0 and 1, got -1e-07");
  BOOST_TEST(problem([](value& v) { stage(v, 0)["latency_p95_ms"] = std::nan(""); }) ==
             "stages[0].latency_p95_ms: must be >= 0, got nan");
  BOOST_TEST(problem([](value& v) { at(v, {"run"})["chunk_count"] = -3; }) ==
             "run.chunk_count: must be >= 0, got -3");
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config", "embedding"})["dimensions"] = 0; }) ==
             "run.config.embedding.dimensions: must be > 0, got 0");
  BOOST_TEST(problem([](value& v) {
               stage(v, 0)["by_category"].as_object()["odd key"] = stage(v, 0)["aggregate"];
               stage(v, 0)["by_category"].as_object()["odd key"].as_object()["query_count"] = -1;
             }) == "stages[0].by_category[\"odd key\"].query_count: must be >= 0, got -1");
  // Scores above 1 are fine for a hit; only metrics are bounded by 1.
  BOOST_TEST(problem([](value& v) { query(v, 0, 0)["retrieved"].as_array()[0].as_object()["score"] = 7.5; }) ==
             "(valid)");
}

BOOST_AUTO_TEST_CASE(schema_version_is_literal_one) {
  BOOST_TEST(problem([](value& v) { v.as_object()["schema_version"] = 2; }) ==
             "schema_version: must be 1 (the only schema_version), got 2");
  BOOST_TEST(problem([](value& v) { v.as_object()["schema_version"] = "1"; }) ==
             "schema_version: must be 1 (the only schema_version), got \"1\"");
  BOOST_TEST(problem([](value& v) { v.as_object()["schema_version"] = 1.0; }) == "(valid)");
  BOOST_TEST(problem([](value& v) { v.as_object()["schema_version"] = true; }) == "(valid)");
  BOOST_TEST(problem([](value& v) { v.as_object().erase("schema_version"); }) == "(valid)");
}

BOOST_AUTO_TEST_CASE(lax_conversions_follow_pydantic) {
  for (value accepted : {value(512.0), value("512"), value(" 512 "), value("512.0"), value(true)}) {
    BOOST_TEST(problem([&](value& v) { at(v, {"run", "config"})["chunk_size"] = accepted; }) == "(valid)");
  }
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"})["top_k"] = 10.5; }) ==
             "run.config.top_k: must be an integer, got a number with a fractional part: 10.5");
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"})["top_k"] = "ten"; }) ==
             "run.config.top_k: must be an integer, got \"ten\"");
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"})["bm25_b"] = " 0.5 "; }) == "(valid)");
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"})["bm25_b"] = "half"; }) ==
             "run.config.bm25_b: must be a number, got \"half\"");
  BOOST_TEST(problem([](value& v) { query(v, 0, 1)["is_no_answer"] = "yes"; }) == "(valid)");
  BOOST_TEST(problem([](value& v) { query(v, 0, 1)["is_no_answer"] = 2; }) ==
             "stages[0].queries[1].is_no_answer: must be a boolean, got 2");
  BOOST_TEST(problem([](value& v) { query(v, 0, 1)["query_id"] = 2; }) ==
             "stages[0].queries[1].query_id: must be a string, got 2");
  BOOST_TEST(problem([](value& v) { stage(v, 1)["stage"] = "splade"; }) ==
             "stages[1].stage: must be one of 'bm25', 'dense', 'fusion', 'rerank', got \"splade\"");
  // A string metric converts, and is then bounded.
  BOOST_TEST(problem([](value& v) { query(v, 1, 0)["metrics"].as_object()["recall_at_5"] = "1.25"; }) ==
             "stages[1].queries[0].metrics.recall_at_5: must be between 0 and 1, got 1.25");
}

BOOST_AUTO_TEST_CASE(required_and_unknown_keys) {
  BOOST_TEST(problem([](value& v) { query(v, 0, 1).erase("metrics"); }) ==
             "stages[0].queries[1].metrics: required key missing");
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"}).erase("score_threshold"); }) ==
             "run.config.score_threshold: required key missing");
  BOOST_TEST(problem([](value& v) { at(v, {"run"}).erase("run_id"); }) == "(valid)");
  BOOST_TEST(problem([](value& v) { at(v, {"run", "config"})["extra"] = 1; }) == "run.config.extra: unknown key");
  // Declared fields first, then unknown keys: the missing key is reported.
  BOOST_TEST(problem([](value& v) {
               at(v, {"run", "config"})["extra"] = 1;
               at(v, {"run", "config"}).erase("top_k");
             }) == "run.config.top_k: required key missing");
  BOOST_TEST(problem([](value& v) { v.as_object()["notes"] = "x"; }) == "notes: unknown key");
  BOOST_TEST(problem([](value& v) { v.as_object()["stages"] = object(); }) == "stages: must be a list, got {}");
  BOOST_TEST(problem([](value& v) { v = boost::json::array(); }) == "(report): must be an object, got []");
}

BOOST_AUTO_TEST_CASE(the_first_problem_in_document_order_is_the_one_reported) {
  BOOST_TEST(problem([](value& v) {
               query(v, 1, 0)["latency_ms"] = -1;
               query(v, 0, 1)["is_no_answer"] = false;
             }) ==
             "stages[0].queries[1]: is_no_answer, metrics is None, and gold == [] must all agree "
             "(is_no_answer=False, metrics_is_none=True, gold_is_empty=True)");
  // A model's validator does not run while one of its fields is invalid.
  BOOST_TEST(problem([](value& v) {
               stage(v, 0)["no_answer_abstained_count"] = 5;
               stage(v, 0)["latency_p99_ms"] = -2;
             }) == "stages[0].latency_p99_ms: must be >= 0, got -2.0");
}

BOOST_AUTO_TEST_CASE(text_that_is_not_json_is_told_apart) {
  const auto r = report::read_eval_report_text("{\"run\": ");
  BOOST_TEST_REQUIRE(!r.has_value());
  BOOST_TEST(r.error().not_json);
  BOOST_TEST(r.error().describe() == "not valid JSON: Expecting value: line 1 column 9 (char 8)");
}
