// JSON nested 100,000 deep (docs/design.md §8.8) in every file a user hands
// over that is JSON: the reader stops at depth 1000 with Python's position
// of the first bracket too many, so no reader recurses past it and the stack
// stays bounded. Each case checks the message the user sees.
#define BOOST_TEST_MODULE bounds_json_depth
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>
#include <grk/eval/score_file.hpp>
#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/groundkit/report/eval_report.hpp>
#include <grk/json/reader.hpp>

#include <string>

#include "pipeline/adapt.hpp"
#include "run/config.hpp"
#include "hostile_files.hpp"
#include "run/set_value.hpp"

namespace {

using grk_test::repeated;

constexpr std::size_t hostile_depth = 100000;
// What Python's json.loads says of the 1001st bracket, at offset 1000
// (grk/json/reader.hpp: max_depth 1000).
const std::string too_deep = "maximum nesting depth exceeded: line 1 column 1001 (char 1000)";

std::string deep_arrays(std::size_t depth) { return repeated("[", depth) + repeated("]", depth); }
std::string deep_objects(std::size_t depth) { return repeated("{\"a\":", depth) + "1" + repeated("}", depth); }

}  // namespace

BOOST_AUTO_TEST_CASE(the_reader_takes_1000_levels_and_refuses_the_1001st) {
  BOOST_TEST(grk::json::read(deep_arrays(1000)).has_value());
  BOOST_TEST(grk::json::read(deep_objects(1000)).has_value());
  const auto arrays = grk::json::read(deep_arrays(1001));
  BOOST_TEST_REQUIRE(!arrays.has_value());
  BOOST_TEST(arrays.error().describe() == too_deep);
  // Objects: the 1001st '{' is at offset 5 * 1000.
  const auto objects = grk::json::read(deep_objects(1001));
  BOOST_TEST_REQUIRE(!objects.has_value());
  BOOST_TEST(objects.error().describe() == "maximum nesting depth exceeded: line 1 column 5001 (char 5000)");
}

BOOST_AUTO_TEST_CASE(a_config_nested_100000_deep) {
  const std::string text = "{\"steps\": " + deep_arrays(hostile_depth) + "}";
  const auto config = grk::host::parse_config(text, "run.json");
  BOOST_TEST_REQUIRE(!config.has_value());
  // The outer object is the first level: the 1001st bracket is the 1000th '['.
  BOOST_TEST(config.error().message ==
             "run.json: invalid JSON at line 1, column 1010: maximum nesting depth exceeded");
}

BOOST_AUTO_TEST_CASE(a_set_value_nested_100000_deep) {
  const auto value = grk::host::parse_set_value(grk::ParamType::object, deep_objects(hostile_depth));
  BOOST_TEST_REQUIRE(!value.has_value());
  BOOST_TEST(value.error().message ==
             "expected a JSON object: maximum nesting depth exceeded: line 1 column 5001 (char 5000)");
}

BOOST_AUTO_TEST_CASE(an_eval_report_nested_100000_deep) {
  const auto report = grk::report::read_eval_report_text(deep_arrays(hostile_depth));
  BOOST_TEST_REQUIRE(!report.has_value());
  BOOST_TEST(report.error().describe() == "not valid JSON: " + too_deep);
}

BOOST_AUTO_TEST_CASE(a_judgments_line_nested_100000_deep) {
  const std::string text = "\n" + deep_arrays(hostile_depth) + "\n";
  const auto judgments = grk::judgments::parse_judgments(text, "judgments.jsonl");
  BOOST_TEST_REQUIRE(!judgments.has_value());
  BOOST_TEST(judgments.error().message == "judgments.jsonl:2: invalid JSON: " + too_deep);
}

BOOST_AUTO_TEST_CASE(a_scores_file_nested_100000_deep) {
  grk_test::TempDir dir;
  const auto file = dir / "scores.json";
  grk_test::write_runs(file, {{"["}, {"[", hostile_depth - 1}, {"]", hostile_depth}});
  const auto scores = grk::eval::read_score_file(file);
  BOOST_TEST_REQUIRE(!scores.has_value());
  BOOST_TEST(scores.error().message == "scores file '" + file.string() + "' is not valid JSON: " + too_deep);
}

BOOST_AUTO_TEST_CASE(a_beir_corpus_record_nested_100000_deep) {
  grk_test::TempDir dir;
  const auto source = dir / "beir";
  grk_test::write_runs(source / "corpus.jsonl",
                       {{"{\"_id\": \"d1\", \"text\": \"x\", \"metadata\": "}, {"[", hostile_depth},
                        {"]", hostile_depth}, {"}\n"}});
  grk_test::write_runs(source / "queries.jsonl", {{"{\"_id\": \"q1\", \"text\": \"y\"}\n"}});
  grk_test::write_runs(source / "qrels" / "test.tsv", {{"query-id\tcorpus-id\tscore\nq1\td1\t1\n"}});
  try {
    grk::beir::adapt_beir_dataset({source.string(), (dir / "out").string(), "test"});
    BOOST_FAIL("the adaptation succeeded");
  } catch (const grk::Error& error) {
    BOOST_TEST(static_cast<int>(error.status()) == static_cast<int>(grk::Status::invalid_data));
    // The record's first 1000 brackets are levels 2 to 1001: the refusal is at the 1000th.
    BOOST_TEST(std::string(error.what()) ==
               "invalid JSON in " + (source / "corpus.jsonl").string() + " line 1: maximum nesting depth exceeded");
  }
}
