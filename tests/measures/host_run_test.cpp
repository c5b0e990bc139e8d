// trec-eval through the host: `grk-eval run` on a config and with --set, the
// files it writes, and a refused run writing nothing (docs/behaviour/trec-eval.md §8).
#define BOOST_TEST_MODULE measures_host_run
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <thread>

#include <boost/json.hpp>

#include <grk/json/reader.hpp>

#include "host_run.hpp"
#include "measures_test_support.hpp"

namespace fs = std::filesystem;
namespace mt = grk::measures::testing;

namespace {

const std::string qrels = "q1 0 d1 2\nq1 0 d2 1\nq1 0 d3 0\nq2 0 d1 1\nq3 0 d7 1\n";
const std::string bm25 = "q1 Q0 d1 1 3 bm25\nq1 Q0 d3 2 2 bm25\nq1 Q0 d2 3 1 bm25\nq2 Q0 d4 1 1 bm25\n";
// trec-eval on the bm25 run alone, from the command line; a test adds its --set.
const std::string bm25_step = "--component trec-eval --set qrels=qrels.txt --set 'runs={\"bm25\": \"bm25.run\"}' ";
const std::string dense = "q1 Q0 d2 1 9 dense\nq2 Q0 d1 1 9 dense\n";

using Run = grk::test::HostRun;

std::string host() {
  const char* binary = std::getenv("GRK_BINARY_DIR");
  return binary ? (fs::path(binary) / "bin" / "grk-eval").string() : std::string();
}

Run run(const mt::TemporaryFiles& files, const std::string& arguments) {
  return grk::test::run_host(host(), files.folder(), arguments);
}

bool ready() {
  if (!host().empty() && fs::exists(host())) return true;
  BOOST_TEST_MESSAGE("skipped: GRK_BINARY_DIR/bin/grk-eval is not built");
  return false;
}

void write_inputs(const mt::TemporaryFiles& files) {
  files.write("qrels.txt", qrels);
  files.write("bm25.run", bm25);
  files.write("dense.run", dense);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_config_scores_each_run_and_writes_trec_eval_text) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  files.write("config.json", R"({"steps": [{"id": "eval", "statistic": "trec-eval", "params": {
    "qrels": "qrels.txt", "runs": {"bm25": "bm25.run", "dense": "dense.run"},
    "measures": ["map", "P.2"], "per_query": true, "output_dir": "out"}}]})");
  const Run r = run(files, "config.json");
  BOOST_TEST(r.exit_code == 0, r.out);
  const auto& result = r.results.at("steps").at(0).at("result").as_object();
  BOOST_TEST(boost::json::serialize(result.at("measures")) == R"(["map","P_2"])");
  // Without complete, a mean is over the run's queries: no name is an ir_measures name's twin.
  BOOST_TEST(boost::json::serialize(result.at("ir_measures_names")) == "{}");
  const auto& bm25_scores = result.at("systems").at("bm25").as_object();
  BOOST_TEST(bm25_scores.at("run_id").as_string() == "bm25");
  // q1: d1 (2), d3 (0), d2 (1): AP (1 + 2/3) / 2; q2: nothing relevant retrieved; q3 not in the run.
  BOOST_TEST(bm25_scores.at("per_query").at("q1").at("map").as_double() == (1.0 + 2.0 / 3) / 2);
  BOOST_TEST(bm25_scores.at("summary").at("map").as_double() == ((1.0 + 2.0 / 3) / 2 + 0.0) / 2);
  BOOST_TEST(mt::file_bytes(files.folder() / "out" / "dense.txt") ==
             "map                   \tq1\t0.5000\n"
             "P_2                   \tq1\t0.5000\n"
             "map                   \tq2\t1.0000\n"
             "P_2                   \tq2\t0.5000\n"
             "map                   \tall\t0.7500\n"
             "P_2                   \tall\t0.5000\n");
}

