// runs_format trec_run: TREC runs scored against qrels in process. Each
// statistic's result from runs + qrels equals, byte for byte, its result on
// per-query files holding trec_eval's values of the same runs printed with
// %.17g (made here by the trec-eval component itself); trec_eval's options
// reach the scores; every refusal has its exact message, in the step and in
// the pre-run check. Data: tests/significance/data/trec_run/ (make_data.py).
#define BOOST_TEST_MODULE significance_trec_run_input
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <grk/context.hpp>
#include <grk/error.hpp>
#include <grk/json/writer.hpp>
#include <grk/param.hpp>

#include "components/statistics.hpp"
#include "methods/comparison_tests.hpp"
#include "statistic/evaluate_statistic.hpp"
#include "statistic/trec_eval_statistic.hpp"
#include "component_call.hpp"

namespace fs = std::filesystem;
using boost::json::array;
using boost::json::object;
using grk::significance::CompareSystemsStatistic;
using grk::significance::PairedBootstrapStatistic;
using grk::significance::PairedTStatistic;
using grk::significance::RandomizationStatistic;
using grk::significance::WilcoxonStatistic;
using grk::test::Outcome;
using grk::test::prerun;
using grk::test::run;
using grk::test::TempDir;

namespace {

fs::path data(const std::string& name) {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  return fs::path(source ? source : "") / "tests/significance/data/trec_run" / name;
}

object trec_runs() {
  return object{{"bm25", data("bm25.run").string()},
                {"dense", data("dense.run").string()},
                {"rerank", data("rerank.run").string()}};
}

object with(object base, const object& extra) {
  for (const auto& member : extra) base[member.key()] = member.value();
  return base;
}

/// The trec_run input of a step: the three runs, the qrels, `extra`.
object from_runs(const object& extra) {
  return with(object{{"runs", trec_runs()}, {"runs_format", "trec_run"}, {"qrels", data("qrels.txt").string()}},
              extra);
}

std::string json(const boost::json::value& value) { return grk::json::write_compact(value); }

/// trec_eval's -q values of `measures` for the three runs, as the trec-eval
/// component computes them with `options`, written to one trec_eval-format
/// file per system (`measure<TAB>query<TAB>%.17g`); the `runs` object naming them.
object per_query_files(const TempDir& dir, const array& measures, const object& options) {
  object params = with(object{{"qrels", data("qrels.txt").string()}, {"runs", trec_runs()}, {"measures", measures},
                              {"per_query", true}},
                       options);
  const Outcome evaluated = run<grk::measures::TrecEvalStatistic>(params);
  BOOST_REQUIRE_MESSAGE(evaluated.error.empty(), evaluated.error);
  object files;
  for (const auto& system : evaluated.result.at("systems").as_object()) {
    std::string text;
    for (const auto& query : system.value().at("per_query").as_object()) {
      for (const auto& measure : query.value().as_object()) {
        char value[64];
        std::snprintf(value, sizeof value, "%.17g", measure.value().to_number<double>());
        text += std::string(measure.key()) + "\t" + std::string(query.key()) + "\t" + value + "\n";
      }
    }
    files[system.key()] = dir.write(std::string(system.key()) + ".txt", text).string();
  }
  return files;
}

/// The same statistic on the %.17g files: params without the judging ones.
object from_files(const object& files, const object& extra) {
  return with(object{{"runs", files}, {"runs_format", "trec_eval"}}, extra);
}

template <class Component>
void check_equal_results(const object& files, const object& options, const object& params) {
  const Outcome direct = run<Component>(with(from_runs(params), options));
  const Outcome printed = run<Component>(from_files(files, params));
  BOOST_REQUIRE_MESSAGE(direct.error.empty(), direct.error);
  BOOST_REQUIRE_MESSAGE(printed.error.empty(), printed.error);
  BOOST_TEST(json(direct.result) == json(printed.result));
  BOOST_TEST(direct.summary == printed.summary);
}

const array tested_measures{"map", "P.10", "ndcg_cut.10", "recip_rank", "bpref"};

/// The evaluate component's values of ir_measures-named `measures` for the
/// three runs, written as ir_measures -q writes them (`query<TAB>measure<TAB>
/// %.17g`), a qrels query without a value as 0 (ir_measures' rule); the
/// `runs` object naming the files.
object ir_measures_files(const TempDir& dir, const array& measures) {
  const Outcome evaluated = run<grk::measures::EvaluateStatistic>(object{
      {"qrels", data("qrels.txt").string()}, {"runs", trec_runs()}, {"measures", measures}, {"per_query", true}});
  BOOST_REQUIRE_MESSAGE(evaluated.error.empty(), evaluated.error);
  object files;
  for (const auto& system : evaluated.result.at("systems").as_object()) {
    const auto& per_query = system.value().at("per_query").as_object();
    std::vector<std::string> queries;
    for (const auto& query : per_query) queries.emplace_back(query.key());
    for (const auto& missing : system.value().at("queries").at("missing").as_array()) {
      queries.emplace_back(missing.as_string());
    }
    std::string text;
    for (const auto& qid : queries) {
      for (const auto& measure : measures) {
        const auto* row = per_query.if_contains(qid);
        const auto* value = row != nullptr ? row->as_object().if_contains(measure.as_string()) : nullptr;
        char printed[64];
        std::snprintf(printed, sizeof printed, "%.17g", value != nullptr ? value->to_number<double>() : 0.0);
        text += qid + "\t" + std::string(measure.as_string()) + "\t" + printed + "\n";
      }
    }
    files[system.key()] = dir.write(std::string(system.key()) + ".txt", text).string();
  }
  return files;
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_pair_statistic_equals_itself_on_the_printed_values) {
  TempDir dir;
  const object files = per_query_files(dir, tested_measures, object{});
  for (const char* metric : {"map", "P_10", "ndcg_cut_10", "bpref"}) {
    BOOST_TEST_CONTEXT(metric) {
      const object pair{{"baseline", "dense"}, {"candidate", "rerank"}, {"metric", metric}};
      check_equal_results<PairedTStatistic>(files, {}, pair);
      check_equal_results<WilcoxonStatistic>(files, {}, with(pair, {{"resamples", 500}}));
      check_equal_results<RandomizationStatistic>(files, {}, with(pair, {{"resamples", 500}, {"permutations", 2000}}));
      check_equal_results<PairedBootstrapStatistic>(files, {}, with(pair, {{"resamples", 1000}}));
    }
  }
}

BOOST_AUTO_TEST_CASE(trec_eval_options_reach_the_scores) {
  // Each option changes trec_eval's values, and the statistic sees the changed ones.
  const std::vector<object> option_sets{
      object{{"judged_only", true}},
      object{{"relevance_level", 2}},
      object{{"max_results", 5}},
      object{{"complete", true}},
  };
  for (const object& options : option_sets) {
    BOOST_TEST_CONTEXT(json(options)) {
      TempDir dir;
      const object files = per_query_files(dir, tested_measures, options);
      const object pair{{"baseline", "bm25"}, {"candidate", "rerank"}, {"metric", "map"},
                        {"missing_queries", "intersect"}};
      check_equal_results<PairedTStatistic>(files, options, pair);
      check_equal_results<PairedBootstrapStatistic>(files, options, with(pair, {{"resamples", 500}}));
      // Not the values without the option.
      const Outcome plain = run<PairedTStatistic>(from_runs(pair));
      const Outcome changed = run<PairedTStatistic>(with(from_runs(pair), options));
      BOOST_TEST(json(plain.result) != json(changed.result));
    }
  }
}

BOOST_AUTO_TEST_CASE(complete_scores_the_query_a_run_lacks) {
  // bm25 has no topic 411: without complete the pair cannot be aligned, with it 411 scores 0.
  const object pair{{"baseline", "bm25"}, {"candidate", "dense"}, {"metric", "map"}};
  const Outcome lacking = run<PairedTStatistic>(from_runs(pair));
  BOOST_TEST(lacking.error ==
             "paired t-test query ids differ (missing from candidate=[], missing from baseline=['411'])");
  BOOST_TEST(static_cast<int>(lacking.status) == static_cast<int>(grk::Status::invalid_data));
  const Outcome complete = run<PairedTStatistic>(from_runs(with(pair, {{"complete", true}})));
  BOOST_REQUIRE_MESSAGE(complete.error.empty(), complete.error);
  BOOST_TEST(complete.result.at("query_count").to_number<double>() == 12);
}

BOOST_AUTO_TEST_CASE(compare_systems_equals_itself_on_the_printed_values) {
  TempDir dir;
  const object files = per_query_files(dir, tested_measures, object{});
  const array metrics{"ndcg_cut_10", "map", "P_10"};
  // Every single-pair test of the table, a new one included.
  for (const grk::significance::ComparisonTest* row : grk::significance::comparison_tests) {
    if (row->analyse != nullptr) continue;
    const std::string test(row->family_name);
    BOOST_TEST_CONTEXT(test) {
      const object params{{"metrics", metrics},        {"test", test}, {"resamples", 500}, {"permutations", 1000},
                          {"missing_queries", "intersect"}};
      check_equal_results<CompareSystemsStatistic>(files, {}, params);
    }
  }
  // With a baseline and a chosen subset of systems, and a single metric.
  check_equal_results<CompareSystemsStatistic>(
      files, {},
      object{{"metric", "bpref"}, {"baseline", "dense"}, {"systems", array{"dense", "rerank"}}, {"test", "t"}});
}

// ir_measures' names, of trec_eval's family and of others, scored in one
// pass: the same results as on ir_measures -q files of evaluate's values.
BOOST_AUTO_TEST_CASE(ir_measures_names_equal_themselves_on_evaluates_printed_values) {
  TempDir dir;
  const array metrics{"nDCG@10", "P(rel=2)@5", "ERR@20", "Judged@10"};
  const object files = ir_measures_files(dir, metrics);
  const object ir_files{{"runs", files}, {"runs_format", "ir_measures"}};
  for (const char* test : {"t", "wilcoxon"}) {
    BOOST_TEST_CONTEXT(test) {
      const object params{{"metrics", metrics}, {"test", test}, {"resamples", 500}};
      const Outcome direct = run<CompareSystemsStatistic>(with(from_runs(params), {}));
      const Outcome printed = run<CompareSystemsStatistic>(with(ir_files, params));
      BOOST_REQUIRE_MESSAGE(direct.error.empty(), direct.error);
      BOOST_REQUIRE_MESSAGE(printed.error.empty(), printed.error);
      BOOST_TEST(json(direct.result) == json(printed.result));
    }
  }
  // bm25 lacks topic 411: an ir_measures name counts it 0, so the pair aligns without complete.
  const Outcome pair = run<PairedTStatistic>(
      from_runs(object{{"baseline", "bm25"}, {"candidate", "dense"}, {"metric", "MAP"}}));
  BOOST_REQUIRE_MESSAGE(pair.error.empty(), pair.error);
  BOOST_TEST(pair.result.at("query_count").to_number<double>() == 12);
  // A malformed name, and one this release does not compute, in the measure language's words.
  const Outcome bad = run<PairedTStatistic>(
      from_runs(object{{"baseline", "bm25"}, {"candidate", "dense"}, {"metric", "P(rel=x)@5"}}));
  BOOST_TEST(bad.error == "metric: measure 'P(rel=x)@5': expected a number, True, False, a quoted text or {...}, got 'x'");
  const Outcome later = run<PairedTStatistic>(
      from_runs(object{{"baseline", "bm25"}, {"candidate", "dense"}, {"metric", "NERR9(max_rel=1)@5"}}));
  BOOST_TEST(later.error == "metric: measure 'NERR9(max_rel=1)@5': not computed by this release: NERR9(max_rel=1)@5 "
                            "(cwl_eval's NERR9 and NERR11 have no reference values here to be checked against)");
}

// compare-systems names each metric as the measures plugin prints it (`MAP`
// is `AP`), tests every measure a name stands for (`ndcg_cut`: one a
// cutoff) once, and under missing_queries intersect drops the query a run
// lacks instead of counting it 0; the two-system tests still take one
// measure a name.
BOOST_AUTO_TEST_CASE(compare_systems_tests_every_measure_a_name_stands_for) {
  const Outcome family = run<CompareSystemsStatistic>(
      from_runs(object{{"metrics", array{"MAP", "ndcg_cut", "ndcg_cut_10"}}, {"test", "t"}, {"baseline", "bm25"}, {"complete", true}}));
  BOOST_REQUIRE_MESSAGE(family.error.empty(), family.error);
  std::vector<std::string> metrics;
  for (const auto& record : family.result.at("comparisons").as_array()) {
    const std::string metric(record.at("metric").as_string());
    if (std::find(metrics.begin(), metrics.end(), metric) == metrics.end()) metrics.push_back(metric);
  }
  BOOST_TEST(metrics == (std::vector<std::string>{"AP", "ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_15", "ndcg_cut_20",
                                                  "ndcg_cut_30", "ndcg_cut_100", "ndcg_cut_200", "ndcg_cut_500",
                                                  "ndcg_cut_1000"}),
             boost::test_tools::per_element());
  const auto queries = [](const Outcome& outcome) {
    return outcome.result.at("comparisons").as_array().at(0).at("query_count").to_number<double>();
  };
  const object ap{{"metrics", array{"AP"}}, {"test", "t"}, {"baseline", "bm25"}};
  const Outcome zero = run<CompareSystemsStatistic>(from_runs(with(ap, {{"missing_queries", "zero"}})));
  const Outcome shared = run<CompareSystemsStatistic>(from_runs(with(ap, {{"missing_queries", "intersect"}})));
  BOOST_REQUIRE_MESSAGE(zero.error.empty(), zero.error);
  BOOST_REQUIRE_MESSAGE(shared.error.empty(), shared.error);
  BOOST_TEST(queries(zero) == 12);  // bm25 lacks topic 411, counted 0
  BOOST_TEST(queries(shared) == 11);
  const Outcome pair = run<PairedTStatistic>(
      from_runs(object{{"baseline", "bm25"}, {"candidate", "dense"}, {"metric", "ndcg_cut"}}));
  BOOST_TEST(pair.error == "metric: measure 'ndcg_cut': names 9 measures; a comparison takes one measure a name");
}

BOOST_AUTO_TEST_CASE(the_input_params_are_refused_with_their_messages) {
  const object pair{{"baseline", "dense"}, {"candidate", "rerank"}, {"metric", "map"}};
  struct Case {
    object params;
    std::string message;
  };
  const std::vector<Case> cases{
      {with(object{{"runs", trec_runs()}, {"runs_format", "trec_run"}}, pair),
       "runs_format 'trec_run' needs 'qrels', the relevance judgments the runs are scored against"},
      {with(object{{"runs", trec_runs()}, {"qrels", data("qrels.txt").string()}}, pair),
       "'qrels' is read only with 'runs' in runs_format 'trec_run'"},
      {with(object{{"report", grk::test::example_report().string()}, {"judged_only", false}},
            with(pair, {{"baseline", "bm25"}, {"candidate", "dense"}, {"metric", "mrr"}})),
       "'judged_only' is read only with 'runs' in runs_format 'trec_run'"},
      {with(from_runs(pair), {{"relevance_level", 5000}}), "relevance_level must lie within +-1000, got 5000"},
      {with(from_runs(pair), {{"max_results", 0}}), "max_results must be at least 1, got 0"},
      {with(from_runs(pair), {{"metric", "gm_map"}}),
       "metric: 'gm_map' has no per-query value in trec_eval (it is a summary over the queries), so it cannot be "
       "tested"},
      {with(from_runs(pair), {{"metric", "num_q"}}),
       "metric: 'num_q' has no per-query value in trec_eval (it is a summary over the queries), so it cannot be "
       "tested"},
      {with(from_runs(pair), {{"metric", "runid"}}),
       "metric: 'runid' has no per-query value in trec_eval (it is a summary over the queries), so it cannot be "
       "tested"},
      {with(from_runs(pair), {{"metric", "relstring"}}),
       "metric: 'relstring' is a string per query, not a score, so it cannot be tested"},
      {with(from_runs(pair), {{"metric", "P10"}}),
       "metric: 'P10' is not a per-query output name of trec_eval; expected one of num_ret, num_rel, num_rel_ret, "
       "map, Rprec, bpref, recip_rank, iprec_at_recall_<x>, P_<k>, recall_<k>, infAP, Rprec_mult_<x>, utility, "
       "11pt_avg, binG, G, ndcg, ndcg_rel, Rndcg, ndcg_cut_<k>, map_cut_<k>, relative_P_<k>, success_<k>, set_P, "
       "set_relative_P, set_recall, set_map, set_F, num_nonrel_judged_ret, rbp, rbp_resid, unj_<k>, or an ir_measures name such as nDCG@10"},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(json(c.params)) {
      const Outcome step = run<PairedTStatistic>(c.params);
      BOOST_TEST(step.error == c.message);
      BOOST_TEST(static_cast<int>(step.status) == static_cast<int>(grk::Status::invalid_argument));
      // The pre-run check refuses it before any step runs, with the same words.
      const Outcome before = prerun<PairedTStatistic>(c.params);
      BOOST_TEST(before.error == c.message);
      BOOST_TEST(static_cast<int>(before.status) == static_cast<int>(grk::Status::invalid_argument));
      // compare-systems takes the same input params.
      object family = c.params;
      family.erase("baseline");
      family.erase("candidate");
      const Outcome compared = prerun<CompareSystemsStatistic>(family);
      BOOST_TEST(compared.error == c.message);
    }
  }
}

BOOST_AUTO_TEST_CASE(compare_systems_names_its_metrics_param) {
  const Outcome none = prerun<CompareSystemsStatistic>(from_runs({}));
  BOOST_TEST(none.error ==
             "metrics must be given with runs_format 'trec_run' (trec_eval's output names, such as 'map', 'P_10', "
             "'ndcg_cut_10')");
  const Outcome listed = prerun<CompareSystemsStatistic>(from_runs({{"metrics", array{"map", "gm_bpref"}}}));
  BOOST_TEST(listed.error ==
             "metrics: 'gm_bpref' has no per-query value in trec_eval (it is a summary over the queries), so it "
             "cannot be tested");
  const Outcome ok = prerun<CompareSystemsStatistic>(from_runs({{"metrics", array{"map", "P_5", "P_10"}}}));
  BOOST_TEST(ok.error == "");
}

BOOST_AUTO_TEST_CASE(problems_of_the_files_are_the_measures_readers) {
  const object pair{{"baseline", "dense"}, {"candidate", "rerank"}, {"metric", "map"}};
  const std::string missing = (fs::temp_directory_path() / "grk-no-such-qrels.txt").string();
  const Outcome no_qrels = run<PairedTStatistic>(with(from_runs(pair), {{"qrels", missing}}));
  BOOST_TEST(static_cast<int>(no_qrels.status) == static_cast<int>(grk::Status::not_found));
  BOOST_TEST(no_qrels.error.find(missing) != std::string::npos);
  // The pre-run check leaves a problem of the data to the step.
  BOOST_TEST(prerun<PairedTStatistic>(with(from_runs(pair), {{"qrels", missing}})).error == "");

  TempDir dir;
  const std::string other = dir.write("other.txt", "999 0 d00 1\n").string();
  const Outcome unshared = run<PairedTStatistic>(with(from_runs(pair), {{"qrels", other}}));
  BOOST_TEST(unshared.error == "run 'dense' has no query of the qrels");
  BOOST_TEST(static_cast<int>(unshared.status) == static_cast<int>(grk::Status::invalid_data));
}
