// The inputs of the four two-system comparisons (paired-bootstrap, paired-t,
// wilcoxon, randomization): `runs` files in both formats and the
// many-systems `scores` form give the same result as the two-sided scores
// file holding the same numbers; `missing_queries` aligns as stated and
// reports what it did; every input's bad line and bad value is refused with
// its exact message (docs/behaviour/comparisons.md §2-§4).
#define BOOST_TEST_MODULE significance_comparison_inputs
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <grk/error.hpp>
#include <grk/json/writer.hpp>

#include "component_call.hpp"
#include "components/statistics.hpp"

using boost::json::object;
using grk::test::Outcome;
using grk::test::TempDir;

namespace {

using Call = Outcome (*)(const object&);

struct Component {
  const char* name;
  Call call;
  /// How the component words the pairing checks (docs/behaviour/comparisons.md §2).
  const char* test;
  Call prerun;
};

const std::vector<Component>& components() {
  static const std::vector<Component> all = {
      {"paired-bootstrap", &grk::test::run<grk::significance::PairedBootstrapStatistic>, "paired bootstrap", &grk::test::prerun<grk::significance::PairedBootstrapStatistic>},
      {"paired-t", &grk::test::run<grk::significance::PairedTStatistic>, "paired t-test", &grk::test::prerun<grk::significance::PairedTStatistic>},
      {"wilcoxon", &grk::test::run<grk::significance::WilcoxonStatistic>, "wilcoxon signed-rank test", &grk::test::prerun<grk::significance::WilcoxonStatistic>},
      {"randomization", &grk::test::run<grk::significance::RandomizationStatistic>, "randomization test", &grk::test::prerun<grk::significance::RandomizationStatistic>},
  };
  return all;
}

object with(object params, const object& changes) {
  for (const auto& change : changes) params[change.key()] = change.value();
  return params;
}

/// The result without its `metric` field, which is the runs file's measure
/// name for runs and a groundkit metric name otherwise.
std::string without_metric(boost::json::value result) {
  result.as_object().erase("metric");
  return grk::json::write_compact(result);
}

/// Per-query scores of three systems on one metric (P_10 in the files), and
/// the same numbers in each input format. q3 is missing from `sparse`.
struct Inputs {
  TempDir dir;
  std::string bm25_trec, dense_trec, sparse_trec, bm25_ir, dense_ir, pair_scores, system_scores;

  Inputs() {
    // trec_eval -q: padded measures, runid and `all` rows, another measure.
    bm25_trec = dir.write("bm25.txt",
                          "runid                 \tall\tbm25\n"
                          "P_10                  \tq1\t0.1000\nmap                   \tq1\t0.5\n"
                          "P_10                  \tq2\t0.3000\nP_10                  \tq3\t0.2000\n"
                          "P_10                  \tq4\t0.6000\nP_10                  \tall\t0.3000\n")
                    .string();
    dense_trec = dir.write("dense.txt",
                           "P_10\tq1\t0.4000\r\nP_10\tq2\t0.3000\r\nP_10\tq3\t0.1000\r\nP_10\tq4\t0.9000\r\n\r\n")
                     .string();
    sparse_trec = dir.write("sparse.txt", "P_10\tq1\t0.5\nP_10\tq2\t0.5\nP_10\tq4\t0.5\n").string();
    bm25_ir = dir.write("bm25.tsv", "q1\tP@10\t0.1\nq2\tP@10\t0.3\nq3\tP@10\t0.2\nq4\tP@10\t0.6\n").string();
    dense_ir = dir.write("dense.tsv", "q4\tP@10\t0.9\nq3\tP@10\t0.1\nq2\tP@10\t0.3\nq1\tP@10\t0.4\n").string();
    pair_scores = dir.write("pair.json",
                            R"({"baseline": {"q1": 0.1, "q2": 0.3, "q3": 0.2, "q4": 0.6},
                                "candidate": {"q1": 0.4, "q2": 0.3, "q3": 0.1, "q4": 0.9}})")
                      .string();
    system_scores = dir.write("systems.json",
                              R"({"systems": {"bm25": {"q1": 0.1, "q2": 0.3, "q3": 0.2, "q4": 0.6},
                                              "sparse": {"q1": 0.5, "q2": 0.5, "q4": 0.5},
                                              "dense": {"q4": 0.9, "q3": 0.1, "q2": 0.3, "q1": 0.4}}})")
                        .string();
  }

  object runs() const { return object{{"bm25", bm25_trec}, {"sparse", sparse_trec}, {"dense", dense_trec}}; }
};