// The component writes its result as text, without a tree
// (docs/behaviour/trec-eval.md §8.2): counts stay integers, relstring (each
// retrieved document's judgment, '-' unjudged) a string of the per-query rows
// only, members in trec_eval's order of the measures; and the line under the
// step counts the runs and the measures. The bytes are the tree's before it.
BOOST_AUTO_TEST_CASE(trec_evals_result_text_keeps_each_kind_and_the_summary_line) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run r = run(files, bm25_step + "--set measures=num_ret,relstring,map --set per_query=true");
  BOOST_TEST(r.exit_code == 0, r.out);
  BOOST_TEST(r.out.find("\n      trec-eval: 1 run, 3 measures\n") != std::string::npos, r.out);
  const auto& bm25_scores = r.results.at("steps").at(0).at("result").at("systems").at("bm25").as_object();
  BOOST_TEST(boost::json::serialize(bm25_scores.at("summary")) == R"({"num_ret":4,"map":4.1666666666666663E-1})");
  BOOST_TEST(boost::json::serialize(bm25_scores.at("per_query")) ==
             R"({"q1":{"num_ret":3,"map":8.333333333333333E-1,"relstring":"201"},)"
             R"("q2":{"num_ret":1,"map":0E0,"relstring":"-"}})");
}

// With complete, trec-eval's result names each measure's ir_measures twin,
// as evaluate's does, for a LaTeX report to print.
BOOST_AUTO_TEST_CASE(trec_eval_with_complete_names_the_ir_measures_twins) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run r = run(files, bm25_step + "--set measures=map,P.2,gm_map --set complete=true");
  BOOST_TEST(r.exit_code == 0, r.out);
  const auto& result = r.results.at("steps").at(0).at("result").as_object();
  BOOST_TEST(boost::json::serialize(result.at("ir_measures_names")) == R"({"map":"AP","P_2":"P@2"})");
}

// A step id is config text, as untrusted as a plugin's: its line shows its
// control characters escaped, so that it cannot forge a line or retitle the terminal.
BOOST_AUTO_TEST_CASE(a_step_id_prints_escaped) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  files.write("config.json", "{\"steps\": [{\"id\": \"x\\u001b]0;t\\u0007\\ngrk-eval run: forged\", "
                             "\"statistic\": \"trec-eval\", \"params\": {\"qrels\": \"qrels.txt\", "
                             "\"runs\": {\"bm25\": \"bm25.run\"}, \"measures\": [\"map\"]}}]}");
  const Run r = run(files, "config.json");
  BOOST_TEST(r.exit_code == 0, r.out);
  BOOST_TEST(r.out.find("[1/1] x\\x1B]0;t\\x07\\ngrk-eval run: forged (trec-eval): ok (") != std::string::npos, r.out);
  BOOST_TEST(r.out.find('\x1b') == std::string::npos);
}

// The trec_eval options' bounds are one rule for every component that takes
// them (ranking/evaluation_options.hpp): trec-eval words them as the
// comparisons do with runs_format trec_run (docs/behaviour/comparisons.md).
BOOST_AUTO_TEST_CASE(out_of_range_options_are_refused_in_the_comparisons_words) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run level = run(files, bm25_step + "--set relevance_level=5000");
  BOOST_TEST(level.exit_code == 1);  // validate() finds it before the run
  BOOST_TEST(level.out == "grk-eval run: --component trec-eval [invalid-argument]: relevance_level must lie within "
                          "+-1000, got 5000\n");
  const Run results = run(files, bm25_step + "--set max_results=0");
  BOOST_TEST(results.exit_code == 1);
  BOOST_TEST(results.out == "grk-eval run: --component trec-eval [invalid-argument]: max_results must be at least 1, "
                            "got 0\n");
}

