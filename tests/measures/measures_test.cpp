// Each measure on one small query worked out by hand (docs/behaviour/trec-eval.md §5).
//
// Query q: judged d1 (level 2), d2 (1), d3 (0), d4 (1, not retrieved); R = 3.
// The run scores d1 3, d3 2, d5 1, d2 1: d5 and d2 tie, and the larger id
// ranks first, so the ranking is d1 (2), d3 (0), d5 (not in the pool), d2 (1).
#define BOOST_TEST_MODULE measures_measures
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <utility>

#include <grk/error.hpp>

#include "evaluation/plan_evaluation.hpp"
#include "language/measure_syntax.hpp"
#include "measures_test_support.hpp"

namespace gm = grk::measures;

namespace {

const std::string qrels_text = "q 0 d1 2\nq 0 d2 1\nq 0 d3 0\nq 0 d4 1\n";
const std::string run_text = "q Q0 d1 1 3 tag\nq Q0 d3 2 2 tag\nq Q0 d2 3 1 tag\nq Q0 d5 4 1 tag\n";

struct Scored {
  std::map<std::string, double> summary;
  std::string relstring;
};

Scored score(const std::vector<std::string>& measures, gm::EvaluationOptions options = {},
             const std::string& qrels = qrels_text, const std::string& run = run_text) {
  auto judged = gm::parse_qrels(std::make_shared<const std::string>(qrels), "qrels", gm::QrelsFormat::automatic);
  auto ranked = gm::parse_run(std::make_shared<const std::string>(run), "run");
  auto requested = gm::request_measures(measures);
  BOOST_REQUIRE(judged && ranked && requested);
  const gm::ValueLayout layout(*requested);
  auto scores = gm::evaluate_run(*ranked, "run", *judged, layout, options);
  BOOST_REQUIRE(scores);
  Scored out;
  for (std::size_t m = 0; m < requested->size(); ++m) {
    for (std::size_t k = 0; k < (*requested)[m].names.size(); ++k) {
      out.summary[(*requested)[m].names[k]] = scores->summary[layout.offsets[m] + k];
    }
  }
  out.relstring = scores->queries.front().relstring;
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(counts_of_the_ranking) {
  auto s = score({"num_q", "num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret"}).summary;
  BOOST_TEST(s["num_q"] == 1);
  BOOST_TEST(s["num_ret"] == 4);
  BOOST_TEST(s["num_rel"] == 3);
  BOOST_TEST(s["num_rel_ret"] == 2);
  BOOST_TEST(s["num_nonrel_judged_ret"] == 1);  // d3
}

BOOST_AUTO_TEST_CASE(precision_and_recall_at_cutoffs) {
  auto s = score({"P.1,2,5", "recall.2,5", "relative_P.2,5", "success.1,2", "unj.3,5", "map_cut.2,5"}).summary;
  BOOST_TEST(s["P_1"] == 1.0);
  BOOST_TEST(s["P_2"] == 1.0 / 2);
  BOOST_TEST(s["P_5"] == 2.0 / 5);   // the missing fifth rank counts as nonrelevant
  BOOST_TEST(s["recall_2"] == 1.0 / 3);
  BOOST_TEST(s["recall_5"] == 2.0 / 3);
  BOOST_TEST(s["relative_P_2"] == 1.0 / 2);
  BOOST_TEST(s["relative_P_5"] == 2.0 / 3);  // over min(5, R)
  BOOST_TEST(s["success_1"] == 1.0);
  BOOST_TEST(s["unj_3"] == 1.0 / 3);  // d5
  BOOST_TEST(s["unj_5"] == 1.0 / 5);
  BOOST_TEST(s["map_cut_2"] == (1.0 / 1) / 3);
  BOOST_TEST(s["map_cut_5"] == (1.0 / 1 + 2.0 / 4) / 3);
}

BOOST_AUTO_TEST_CASE(measures_over_the_relevant_ranks) {
  auto s = score({"map", "gm_map", "Rprec", "bpref", "recip_rank", "infAP", "binG"}).summary;
  BOOST_TEST(s["map"] == (1.0 / 1 + 2.0 / 4) / 3);
  BOOST_TEST(s["gm_map"] == std::exp(std::log((1.0 / 1 + 2.0 / 4) / 3)));
  BOOST_TEST(s["Rprec"] == 1.0 / 3);  // d1 in the top R = 3
  // d1 has no judged nonrelevant above it (1), d2 has d3 above it (1 - 1/1).
  BOOST_TEST(s["bpref"] == (1.0 + 0.0) / 3);
  BOOST_TEST(s["recip_rank"] == 1.0);
  // d1 at j = 0 adds 1; d2 at j = 3 adds 1/4 + 3/4 * (2/3) * (1 + e) / (2 + 2e).
  const double e = 0.00001;
  BOOST_TEST(s["infAP"] == (1.0 + (1.0 / 4 + (3.0 / 4) * (2.0 / 3) * ((1 + e) / (1 + 1 + 2 * e)))) / 3);
  // d1 with no nonrelevant above: 1/log2(2); d2 with two: 1/log2(4).
  BOOST_TEST(s["binG"] == (1.0 / std::log2(2.0) + 1.0 / std::log2(4.0)) / 3);
}

BOOST_AUTO_TEST_CASE(graded_measures) {
  auto s = score({"ndcg", "ndcg_cut.1,5", "rbp", "rbp_resid"}).summary;
  const double dcg = 2 / std::log2(2.0) + 1 / std::log2(5.0);
  const double ideal = 2 / std::log2(2.0) + 1 / std::log2(3.0) + 1 / std::log2(4.0);
  BOOST_TEST(s["ndcg"] == dcg / ideal);
  BOOST_TEST(s["ndcg_cut_1"] == 1.0);
  BOOST_TEST(s["ndcg_cut_5"] == dcg / ideal);
  // The highest level (2) exceeds 1: gains become level / 2.
  BOOST_TEST(s["rbp"] == (1.0 - 0.9) * (1.0 * 1.0 + 0.5 * (0.9 * 0.9 * 0.9)));
  // d5, not in the pool, at rank 3: p^4 + (1 - p) p^2.
  BOOST_TEST(s["rbp_resid"] == 0.9 * 0.9 * 0.9 * 0.9 + (1 - 0.9) * (0.9 * 0.9));
}

BOOST_AUTO_TEST_CASE(given_gains_replace_the_levels) {
  auto s = score({"ndcg.1=3,2=9"}).summary;
  const double dcg = 9 / std::log2(2.0) + 3 / std::log2(5.0);
  const double ideal = 9 / std::log2(2.0) + 3 / std::log2(3.0) + 3 / std::log2(4.0);
  BOOST_TEST(s["ndcg_1=3,2=9"] == dcg / ideal);
}

BOOST_AUTO_TEST_CASE(interpolated_precision) {
  auto s = score({"iprec_at_recall.0,.5,1", "11pt_avg..5", "Rprec_mult.1,2"}).summary;
  BOOST_TEST(s["iprec_at_recall_0.00"] == 1.0);
  // 0.5 * 3 + 0.5 truncated: 2 relevant, reached at rank 4; the best precision from there on is 2/4.
  BOOST_TEST(s["iprec_at_recall_0.50"] == 2.0 / 4);
  BOOST_TEST(s["iprec_at_recall_1.00"] == 0.0);  // the third rel document is never retrieved
  BOOST_TEST(s["11pt_avg_.5"] == 2.0 / 4);
  BOOST_TEST(s["Rprec_mult_1.00"] == 1.0 / 3);   // rank 3.9 truncated
  BOOST_TEST(s["Rprec_mult_2.00"] == 2.0 / 6);   // rank 6 beyond the 4 retrieved
}

BOOST_AUTO_TEST_CASE(set_measures_and_relstring) {
  auto scored = score({"set_P", "set_recall", "set_relative_P", "set_map", "set_F", "utility", "relstring"});
  auto& s = scored.summary;
  BOOST_TEST(s["set_P"] == 2.0 / 4);
  BOOST_TEST(s["set_recall"] == 2.0 / 3);
  BOOST_TEST(s["set_relative_P"] == 2.0 / 3);
  BOOST_TEST(s["set_map"] == (2.0 * 2.0) / (4.0 * 3.0));
  BOOST_TEST(s["set_F"] == 2.0 * (2.0 / 4) * (2.0 / 3) / (2.0 / 4 + 2.0 / 3));
  BOOST_TEST(s["utility"] == 2.0 - 2.0);  // 2 relevant retrieved, 2 not
  BOOST_TEST(scored.relstring == "20-1");
}

BOOST_AUTO_TEST_CASE(options_change_the_ranking) {
  gm::EvaluationOptions judged_only;
  judged_only.judged_only = true;  // d5 leaves: d1, d3, d2
  BOOST_TEST(score({"map", "num_ret"}, judged_only).summary["map"] == (1.0 / 1 + 2.0 / 3) / 3);
  gm::EvaluationOptions level_two;
  level_two.relevance_level = 2;  // only d1 is relevant
  BOOST_TEST(score({"map"}, level_two).summary["map"] == 1.0);
  gm::EvaluationOptions two_results;
  two_results.max_results = 2;  // d1, d3
  BOOST_TEST(score({"map"}, two_results).summary["map"] == (1.0 / 1) / 3);
  gm::EvaluationOptions identical;
  identical.ignore_identical_ids = true;
  BOOST_TEST(score({"num_ret"}, identical, qrels_text, run_text + "q Q0 q 5 9 tag\n").summary["num_ret"] == 4);
}

// The file's order does not rank: written in score order (only the tie is
// sorted), reversed and shuffled (the whole sort), the ranking is d1 d3 d5 d2.
BOOST_AUTO_TEST_CASE(the_ranking_does_not_depend_on_the_line_order) {
  const std::string in_score_order = run_text;
  const std::string reversed = "q Q0 d5 4 1 tag\nq Q0 d2 3 1 tag\nq Q0 d3 2 2 tag\nq Q0 d1 1 3 tag\n";
  const std::string shuffled = "q Q0 d3 2 2 tag\nq Q0 d5 4 1 tag\nq Q0 d1 1 3 tag\nq Q0 d2 3 1 tag\n";
  for (const auto& run : {in_score_order, reversed, shuffled}) {
    BOOST_TEST(score({"relstring"}, {}, qrels_text, run).relstring == "20-1");
  }
}

BOOST_AUTO_TEST_CASE(a_qrels_query_the_run_lacks_is_skipped_unless_complete) {
  const std::string qrels = qrels_text + "r 0 d9 1\n";
  BOOST_TEST(score({"num_q", "map"}, {}, qrels).summary["map"] == (1.0 / 1 + 2.0 / 4) / 3);
  gm::EvaluationOptions complete;
  complete.complete = true;
  auto s = score({"num_q", "num_ret", "map"}, complete, qrels).summary;
  BOOST_TEST(s["num_q"] == 2);
  BOOST_TEST(s["num_ret"] == 4);  // the stand-in document is not counted
  BOOST_TEST(s["map"] == ((1.0 / 1 + 2.0 / 4) / 3 + 0.0) / 2);
}

BOOST_AUTO_TEST_CASE(an_all_negative_query_is_judged_without_relevant_documents) {
  auto s = score({"map", "num_rel", "P.5", "ndcg_cut.5", "bpref"}, {}, "q 0 d1 -1\nq 0 d3 -1\n").summary;
  BOOST_TEST(s["num_rel"] == 0);
  BOOST_TEST(s["map"] == 0.0);
  BOOST_TEST(s["P_5"] == 0.0);
  BOOST_TEST(s["ndcg_cut_5"] == 0.0);
  BOOST_TEST(s["bpref"] == 0.0);
}

BOOST_AUTO_TEST_CASE(the_measures_list_is_checked) {
  auto message = [](const std::vector<std::string>& entries) {
    auto requested = gm::request_measures(entries);
    return requested ? std::string("ok") : requested.error().message;
  };
  BOOST_TEST(message({"mapp"}) == "unknown measure 'mapp'");
  BOOST_TEST(message({"P."}) == "measure 'P.': no parameters after '.'");
  BOOST_TEST(message({"P.0,5"}) == "measure 'P.0,5': cutoffs must be positive");
  BOOST_TEST(message({"P.5,5"}) == "measure 'P.5,5': duplicate cutoffs");
  BOOST_TEST(message({"P.x"}) == "measure 'P.x': 'x' is not a number");
  BOOST_TEST(message({"map.5"}) == "measure 'map.5': takes no parameters");
  BOOST_TEST(message({"ndcg.1"}) == "measure 'ndcg.1': expected name=number pairs, got '1'");
  BOOST_TEST(message({"utility.1,2"}) == "measure 'utility.1,2': utility takes 4 coefficients");
  BOOST_TEST(message({"official.5"}) == "measure set 'official.5' takes no parameters");
  BOOST_TEST(message({"prefs_simp"}) ==
             "measure 'prefs_simp' needs preference or judgment-group qrels (trec_eval -R prefs, qrels_jg), which "
             "trec-eval does not read");
  BOOST_TEST(message({}) == "measures: the list is empty");
  // Names follow trec_eval: cutoffs read as atol, parameters as written.
  auto requested = gm::request_measures({"ndcg_cut.23.4", "P.10,5", "P.20", "utility.2,-1,0,0"});
  BOOST_REQUIRE(requested);
  std::vector<std::string> names;
  for (const auto& measure : *requested) names.insert(names.end(), measure.names.begin(), measure.names.end());
  BOOST_TEST(names == (std::vector<std::string>{"P_5", "P_10", "utility_2,-1,0,0", "ndcg_cut_23"}));
  // A list split at every comma is rejoined where an item is a number or
  // inside parentheses; 11pt_avg starts with digits but is a name.
  BOOST_TEST(gm::rejoin_measure_items({"P.5", "10", "RBP(p=0.8", "rel=1)", "11pt_avg", "utility.1", "-1", "0", "0"}) ==
                 (std::vector<std::string>{"P.5,10", "RBP(p=0.8,rel=1)", "11pt_avg", "utility.1,-1,0,0"}),
             boost::test_tools::per_element());
}

// trec_eval prints with printf's `%6.4f`: append_real must give its bytes,
// for exact decimal ties (round half to even on the binary value), values
// just beside them, widths beyond 6, signs, infinities and NaNs.
BOOST_AUTO_TEST_CASE(values_print_as_printf_prints_them) {
  std::vector<double> values = {0.0, -0.0, 1.0, 0.5, 0.00005, 0.00015, 0.00025, 0.12345, 0.99995, 0.999949999,
                                9.99995, 99999.99995, 1e15, 1e22, 1e300, -1e300, 5e-324, 2.2250738585072014e-308,
                                std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                std::nan(""), -std::nan(""), 1.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0, 123456.78915};
  for (int k = 1; k <= 20; ++k) {  // i / 2**k: ties at the 5th decimal among them
    for (int i = 0; i <= 64; ++i) values.push_back(std::ldexp(static_cast<double>(i), -k));
  }
  std::uint64_t state = 11;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const double tie = static_cast<double>(state >> 44) / 20000.0;  // near x.xxxx5
    values.push_back(tie);
    values.push_back(std::nextafter(tie, 0.0));
    values.push_back(std::nextafter(tie, 1e9));
    std::uint64_t bits = state;
    double any = 0.0;
    std::memcpy(&any, &bits, sizeof any);
    values.push_back(any);
  }
  for (double value : values) {
    char expected[512];
    for (const auto& [format, spec] : {std::pair{gm::NumberFormat::trec_eval, "%6.4f"},
                                       std::pair{gm::NumberFormat::full_precision, "%.17g"}}) {
      std::snprintf(expected, sizeof expected, spec, value);
      std::string got;
      gm::append_real(got, value, format);
      BOOST_TEST_CONTEXT(spec << " of " << std::hexfloat << value) { BOOST_TEST(got == expected); }
    }
  }
}

// The host's cancellation check is polled between runs and parts of queries,
// and what it throws ends the scoring as a cancellation (the step then
// publishes nothing), in trec-eval's loop and in evaluate's families alike.
BOOST_AUTO_TEST_CASE(a_cancellation_poll_ends_the_scoring) {
  grk::measures::testing::TemporaryFiles files;
  std::string qrels, run;
  for (int q = 0; q < 200; ++q) {
    qrels += "q" + std::to_string(q) + " 0 d1 1\n";
    for (int d = 0; d < 20; ++d) {
      run += "q" + std::to_string(q) + " Q0 d" + std::to_string(d) + " 1 " + std::to_string(20 - d) + " t\n";
    }
  }
  const std::vector<std::pair<std::string, std::filesystem::path>> runs{{"a", files.write("a.run", run)},
                                                                        {"b", files.write("b.run", run)}};
  auto judged = gm::read_qrels(files.write("qrels", qrels), gm::QrelsFormat::automatic);
  auto requested = gm::request_measures({"map"});
  auto plan = gm::plan_measures({"ERR@10", "RBP(rel=1)", "AP"}, gm::EvaluationOptions{});
  BOOST_REQUIRE(judged && requested && plan);
  const gm::ValueLayout layout(*requested);
  for (unsigned threads : {1u, 2u}) {
    for (int stop_at : {1, 3, 8}) {
      int calls = 0;
      const auto poll = [&] {
        if (++calls == stop_at) throw grk::Error(grk::Status::cancelled, "cancelled: the run was interrupted");
      };
      const auto cancelled = [](const grk::Error& error) { return error.status() == grk::Status::cancelled; };
      BOOST_CHECK_EXCEPTION(gm::evaluate_systems(runs, *judged, layout, gm::EvaluationOptions{}, threads, poll),
                            grk::Error, cancelled);
      calls = 0;
      BOOST_CHECK_EXCEPTION(gm::evaluate_plan(runs, *plan, *judged, threads, gm::DiversityOrder::rank, nullptr, poll),
                            grk::Error, cancelled);
    }
    int calls = 0;
    const auto count = [&] { ++calls; };
    BOOST_TEST(gm::evaluate_plan(runs, *plan, *judged, threads, gm::DiversityOrder::rank, nullptr, count).has_value());
    BOOST_TEST(calls > 2 * 3);  // each run, and each part of its queries in each loop
  }
}

// A plan scores a run file query by query as it is read; a file that lists a
// query in two places is read whole instead. Either way the values are those
// of the run in memory, and ndeval's rank order refuses the first query in
// id order that gives a rank twice, wherever the file lists it.
BOOST_AUTO_TEST_CASE(a_plan_scores_a_run_file_as_the_run_in_memory_however_its_queries_lie) {
  grk::measures::testing::TemporaryFiles files;
  const std::string q1 = "q1 Q0 a 1 3 t\nq1 Q0 b 2 2 t\n";
  const std::string q2 = "q2 Q0 c 1 5 t\nq2 Q0 a 2 4 t\n";
  const std::vector<std::pair<std::string, std::filesystem::path>> runs{
      {"together", files.write("together.run", q2 + q1 + "q1 Q0 z 3 1 t\n")},
      {"apart", files.write("apart.run", "q1 Q0 z 3 1 t\n" + q2 + q1)}};
  auto judged = gm::read_qrels(files.write("qrels", "q1 0 a 1\nq1 0 z 2\nq2 0 c 0\nq2 0 a 1\nq3 0 a 1\n"),
                               gm::QrelsFormat::automatic);
  auto plan = gm::plan_measures({"AP", "nDCG@2", "ERR@10", "P_2"}, gm::EvaluationOptions{});
  BOOST_REQUIRE(judged && plan);
  auto in_memory = gm::read_run(runs[0].second, 1);
  BOOST_REQUIRE(in_memory);
  auto reference = gm::evaluate_plan(*in_memory, "together", *plan, *judged, 1, gm::DiversityOrder::rank);
  BOOST_REQUIRE(reference);
  for (unsigned threads : {1u, 2u}) {
    auto scores = gm::evaluate_plan(runs, *plan, *judged, threads);
    BOOST_REQUIRE(scores);
    for (const auto& run : *scores) {
      BOOST_TEST((run.values == reference->values));
      BOOST_TEST(run.summary == reference->summary, boost::test_tools::per_element());
      BOOST_TEST(run.missing == std::vector<std::string>{"q3"}, boost::test_tools::per_element());
    }
  }
  // Ranks given twice by q2, then by q1: q1 is named, as when read whole.
  auto diversity = gm::plan_measures({"alpha_nDCG@5"}, gm::EvaluationOptions{});
  BOOST_REQUIRE(diversity);
  const auto twice = files.write("twice.run", "q2 Q0 c 1 5 t\nq2 Q0 a 1 4 t\nq1 Q0 a 2 3 t\nq1 Q0 b 2 2 t\n");
  auto subtopics = gm::read_qrels(files.write("subtopics", "q1 1 a 1\nq2 1 c 1\n"), gm::QrelsFormat::subtopics);
  BOOST_REQUIRE(subtopics);
  const gm::Qrels adhoc = gm::adhoc_judgments(*subtopics);
  auto refused = gm::evaluate_plan({{"twice", twice}}, *diversity, adhoc, 2, gm::DiversityOrder::rank, &*subtopics);
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().message == "run 'twice' gives query 'q1' rank 2 twice, which ndeval's rank order refuses "
                                        "(diversity_order 'score' orders by score)");
}
