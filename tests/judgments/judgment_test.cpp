// grk/groundkit/judgments/judgment.hpp: the Judgment model's rules (docs/behaviour/judgments.md §3).
#include <grk/groundkit/judgments/judgment.hpp>

#define BOOST_TEST_MODULE judgments_judgment
#include <boost/test/unit_test.hpp>

#include <grk/json/reader.hpp>

#include <string>

namespace {

std::string problem(const std::string& json) {
  const auto found = grk::judgments::validate_judgment(grk::json::read(json).value());
  return found ? std::string("ok") : found.error();
}

const std::string gold = R"("gold": [{"doc": "a.md", "quote": "q"}])";

}  // namespace

BOOST_AUTO_TEST_CASE(a_valid_row_is_read_field_by_field) {
  const auto read = grk::judgments::validate_judgment(
      grk::json::read(R"({"query_id": "s1-a", "query": " ", "category": "ambiguous", "gold": [{"doc": "d/a.md", "quote": "x"}, {"doc": "b.md", "quote": "y"}], "notes": "n"})").value());
  BOOST_REQUIRE(read.has_value());
  const grk::judgments::Judgment& judgment = *read;
  BOOST_TEST(judgment.query_id == "s1-a");
  BOOST_TEST(judgment.query == " ");
  BOOST_TEST(std::string(grk::judgments::category_name(judgment.category)) == "ambiguous");
  BOOST_TEST(judgment.gold.size() == 2u);
  BOOST_TEST(judgment.gold[0].doc == "d/a.md");
  BOOST_TEST(*judgment.notes == "n");
}

BOOST_AUTO_TEST_CASE(query_ids_follow_the_kebab_pattern) {
  for (const char* bad : {"Setup-Timeout", "setup_timeout", "setup timeout", "-setup", "setup-", "", "setup--timeout"}) {
    BOOST_TEST(problem(std::string(R"({"query_id": ")") + bad + R"(", "query": "q", "category": "normal", )" + gold + "}") ==
                   "1 validation error for Judgment\nquery_id\n  String should match pattern '^[a-z0-9]+(-[a-z0-9]+)*$' "
                   "[type=string_pattern_mismatch]",
               bad);
  }
  BOOST_TEST(problem(R"({"query_id": "10", "query": "q", "category": "normal", )" + gold + "}") == "ok");
}

BOOST_AUTO_TEST_CASE(doc_paths_are_checked_in_order) {
  auto with_doc = [](const std::string& doc) {
    return problem(R"({"query_id": "a", "query": "q", "category": "normal", "gold": [{"doc": )" + doc +
                   R"(, "quote": "x"}]})");
  };
  const std::string head = "1 validation error for Judgment\ngold.0.doc\n  Value error, ";
  BOOST_TEST(with_doc(R"("  ")") == head + "doc must not be empty or whitespace-only [type=value_error]");
  BOOST_TEST(with_doc(R"("a\\b")") == head + "doc must use forward slashes, not backslashes: 'a\\\\b' [type=value_error]");
  BOOST_TEST(with_doc(R"("/etc/x")") == head + "doc must be a relative path, not absolute: '/etc/x' [type=value_error]");
  BOOST_TEST(with_doc(R"("C:x")") == head + "doc must be a relative path, not absolute: 'C:x' [type=value_error]");
  BOOST_TEST(with_doc(R"("a/../b")") == head + "doc must not contain '..' path segments: 'a/../b' [type=value_error]");
  BOOST_TEST(with_doc(R"("..txt")") == "ok");
}

BOOST_AUTO_TEST_CASE(category_rules_follow_the_field_checks) {
  BOOST_TEST(problem(R"({"query_id": "a", "query": "q", "category": "no_answer", )" + gold + "}") ==
             "1 validation error for Judgment\n  Value error, category 'no_answer' judgments must have an empty gold "
             "list [type=value_error]");
  BOOST_TEST(problem(R"({"query_id": "a", "query": "q", "category": "adversarial"})") ==
             "1 validation error for Judgment\n  Value error, category 'adversarial' judgments require at least one "
             "gold span [type=value_error]");
  BOOST_TEST(problem(R"({"query_id": "a", "query": "q", "category": "ambiguous", )" + gold + "}") ==
             "1 validation error for Judgment\n  Value error, category 'ambiguous' requires at least 2 gold spans "
             "(distinct authored answers) \xE2\x80\x94 a single quote that happens to resolve to 2 chunks by boundary "
             "overlap does not qualify [type=value_error]");
  BOOST_TEST(problem(R"({"query_id": "a", "query": "q", "category": "no_answer", "gold": []})") == "ok");
  BOOST_TEST(problem(R"({"query_id": "a", "query": "q", "category": "other"})") ==
             "1 validation error for Judgment\ncategory\n  Input should be 'normal', 'ambiguous', 'no_answer' or "
             "'adversarial' [type=literal_error]");
}

BOOST_AUTO_TEST_CASE(extra_keys_and_empty_strings_are_refused) {
  BOOST_TEST(problem(R"({"query_id": "a", "query": "q", "category": "normal", "x": 1, )" + gold + "}") ==
             "1 validation error for Judgment\nx\n  Extra inputs are not permitted [type=extra_forbidden]");
  BOOST_TEST(problem(R"({"query_id": "a", "query": "", "category": "normal", )" + gold + "}") ==
             "1 validation error for Judgment\nquery\n  String should have at least 1 character [type=string_too_short]");
  BOOST_TEST(problem(R"({"query_id": "a", "query": "q", "category": "normal", "gold": [{"doc": "a", "quote": ""}]})") ==
             "1 validation error for Judgment\ngold.0.quote\n  String should have at least 1 character "
             "[type=string_too_short]");
  BOOST_TEST(problem(R"({"query": "q", "category": "normal"})") ==
             "1 validation error for Judgment\nquery_id\n  Field required [type=missing]");
}