BOOST_AUTO_TEST_CASE(the_list_parameter_takes_commas_or_a_json_array_on_the_command_line) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run commas = run(files, bm25_step + "--set measures=num_q,P.1");
  BOOST_TEST(commas.exit_code == 0, commas.out);
  BOOST_TEST(boost::json::serialize(commas.results.at("steps").at(0).at("result").at("measures")) ==
             R"(["num_q","P_1"])");
  // An item that starts with a digit continues the one before: P.1,2 is one trec_eval entry.
  const Run joined = run(files, bm25_step + "--set measures=num_q,P.1,2");
  BOOST_TEST(joined.exit_code == 0, joined.out);
  BOOST_TEST(boost::json::serialize(joined.results.at("steps").at(0).at("result").at("measures")) ==
             R"(["num_q","P_1","P_2"])");
  const Run array = run(files, bm25_step + "--set 'measures=[\"P.1,2\"]'");
  BOOST_TEST(array.exit_code == 0, array.out);
  BOOST_TEST(boost::json::serialize(array.results.at("steps").at(0).at("result").at("measures")) ==
             R"(["P_1","P_2"])");
  // trec-eval reads its own output names, and ir_measures' names of its measures, as the -m entry.
  const Run dialects = run(files, bm25_step + "--set measures=ndcg_cut_2,AP,P@1");
  BOOST_TEST(dialects.exit_code == 0, dialects.out);
  BOOST_TEST(boost::json::serialize(dialects.results.at("steps").at(0).at("result").at("measures")) ==
             R"(["map","P_1","ndcg_cut_2"])");
  const Run graded = run(files, bm25_step + "--set 'measures=P(rel=2)@1'");
  BOOST_TEST(graded.exit_code == 1);
  BOOST_TEST(graded.out == "grk-eval run: --component trec-eval [invalid-argument]: parameter 'measures': measure "
                           "'P(rel=2)@1' is computed by the evaluate component only (trec_eval's, or with options of "
                           "its own); trec-eval takes trec_eval's names\n");
}

const std::string evaluate_step = "--component evaluate --set qrels=qrels.txt "
                                  "--set 'runs={\"bm25\": \"bm25.run\", \"dense\": \"dense.run\"}' ";

BOOST_AUTO_TEST_CASE(evaluate_takes_every_dialect_and_names_each_measure_as_its_dialect_prints_it) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run r = run(files, evaluate_step + "--set 'measures=MAP,P(rel=2)@1,P.1,2,ndcg_cut_2,Judged@2,RR@1' "
                                           "--set per_query=true");
  BOOST_TEST(r.exit_code == 0, r.out);
  const auto& result = r.results.at("steps").at(0).at("result").as_object();
  BOOST_TEST(boost::json::serialize(result.at("measures")) ==
             R"(["AP","P(rel=2)@1","P_1","P_2","ndcg_cut_2","Judged@2","RR@1"])");
  BOOST_TEST(boost::json::serialize(result.at("families").at("RR@1")) == R"("msmarco")");
  const auto& bm25_scores = result.at("systems").at("bm25").as_object();
  // q3 is in the qrels only: ir_measures' names count it 0 over all three queries; trec_eval's skip it.
  BOOST_TEST(boost::json::serialize(bm25_scores.at("queries")) == R"({"qrels":3,"run":2,"missing":["q3"]})");
  BOOST_TEST(bm25_scores.at("summary").at("AP").as_double() == ((1.0 + 2.0 / 3) / 2 + 0.0) / 3);
  BOOST_TEST(bm25_scores.at("summary").at("P_1").as_double() == (1.0 + 0.0) / 2);
  BOOST_TEST(bm25_scores.at("mean_over").at("AP").as_int64() == 3);
  BOOST_TEST(bm25_scores.at("mean_over").at("P_1").as_int64() == 2);
  // q1 of bm25: d1 (2) then d3 (0): the top two, both judged; q2: d4 unjudged.
  BOOST_TEST(bm25_scores.at("per_query").at("q1").at("Judged@2").as_double() == 1.0);
  BOOST_TEST(bm25_scores.at("per_query").at("q2").at("Judged@2").as_double() == 0.0);
  BOOST_TEST(r.out.find("evaluate: 2 runs, 7 measures over 3 qrels queries; bm25 lacks 1 of them (0 in the means)") !=
                 std::string::npos,
             r.out);
}