object compared(object params) {
  return with(std::move(params), {{"baseline", "bm25"}, {"candidate", "dense"}, {"resamples", 200}});
}

/// `params` without what `component` does not declare (paired-t has no resamples).
object fit(const Component& component, object params) {
  if (std::string(component.name) == "paired-t") params.erase("resamples");
  return params;
}

}  // namespace

BOOST_AUTO_TEST_CASE(runs_and_system_scores_give_the_two_sided_scores_result) {
  const Inputs in;
  for (const auto& component : components()) {
    const auto strip = [&](object params) { return fit(component, std::move(params)); };
    const Outcome expected = component.call(strip(with(compared({}), {{"scores", in.pair_scores}, {"metric", "recall_at_5"}})));
    BOOST_REQUIRE_MESSAGE(expected.error.empty(), component.name << ": " << expected.error);

    const Outcome trec = component.call(strip(compared(object{{"runs", in.runs()}, {"metric", "P_10"}})));
    BOOST_REQUIRE_MESSAGE(trec.error.empty(), component.name << ": " << trec.error);
    BOOST_TEST(trec.result.at("metric").as_string() == "P_10");
    BOOST_TEST(without_metric(trec.result) == without_metric(expected.result), component.name);

    const Outcome ir = component.call(strip(compared(object{
        {"runs", object{{"bm25", in.bm25_ir}, {"dense", in.dense_ir}}}, {"runs_format", "ir_measures"},
        {"metric", "P@10"}})));
    BOOST_REQUIRE_MESSAGE(ir.error.empty(), component.name << ": " << ir.error);
    BOOST_TEST(without_metric(ir.result) == without_metric(expected.result), component.name);

    const Outcome systems =
        component.call(strip(compared(object{{"scores", in.system_scores}, {"metric", "recall_at_5"}})));
    BOOST_REQUIRE_MESSAGE(systems.error.empty(), component.name << ": " << systems.error);
    BOOST_TEST(grk::json::write_compact(systems.result) == grk::json::write_compact(expected.result),
               component.name);
  }
}

