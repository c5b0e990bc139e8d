// trec_eval's own test suite (../shared/trec_eval-test/README.md): each
// command's output byte for byte, and its out17 twin at full precision.
#define BOOST_TEST_MODULE measures_trec_eval_suite
#include <boost/test/unit_test.hpp>

#include "measures_test_support.hpp"

namespace mt = grk::measures::testing;
using grk::measures::EvaluationOptions;
using grk::measures::NumberFormat;

namespace {

struct SuiteCase {
  std::string expected;  ///< out.<name>; out17.<name> is its twin
  std::string qrels;
  std::string run;
  std::vector<std::string> measures;
  EvaluationOptions options;
};

EvaluationOptions with(bool per_query, bool complete = false, long level = 1, std::size_t max_results = 0) {
  EvaluationOptions options;
  options.per_query = per_query;
  options.complete = complete;
  options.relevance_level = level;
  if (max_results) options.max_results = max_results;
  return options;
}

// The commands of the suite's README, as parameters.
std::vector<SuiteCase> suite_cases() {
  const std::vector<std::string> all = {"all_trec"};
  return {
      {"test", "qrels.test", "results.test", {"official"}, with(false)},
      {"test", "qrels.test.with-comments", "results.test", {"official"}, with(false)},
      {"comment.test", "qrels.comment.test", "results.comment.test", {"official"}, with(false)},
      {"test.a", "qrels.test", "results.test", all, with(false)},
      {"test.aq", "qrels.test", "results.test", all, with(true)},
      {"test.aqc", "qrels.test", "results.trunc", all, with(true, true)},
      {"test.aqcM", "qrels.test", "results.trunc", all, with(true, true, 1, 100)},
      {"test.aql", "qrels.rel_level", "results.test", {"all_trec", "relstring.20"}, with(true, false, 2)},
      {"test.meas_params",
       "qrels.test",
       "results.test",
       {"iprec_at_recall..10,.20,.25,.75,.50", "P.5,7,3", "recall.20,2000", "Rprec_mult.5.0,0.2,0.35",
        "utility.2,-1,0,0", "11pt_avg..25,.5,.75", "ndcg.1=3,2=9,4=4.5", "ndcg_cut.10,20,23.4", "success.2,5,20"},
       with(true)},
  };
}

void check_case(const std::filesystem::path& folder, const SuiteCase& c) {
  for (const auto format : {NumberFormat::trec_eval, NumberFormat::full_precision}) {
    const std::string prefix = format == NumberFormat::trec_eval ? "out." : "out17.";
    const std::string got = mt::score_text(folder / c.qrels, folder / c.run, c.measures, c.options, format);
    const std::string expected = mt::file_bytes(folder / (prefix + c.expected));
    BOOST_TEST_CONTEXT(prefix + c.expected + " from " + c.qrels) { BOOST_TEST(got == expected); }
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_command_of_the_suite_prints_its_expected_file) {
  const auto shared = mt::shared_folder();
  if (!shared) {
    BOOST_TEST_MESSAGE("skipped: ../shared/trec_eval-test is not beside the source folder");
    return;
  }
  for (const auto& c : suite_cases()) check_case(*shared / "trec_eval-test", c);
}