// intersect: every measure over the qrels queries that both runs have (q1
// and q2, as neither has q3), each run's missing queries still named.
BOOST_AUTO_TEST_CASE(evaluate_intersect_scores_only_the_queries_every_run_has) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run r = run(files, "--component evaluate --set qrels=qrels.txt "
                           "--set 'runs={\"bm25\": \"bm25.run\", \"dense\": \"dense.run\"}' "
                           "--set 'measures=AP,P_1' --set intersect=true");
  BOOST_TEST(r.exit_code == 0, r.out);
  const auto& result = r.results.at("steps").at(0).at("result").as_object();
  BOOST_TEST(result.at("shared_queries").as_int64() == 2);
  const auto& bm25_scores = result.at("systems").at("bm25").as_object();
  BOOST_TEST(boost::json::serialize(bm25_scores.at("queries")) == R"({"qrels":3,"run":2,"missing":["q3"]})");
  BOOST_TEST(bm25_scores.at("summary").at("AP").as_double() == ((1.0 + 2.0 / 3) / 2 + 0.0) / 2);
  BOOST_TEST(bm25_scores.at("mean_over").at("AP").as_int64() == 2);
  BOOST_TEST(result.at("systems").at("dense").at("mean_over").at("AP").as_int64() == 2);
  BOOST_TEST(r.out.find("evaluate: 2 runs, 2 measures over 2 shared queries of 3 qrels queries; bm25 lacks 1 of "
                        "them; dense lacks 1 of them\n") != std::string::npos,
             r.out);
}

BOOST_AUTO_TEST_CASE(evaluate_orders_ndevals_rankings_by_the_rank_column_or_the_score) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  // Topic 7: d1 is relevant to subtopics 1 and 2, d2 to 1; the rank column puts d2 first, the scores d1.
  files.write("qrels.txt", "7 1 d1 1\n7 2 d1 1\n7 1 d2 1\n7 2 d3 0\n");
  files.write("run.txt", "7 Q0 d1 2 9 r\n7 Q0 d2 1 5 r\n");
  files.write("twice.txt", "7 Q0 d1 1 9 r\n7 Q0 d2 1 5 r\n");
  const std::string step = "--component evaluate --set qrels=qrels.txt --set 'runs={\"r\": \"run.txt\"}' "
                           "--set measures=StRecall@1,P_IA@1 ";
  const Run by_rank = run(files, step);
  BOOST_TEST(by_rank.exit_code == 0, by_rank.out);
  const Run by_score = run(files, step + "--set diversity_order=score");
  BOOST_TEST(by_score.exit_code == 0, by_score.out);
  const auto summary = [](const Run& r) { return r.results.at("steps").at(0).at("result").at("systems").at("r").at("summary"); };
  // By rank d2 comes first and covers one subtopic of two; by score d1, both.
  BOOST_TEST(summary(by_rank).at("StRecall@1").as_double() == 0.5);
  BOOST_TEST(summary(by_score).at("StRecall@1").as_double() == 1.0);
  BOOST_TEST(summary(by_rank).at("P_IA@1").as_double() == 0.5);
  BOOST_TEST(summary(by_score).at("P_IA@1").as_double() == 1.0);
  const Run twice = run(files, "--component evaluate --set qrels=qrels.txt --set 'runs={\"r\": \"twice.txt\"}' "
                               "--set measures=alpha_nDCG@2");
  BOOST_TEST(twice.exit_code == 3);
  BOOST_TEST(twice.out.find("run 'r' gives query '7' rank 1 twice, which ndeval's rank order refuses "
                            "(diversity_order 'score' orders by score)") != std::string::npos,
             twice.out);
}

BOOST_AUTO_TEST_CASE(evaluate_refuses_every_bad_name_at_once_with_the_closest_known_ones) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run r = run(files, evaluate_step + "--set 'measures=nDGC@10,P(rel=x)@5,P(rel=2),ndcg_cutt_10,AP(rel=5000)'");
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.out == "grk-eval run: --component evaluate [invalid-argument]: parameter 'measures': measure "
                      "'nDGC@10': unknown measure 'nDGC' (closest: nDCG); measure 'P(rel=x)@5': expected a "
                      "number, True, False, a quoted text or {...}, got 'x'; measure 'P(rel=2)': P needs a cutoff: "
                      "P@10; measure 'ndcg_cutt_10': unknown measure (closest: ndcg_cut); measure 'AP(rel=5000)': rel: "
                      "relevance_level must lie within +-1000, got 5000\n",
             r.out);
  BOOST_TEST(!fs::exists(files.folder() / "results.json"));
  // ndeval's measures read the qrels as subtopic qrels; the other families in the same step a
  // document's highest judgment over its subtopics: with one subtopic a column, the same nDCG@10.
  const Run mixed = run(files, evaluate_step + "--set 'measures=alpha_nDCG@20,nDCG@10' --set diversity_order=score");
  BOOST_TEST(mixed.exit_code == 0, mixed.out);
  const Run alone = run(files, evaluate_step + "--set measures=nDCG@10");
  BOOST_TEST(alone.exit_code == 0, alone.out);
  const auto ndcg = [](const Run& r) {
    return r.results.at("steps").at(0).at("result").at("systems").at("bm25").at("summary").at("nDCG@10").as_double();
  };
  BOOST_TEST(ndcg(mixed) == ndcg(alone));
}