BOOST_AUTO_TEST_CASE(missing_queries_aligns_and_reports_what_it_did) {
  const Inputs in;
  for (const auto& component : components()) {
    const object base = fit(component, object{{"runs", in.runs()}, {"metric", "P_10"}, {"baseline", "sparse"},
                                               {"candidate", "dense"}, {"resamples", 200}});

    // error (the default): paired-bootstrap's pairing message, with the test's name.
    const Outcome refused = component.call(base);
    BOOST_TEST((refused.status == grk::Status::invalid_data), component.name);
    BOOST_TEST(refused.error == std::string(component.test) +
                                    " query ids differ (missing from candidate=[], missing from baseline=['q3'])",
               component.name);
    BOOST_TEST(!refused.result.is_object());

    // intersect: as if q3 were in neither file; the result says so.
    const Outcome intersect = component.call(with(base, {{"missing_queries", "intersect"}}));
    BOOST_REQUIRE_MESSAGE(intersect.error.empty(), component.name << ": " << intersect.error);
    const TempDir& dir = in.dir;  // one folder per process: a second TempDir would be the same
    const std::string shared =
        dir.write("shared.json", R"({"systems": {"sparse": {"q1": 0.5, "q2": 0.5, "q4": 0.5},
                                                 "dense": {"q1": 0.4, "q2": 0.3, "q4": 0.9}}})")
            .string();
    object by_hand = with(base, {{"scores", shared}, {"metric", "recall_at_5"}});
    by_hand.erase("runs");
    const Outcome expected_intersect = component.call(by_hand);
    BOOST_REQUIRE_MESSAGE(expected_intersect.error.empty(), expected_intersect.error);
    boost::json::value reported = intersect.result;
    BOOST_TEST(grk::json::write_compact(reported.as_object().at("queries")) ==
                   R"({"missing_queries":"intersect","compared":3,"dropped":1,"filled":{"sparse":0,"dense":0}})",
               component.name);
    reported.as_object().erase("queries");
    BOOST_TEST(without_metric(reported) == without_metric(expected_intersect.result), component.name);

    // zero: sparse scores 0 on q3.
    const Outcome zero = component.call(with(base, {{"missing_queries", "zero"}}));
    BOOST_REQUIRE_MESSAGE(zero.error.empty(), component.name << ": " << zero.error);
    const std::string filled =
        dir.write("filled.json", R"({"systems": {"sparse": {"q1": 0.5, "q2": 0.5, "q3": 0, "q4": 0.5},
                                                 "dense": {"q1": 0.4, "q2": 0.3, "q3": 0.1, "q4": 0.9}}})")
            .string();
    const Outcome expected_zero = component.call(with(by_hand, {{"scores", filled}}));
    BOOST_REQUIRE_MESSAGE(expected_zero.error.empty(), expected_zero.error);
    reported = zero.result;
    BOOST_TEST(grk::json::write_compact(reported.as_object().at("queries")) ==
                   R"({"missing_queries":"zero","compared":4,"dropped":0,"filled":{"sparse":1,"dense":0}})",
               component.name);
    reported.as_object().erase("queries");
    BOOST_TEST(without_metric(reported) == without_metric(expected_zero.result), component.name);

    // A policy on identical query sets changes nothing but adds the count.
    const Outcome same = component.call(with(base, {{"candidate", "bm25"}, {"baseline", "dense"},
                                                    {"missing_queries", "intersect"}}));
    BOOST_REQUIRE_MESSAGE(same.error.empty(), same.error);
    BOOST_TEST(same.result.at("queries").at("dropped").as_uint64() == 0u);
  }
}

