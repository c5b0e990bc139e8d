// The ten cases of ../shared/trec_eval-cases (and its three BEIR cases):
// every option set and system byte for byte, and at full precision.
#define BOOST_TEST_MODULE measures_trec_eval_cases
#include <boost/test/unit_test.hpp>

#include <boost/json.hpp>

#include "measures_test_support.hpp"

namespace mt = grk::measures::testing;
namespace json = boost::json;
using grk::measures::EvaluationOptions;
using grk::measures::NumberFormat;

namespace {

EvaluationOptions options_of(const json::object& set, std::vector<std::string>& measures) {
  EvaluationOptions options;
  measures = {"official"};
  if (const auto* listed = set.if_contains("measures")) {
    measures.clear();
    for (const auto& entry : listed->as_array()) measures.emplace_back(entry.as_string());
  }
  if (const auto* v = set.if_contains("per_query")) options.per_query = v->as_bool();
  if (const auto* v = set.if_contains("complete")) options.complete = v->as_bool();
  if (const auto* v = set.if_contains("judged_only")) options.judged_only = v->as_bool();
  if (const auto* v = set.if_contains("relevance_level")) options.relevance_level = static_cast<long>(v->as_int64());
  if (const auto* v = set.if_contains("max_results")) options.max_results = static_cast<std::size_t>(v->as_int64());
  return options;
}

std::size_t check(const std::filesystem::path& qrels, const std::filesystem::path& run,
                  const std::vector<std::string>& measures, const EvaluationOptions& options,
                  const std::filesystem::path& expected, const std::filesystem::path& expected17) {
  const std::string got = mt::score_text(qrels, run, measures, options, NumberFormat::trec_eval);
  const std::string got17 = mt::score_text(qrels, run, measures, options, NumberFormat::full_precision);
  BOOST_TEST_CONTEXT(expected.string()) { BOOST_TEST(got == mt::file_bytes(expected)); }
  BOOST_TEST_CONTEXT(expected17.string()) { BOOST_TEST(got17 == mt::file_bytes(expected17)); }
  return 2;
}

struct Cases {
  std::filesystem::path root;
  json::object index;
};

// The cases' folder and index, or nothing (with a message) when ../shared is absent.
std::optional<Cases> shared_cases() {
  const auto shared = mt::shared_folder();
  if (!shared) {
    BOOST_TEST_MESSAGE("skipped: ../shared/trec_eval-cases is not beside the source folder");
    return std::nullopt;
  }
  const auto root = *shared / "trec_eval-cases";
  return Cases{root, json::parse(mt::file_bytes(root / "index.json")).as_object()};
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_case_option_set_and_system_matches_trec_eval) {
  const auto cases = shared_cases();
  if (!cases) return;
  const auto& [root, index] = *cases;
  std::size_t compared = 0;
  for (const auto& c : index.at("cases").as_array()) {
    const auto& entry = c.as_object();
    const auto folder = root / std::string(entry.at("name").as_string());
    for (const auto& set : entry.at("option_sets").as_object()) {
      std::vector<std::string> measures;
      const EvaluationOptions options = options_of(set.value().as_object(), measures);
      for (const auto& system : entry.at("runs").as_object()) {
        const std::string file = std::string(system.key()) + ".txt";
        compared += check(folder / "qrels.txt", folder / std::string(system.value().as_string()), measures, options,
                          folder / "expected" / std::string(set.key()) / file,
                          folder / "expected17" / std::string(set.key()) / file);
      }
    }
  }
  BOOST_TEST_MESSAGE("compared " << compared << " outputs");
  BOOST_TEST(compared > 0u);
}

BOOST_AUTO_TEST_CASE(beir_cases_match_trec_eval_with_and_without_identical_ids) {
  const auto cases = shared_cases();
  if (!cases) return;
  const auto& [root, index] = *cases;
  for (const auto& c : index.at("beir").as_array()) {
    const auto& entry = c.as_object();
    const auto folder = root / std::string(entry.at("name").as_string());
    for (const bool ignore : {true, false}) {
      EvaluationOptions options;
      options.per_query = true;
      options.ignore_identical_ids = ignore;
      const std::string set = ignore ? "ignore-identical" : "keep-identical";
      // The `beir` set is these four measures at BEIR's cutoffs.
      check(folder / "qrels.tsv", folder / "sys.run", {"beir"}, options, folder / "expected" / set / "sys.txt",
            folder / "expected17" / set / "sys.txt");
    }
  }
}