// cwl_eval's measures: the value is the expected utility, and cwl_eval's
// other quantities stand beside it, per query and as means.
BOOST_AUTO_TEST_CASE(evaluate_gives_cwl_evals_quantities_beside_its_measures) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  const Run r = run(files, evaluate_step + "--set 'measures=RBP(p=0.5,rel=1)' --set per_query=true");
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.out);
  const auto& dense = r.results.at("steps").at(0).at("result").at("systems").at("dense").as_object();
  // dense puts a relevant document first in q1 and q2: RBP's first weight, 1 / (1 + 0.5 + 0.25 + ...),
  // is 0.5; q3, which it lacks, counts 0.
  BOOST_TEST(dense.at("summary").at("RBP(p=0.5,rel=1)").as_double() == 1.0 / 3);
  const auto& q1 = dense.at("cwl").at("per_query").at("q1").at("RBP(p=0.5,rel=1)").as_object();
  BOOST_TEST(q1.at("EU").as_double() == 0.5);
  BOOST_TEST(q1.at("ED").as_double() == 2.0);
  // The best case gives the 999 ranks after d2, all unjudged, a gain of 1 each.
  BOOST_TEST(std::abs(q1.at("ResEU").as_double() - 0.5) < 1e-12);
  BOOST_TEST(q1.at("ResED").as_double() == 0.0);
  BOOST_TEST(dense.at("cwl").at("summary").at("RBP(p=0.5,rel=1)").at("EU").as_double() == 1.0 / 3);
  BOOST_TEST(dense.at("cwl").at("per_query").as_object().size() == 2u);

  // Without rel= or max_rel= the judgments are the gains, which cwl_eval wants in [0, 1].
  const Run graded = run(files, evaluate_step + "--set 'measures=RBP(p=0.5)'");
  BOOST_TEST(graded.exit_code == 3);
  BOOST_TEST(graded.out.find("evaluate: FAILED [invalid-data]: qrels file '") != std::string::npos, graded.out);
  BOOST_TEST(graded.out.find("qrels.txt' line 1: a judgment outside [0, 1], which cwl_eval refuses as a "
                             "gain (RBP(p=0.5) takes the judgments as gains; rel= or max_rel= maps them): 'q1 0 d1 "
                             "2'\n") != std::string::npos,
             graded.out);
  // What cwl_eval cannot compute is refused before any step runs, every entry at once.
  const Run malformed =
      run(files, evaluate_step + "--set 'measures=RBP(rel=1)@10,SDCG(dcg=\"exp-log2\",max_rel=2)@5,INST(min_rel=1),"
                                 "INSQ(min_rel=2,max_rel=2)'");
  BOOST_TEST(malformed.exit_code == 1);
  BOOST_TEST(malformed.out == "grk-eval run: --component evaluate [invalid-argument]: parameter 'measures': measure "
                              "'RBP(rel=1)@10': RBP takes no @cutoff here: cwl_eval's RBP weighs the whole ranking; "
                              "measure 'SDCG(dcg=\"exp-log2\",max_rel=2)@5': SDCG's dcg is 'log2' only, as "
                              "cwl_eval's; measure 'INST(min_rel=1)': min_rel needs max_rel: the gains are scaled "
                              "between them; measure 'INSQ(min_rel=2,max_rel=2)': max_rel must be above min_rel, got "
                              "max_rel=2\n",
             malformed.out);
  // What cannot be checked against cwl_eval here is refused before any step runs.
  const Run unchecked = run(files, evaluate_step + "--set 'measures=nDCG@10,NERR9(max_rel=2)@10,NERR11(max_rel=2)'");
  BOOST_TEST(unchecked.exit_code == 1);
  BOOST_TEST(unchecked.out == "grk-eval run: --component evaluate [invalid-argument]: parameter 'measures': not "
                              "computed by this release: NERR9(max_rel=2)@10, NERR11(max_rel=2) (cwl_eval's NERR9 "
                              "and NERR11 have no reference values here to be checked against)\n");
}