BOOST_AUTO_TEST_CASE(every_input_problem_is_refused_with_its_message) {
  const Inputs in;
  const TempDir& dir = in.dir;
  const std::string bad_line = dir.write("bad.txt", "P_10\tq1\t0.5\nP_10 q2 0.25\n").string();
  const std::string bad_value = dir.write("value.tsv", "q1\tP@10\t0.5\nq2\tP@10\tabc\n").string();
  const std::string summary_only = dir.write("all.txt", "P_10\tall\t0.5\n").string();
  const std::string bad_score = dir.write("s1.json", R"({"systems": {"bm25": {"q1": "0.5"}}})").string();
  const std::string extra_key = dir.write("s2.json", R"({"systems": {"bm25": {}}, "notes": 1})").string();
  const std::string empty_systems = dir.write("s3.json", R"({"systems": {}})").string();
  const std::string not_object = dir.write("s4.json", R"({"systems": [1]})").string();
  const object runs = in.runs();
  const object on_runs = compared(object{{"runs", runs}, {"metric", "P_10"}});
  const object on_systems = compared(object{{"scores", in.system_scores}, {"metric", "recall_at_5"}});
  struct Case {
    object params;
    grk::Status status;
    std::string message;
  };
  const std::vector<Case> cases = {
      {with(on_runs, {{"report", "r.json"}}), grk::Status::invalid_argument,
       "exactly one of 'report', 'scores' and 'runs' must be given, got 'report' and 'runs'"},
      {with(on_runs, {{"scores", "s.json"}}), grk::Status::invalid_argument,
       "exactly one of 'report', 'scores' and 'runs' must be given, got 'scores' and 'runs'"},
      {with(on_runs, {{"runs_format", "csv"}}), grk::Status::invalid_argument,
       "parameter 'runs_format': must be one of: trec_eval, ir_measures, trec_run; got 'csv'"},
      {with(on_runs, {{"missing_queries", "drop"}}), grk::Status::invalid_argument,
       "parameter 'missing_queries': must be one of: error, intersect, zero; got 'drop'"},
      {with(on_runs, {{"candidate", "splade"}}), grk::Status::invalid_argument,
       "runs has no system 'splade'; it names 'bm25', 'sparse', 'dense'"},
      {with(on_runs, {{"metric", "ndcg_cut_10"}}), grk::Status::invalid_argument,
       "metric: measure 'ndcg_cut_10' is not in the runs file of system 'bm25' ('" + in.bm25_trec + "')"},
      {with(on_runs, {{"runs", object{{"bm25", bad_line}, {"dense", in.dense_trec}}}}), grk::Status::invalid_data,
       "runs file '" + bad_line +
           "' line 2: not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval'): 'P_10 q2 0.25'"},
      {with(on_runs, {{"runs", object{{"bm25", bad_value}, {"dense", in.dense_ir}}}, {"runs_format", "ir_measures"},
                      {"metric", "P@10"}}),
       grk::Status::invalid_data, "runs file '" + bad_value + "' line 2: value 'abc' is not a number: 'q2\\tP@10\\tabc'"},
      {with(on_runs, {{"runs", object{{"bm25", summary_only}, {"dense", in.dense_trec}}}}), grk::Status::invalid_data,
       "runs file '" + summary_only + "' has only summary rows (query id 'all'); run trec_eval with -q"},
      {with(on_runs, {{"runs", object{{"bm25", (dir.path / "none.txt").string()}, {"dense", in.dense_trec}}}}),
       grk::Status::not_found,
       "cannot read runs file '" + (dir.path / "none.txt").string() + "': [Errno 2] No such file or directory: '" +
           (dir.path / "none.txt").string() + "'"},
      {with(on_runs, {{"runs", object{{"bm25", ""}}}}), grk::Status::invalid_argument,
       "parameter 'runs': expected a path (a non-empty string) at key 'bm25', got an empty string"},
      {with(on_systems, {{"candidate", "splade"}}), grk::Status::invalid_argument,
       "scores file does not contain system 'splade'; its systems: 'bm25', 'sparse', 'dense'"},
      {with(on_systems, {{"scores", bad_score}}), grk::Status::invalid_data,
       "systems[\"bm25\"][\"q1\"]: must be a number, got \"0.5\""},
      {with(on_systems, {{"scores", extra_key}}), grk::Status::invalid_data,
       "\"notes\": unknown key; a scores file with \"systems\" holds nothing else"},
      {with(on_systems, {{"scores", empty_systems}}), grk::Status::invalid_data,
       "systems: must name at least one system"},
      {with(on_systems, {{"scores", not_object}}), grk::Status::invalid_data,
       "systems: must be an object mapping system names to {query id: score} objects, got [1]"},
  };
  for (const auto& component : components()) {
    for (const Case& c : cases) {
      const Outcome out = component.call(fit(component, c.params));
      BOOST_TEST(out.error == c.message, component.name << ": " << out.error);
      BOOST_TEST((out.status == c.status), component.name << ": " << c.message);
      // The pre-run check refuses a parameter mistake as the step would, and
      // leaves a problem of the data to the step (docs/behaviour/comparisons.md §2.5).
      const Outcome before = component.prerun(fit(component, c.params));
      if (c.status == grk::Status::invalid_argument) {
        BOOST_TEST(before.error == c.message, component.name << ": " << before.error);
        BOOST_TEST((before.status == c.status), component.name << ": " << c.message);
      } else {
        BOOST_TEST(before.error.empty(), component.name << ": " << before.error);
      }
    }
  }
  // A many-systems scores file names its own metric (docs/behaviour/comparisons.md §2.1),
  // and one whose contents are wrong is refused for them under any metric name;
  // a two-sided one, or a file that does not read, keeps groundkit's refusal.
  for (const auto& component : components()) {
    for (const std::string& broken : {bad_score, extra_key, empty_systems, not_object}) {
      const Outcome groundkit_name = component.call(fit(component, with(on_systems, {{"scores", broken}})));
      const auto free_name = fit(component, with(on_systems, {{"scores", broken}, {"metric", "P_10"}}));
      BOOST_TEST(!groundkit_name.error.empty());
      BOOST_TEST(component.call(free_name).error == groundkit_name.error, component.name << ": " << broken);
      BOOST_TEST(component.prerun(free_name).error.empty(), component.name << ": " << broken);
    }
    const Outcome free = component.call(fit(component, with(on_systems, {{"metric", "P_10"}})));
    BOOST_TEST(free.error.empty(), component.name << ": " << free.error);
    BOOST_TEST(free.result.at("metric").as_string() == "P_10", component.name);
    BOOST_TEST(component.prerun(fit(component, with(on_systems, {{"metric", "P_10"}}))).error.empty());
    const Outcome missing = component.call(
        fit(component, with(on_systems, {{"metric", "P_10"}, {"scores", (dir.path / "none.json").string()}})));
    BOOST_TEST(missing.error ==
               "metric must be one of 'recall_at_1', 'recall_at_5', 'recall_at_10', 'mrr', 'ndcg_at_10', got 'P_10'");
  }
}

// docs/behaviour/comparisons.md §2.5 step 3: each component's own parameters,
// refused by the pre-run check with the step's status and message, in the
// step's order; with a data problem first, the check leaves both to the step.
BOOST_AUTO_TEST_CASE(the_prerun_check_refuses_each_own_parameter_as_the_step_does) {
  const Inputs in;
  const std::string bad_file = in.dir.write("bad.json", R"({"baseline": {"q1": 0.1}, "candidate": 3})").string();
  struct Case {
    const char* param;
    boost::json::value value;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"confidence_level", 1.5, "confidence_level must be between 0 and 1, got 1.5"},
      {"alpha", 0, "alpha must be between 0 and 1, got 0"},
      {"resamples", 0, "resamples must be positive, got 0"},
      {"permutations", -1, "permutations must be positive, got -1"},
  };
  for (const auto& component : components()) {
    std::vector<std::string> declared;
    const std::string name = component.name;
    for (const Case& c : cases) {
      object params = fit(component, compared(object{{"scores", in.pair_scores}, {"metric", "mrr"}}));
      params[c.param] = c.value;
      const Outcome step = component.call(params);
      if (step.error.rfind("parameter '", 0) == 0) continue;  // not a parameter of this component
      declared.push_back(c.param);
      BOOST_TEST(step.error == c.message, name << ": " << step.error);
      const Outcome before = component.prerun(params);
      BOOST_TEST(before.error == c.message, name << ": " << before.error);
      BOOST_TEST((before.status == grk::Status::invalid_argument), name);
      // A data problem comes first in the step's order: left to the step.
      params["scores"] = bad_file;
      BOOST_TEST(component.prerun(params).error.empty(), name);
      BOOST_TEST(component.call(params).error == "candidate: must be an object mapping query ids to scores, got 3",
                 name);
    }
    const std::vector<std::string> expected =
        name == "paired-bootstrap" ? std::vector<std::string>{"confidence_level", "resamples"}
        : name == "paired-t"       ? std::vector<std::string>{"confidence_level", "alpha"}
        : name == "wilcoxon"       ? std::vector<std::string>{"confidence_level", "alpha", "resamples"}
                                   : std::vector<std::string>{"confidence_level", "alpha", "resamples", "permutations"};
    BOOST_TEST(declared == expected, boost::test_tools::per_element());
    // A clean call passes the pre-run check.
    BOOST_TEST(component.prerun(fit(component, compared(object{{"scores", in.pair_scores}, {"metric", "mrr"}}))).error.empty());
  }
}