BOOST_AUTO_TEST_CASE(an_output_dir_that_holds_files_is_refused_before_any_step_runs) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  fs::create_directories(files.folder() / "out");
  files.write("out/notes.txt", "mine\n");
  const Run r = run(files, bm25_step + "--set output_dir=out");
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.out == "grk-eval run: --component trec-eval [invalid-argument]: parameter 'output_dir': '" +
                          (files.folder() / "out").string() +
                          "' already holds files (notes.txt); name a new or empty folder, so that nothing is written "
                          "over\n");
  BOOST_TEST(mt::file_bytes(files.folder() / "out" / "notes.txt") == "mine\n");
  BOOST_TEST(!fs::exists(files.folder() / "out" / "bm25.txt"));
}

BOOST_AUTO_TEST_CASE(a_bad_run_line_fails_the_step_and_writes_nothing) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  files.write("bad.run", "q1 Q0 d1 1 3 t\nq1 Q0 d2 2 high t\n");
  files.write("config.json", R"({"steps": [{"id": "eval", "statistic": "trec-eval", "params": {
    "qrels": "qrels.txt", "runs": {"bm25": "bm25.run", "bad": "bad.run"}, "output_dir": "out"}}]})");
  const Run r = run(files, "config.json");
  BOOST_TEST(r.exit_code == 3);
  BOOST_TEST(r.out.find("score 'high' is not a finite number: 'q1 Q0 d2 2 high t'") != std::string::npos, r.out);
  BOOST_TEST(!fs::exists(files.folder() / "out"));
}

BOOST_AUTO_TEST_CASE(mistakes_the_host_can_see_are_reported_before_any_step_runs) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_inputs(files);
  files.write("empty.run", "");
  files.write("config.json", R"({"steps": [{"id": "eval", "statistic": "trec-eval", "params": {
    "qrels": "qrels.txt", "runs": {"bm25": "bm25.run"}, "measures": ["ndcg_cutt.10"]}},
    {"id": "empty", "statistic": "trec-eval", "params": {"qrels": "qrels.txt", "runs": {"e": "empty.run"}}}]})");
  const Run r = run(files, "config.json");
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.out.find("parameter 'measures': unknown measure 'ndcg_cutt.10'") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("is empty") != std::string::npos, r.out);
}

namespace {

// `grk-eval run` of one trec-eval step over four large runs into `out`, in a
// child process of its own that the caller may kill.
pid_t start_large_step(const mt::TemporaryFiles& files) {
  const std::string runs = R"({"a": "big.run", "b": "big.run", "c": "big.run", "d": "big.run"})";
  const std::string host_path = host();
  const std::string folder = files.folder().string();
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (::chdir(folder.c_str()) != 0) std::_Exit(126);
    // dup2, not freopen: freopen would flush the test's own buffered output a second time.
    const int quiet = ::open("/dev/null", O_WRONLY);
    if (quiet < 0 || ::dup2(quiet, 1) < 0 || ::dup2(quiet, 2) < 0) std::_Exit(126);
    ::execl(host_path.c_str(), host_path.c_str(), "run", "--component", "trec-eval", "--set", "qrels=big.qrels",
            "--set", ("runs=" + runs).c_str(), "--set", "measures=all_trec", "--set", "per_query=true", "--set",
            "output_dir=out", "--output", "results.json", static_cast<char*>(nullptr));
    std::_Exit(127);
  }
  return pid;
}

// What of `out` a reader of the folder sees, in name order: its files, or "absent".
std::string visible_output(const fs::path& folder) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    // Staging folders are hidden (".out.grk-trec-eval-staging-<pid>-<nonce>"); anything else named out is output.
    if (name.rfind("out", 0) == 0) names.insert(name + (fs::is_directory(entry.path()) ? "/" : ""));
  }
  if (fs::exists(folder / "out")) {
    for (const auto& entry : fs::directory_iterator(folder / "out")) names.insert(entry.path().filename().string());
  }
  std::string seen;
  for (const auto& name : names) seen += name + " ";
  return seen.empty() ? "absent" : seen;
}

}  // namespace

// kill -9 of grk-eval at moments spread over a large evaluation and while it
// writes: output_dir is absent afterwards (no half-written file, no staging
// folder under an output's name) or, killed after the publishing rename,
// whole; and the next run publishes every file.
BOOST_AUTO_TEST_CASE(a_step_killed_mid_evaluation_or_mid_write_leaves_output_dir_untouched) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  std::string run_text;
  std::string qrels_text;
  for (int q = 0; q < 400; ++q) {
    const std::string qid = std::to_string(5000 + q);
    for (int d = 0; d < 1000; ++d) {
      run_text += qid + " Q0 doc" + std::to_string(d * 7 + q) + " " + std::to_string(d + 1) + " " +
                  std::to_string(2000 - d) + ".5 big\n";
    }
    for (int j = 0; j < 12; ++j) qrels_text += qid + " 0 doc" + std::to_string(j * 37 + q) + " " + std::to_string(j % 3) + "\n";
  }
  files.write("big.run", run_text);
  files.write("big.qrels", qrels_text);

  // A whole run first: how long the step takes here, and what it publishes.
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  ::waitpid(start_large_step(files), &status, 0);
  const auto whole = std::chrono::steady_clock::now() - start;
  BOOST_REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  BOOST_TEST_REQUIRE(visible_output(files.folder()) == "a.txt b.txt c.txt d.txt out/ ");
  const std::string expected_a = mt::file_bytes(files.folder() / "out" / "a.txt");
  BOOST_REQUIRE(expected_a.size() > 1000000);

  int killed = 0;
  for (int tenth = 1; tenth <= 10; ++tenth) {
    fs::remove_all(files.folder() / "out");
    const pid_t pid = start_large_step(files);
    if (tenth == 10) {
      // Until the staging folder appears, then at once: mid-write.
      for (int poll = 0; poll < 200000; ++poll) {
        bool staging = false;
        for (const auto& entry : fs::directory_iterator(files.folder())) {
          staging = staging || entry.path().filename().string().rfind(".out.grk-trec-eval-staging-", 0) == 0;
        }
        if (staging || ::waitpid(pid, &status, WNOHANG) == pid) break;
        ::usleep(50);
      }
    } else {
      std::this_thread::sleep_for(whole * tenth / 10);
    }
    ::kill(pid, SIGKILL);
    if (::waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status)) continue;  // it had finished
    // Before the publishing rename nothing is there; after it (the process
    // still writes its results document) everything is, whole.
    const std::string seen = visible_output(files.folder());
    BOOST_TEST_CONTEXT("killed at " << tenth << "/10 of a whole run") {
      BOOST_TEST((seen == "absent" || seen == "a.txt b.txt c.txt d.txt out/ "), seen);
      if (seen != "absent") BOOST_TEST(mt::file_bytes(files.folder() / "out" / "a.txt") == expected_a);
    }
    killed += seen == "absent" ? 1 : 0;
  }
  BOOST_TEST(killed > 0);  // at least one kill landed before the publication
  // The next run removes the dead runs' staging folders and publishes whole
  // (into an output_dir that is absent again: one that holds files is refused).
  fs::remove_all(files.folder() / "out");
  ::waitpid(start_large_step(files), &status, 0);
  BOOST_REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  BOOST_TEST(visible_output(files.folder()) == "a.txt b.txt c.txt d.txt out/ ");
  BOOST_TEST(mt::file_bytes(files.folder() / "out" / "a.txt") == expected_a);
  for (const auto& entry : fs::directory_iterator(files.folder())) {
    BOOST_TEST(entry.path().filename().string().find("staging") == std::string::npos, entry.path().filename());
  }
}
