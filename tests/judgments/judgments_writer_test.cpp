// grk/groundkit/judgments/judgments_writer.hpp: groundkit's bytes, and every rule of
// docs/behaviour/judgments.md §8 refused row by row with a one-line message.
#include <grk/groundkit/judgments/judgments_writer.hpp>

#define BOOST_TEST_MODULE judgments_judgments_writer
#include <boost/test/unit_test.hpp>

#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/json/reader.hpp>

#include <string>

namespace {

using grk::judgments::Category;
using grk::judgments::Judgment;
using grk::judgments::JudgmentsWriter;

Judgment normal(std::string id, std::string query, std::string doc, std::string quote) {
  Judgment judgment;
  judgment.query_id = std::move(id);
  judgment.query = std::move(query);
  judgment.gold.push_back({std::move(doc), std::move(quote)});
  return judgment;
}

// The message add() refuses `second` with, after a valid first row "b".
std::string refusal_after_b(const Judgment& second) {
  JudgmentsWriter writer;
  BOOST_REQUIRE(writer.add(normal("b", "q", "b.txt", "x")).has_value());
  const auto added = writer.add(second);
  if (added) return "accepted";
  BOOST_TEST((added.error().status == grk::Status::invalid_data));
  BOOST_TEST(writer.count() == 1u, "a refused row is not written");
  return added.error().message;
}

}  // namespace

// The bytes json.dumps(row, ensure_ascii=False) + "\n" gives (docs/behaviour/beir.md §9):
// written out by hand from Python's rules, then loaded back with the SDK's load_judgments rules.
BOOST_AUTO_TEST_CASE(rows_are_written_as_json_dumps_writes_them) {
  JudgmentsWriter writer;
  Judgment first = normal("10", "caf\xC3\xA9 \"q\"\t/", "d/1.txt", "a\\b\x01\x7F");
  first.gold.push_back({"2.txt", "second"});
  BOOST_REQUIRE(writer.add(first).has_value());
  Judgment second;
  second.query_id = "2";
  second.query = "none";
  second.category = Category::no_answer;
  second.notes = "n\n";
  BOOST_REQUIRE(writer.add(second).has_value());
  BOOST_TEST(writer.text() ==
             "{\"query_id\": \"10\", \"query\": \"caf\xC3\xA9 \\\"q\\\"\\t/\", \"category\": \"normal\", \"gold\": "
             "[{\"doc\": \"d/1.txt\", \"quote\": \"a\\\\b\\u0001\x7F\"}, {\"doc\": \"2.txt\", \"quote\": \"second\"}]}\n"
             "{\"query_id\": \"2\", \"query\": \"none\", \"category\": \"no_answer\", \"gold\": [], \"notes\": \"n\\n\"}\n");
  BOOST_TEST(writer.count() == 2u);
  const auto loaded = grk::judgments::parse_judgments(writer.text(), "judgments.jsonl");
  BOOST_REQUIRE(loaded.has_value());
  BOOST_TEST(loaded->at(0).gold.at(0).quote == "a\\b\x01\x7F");
  BOOST_TEST(*loaded->at(1).notes == "n\n");
}

BOOST_AUTO_TEST_CASE(each_rule_is_refused_on_one_line) {
  BOOST_TEST(refusal_after_b(normal("B-1", "q", "c.txt", "x")) ==
             "judgment 2 (query_id 'B-1'): query_id: String should match pattern '^[a-z0-9]+(-[a-z0-9]+)*$'");
  BOOST_TEST(refusal_after_b(normal("c_1", "q", "c.txt", "x")) ==
             "judgment 2 (query_id 'c_1'): query_id: String should match pattern '^[a-z0-9]+(-[a-z0-9]+)*$'");
  BOOST_TEST(refusal_after_b(normal("a", "q", "a.txt", "x")) ==
             "judgment 2 (query_id 'a'): query_id 'a' is not in ascending order after 'b' (judgments.jsonl must be "
             "sorted by query_id)");
  BOOST_TEST(refusal_after_b(normal("b", "q", "b.txt", "x")) == "judgment 2 (query_id 'b'): duplicate query_id 'b'");
  BOOST_TEST(refusal_after_b(normal("c", "", "c.txt", "x")) ==
             "judgment 2 (query_id 'c'): query: String should have at least 1 character");
  BOOST_TEST(refusal_after_b(normal("c", "q", "c.txt", "")) ==
             "judgment 2 (query_id 'c'): gold.0.quote: String should have at least 1 character");
  BOOST_TEST(refusal_after_b(normal("c", "q", "a/../c.txt", "x")) ==
             "judgment 2 (query_id 'c'): gold.0.doc: Value error, doc must not contain '..' path segments: 'a/../c.txt'");
  BOOST_TEST(refusal_after_b(normal("c", "q", "/c.txt", "x")) ==
             "judgment 2 (query_id 'c'): gold.0.doc: Value error, doc must be a relative path, not absolute: '/c.txt'");
  Judgment no_answer = normal("c", "q", "c.txt", "x");
  no_answer.category = Category::no_answer;
  BOOST_TEST(refusal_after_b(no_answer) ==
             "judgment 2 (query_id 'c'): Value error, category 'no_answer' judgments must have an empty gold list");
  Judgment empty_gold = normal("c", "q", "c.txt", "x");
  empty_gold.gold.clear();
  BOOST_TEST(refusal_after_b(empty_gold) ==
             "judgment 2 (query_id 'c'): Value error, category 'normal' judgments require at least one gold span");
  Judgment one_ambiguous = normal("c", "q", "c.txt", "x");
  one_ambiguous.category = Category::ambiguous;
  BOOST_TEST(refusal_after_b(one_ambiguous).rfind(
                 "judgment 2 (query_id 'c'): Value error, category 'ambiguous' requires at least 2 gold spans", 0) == 0u);
  BOOST_TEST(refusal_after_b(normal("c", "q", "c.txt", "x\xFF")) ==
             "judgment 2 (query_id 'c'): gold.0.quote is not valid UTF-8: 'utf-8' codec can't decode byte 0xff in "
             "position 1: invalid start byte");
  BOOST_TEST(refusal_after_b(normal("c", "q", "c.txt", "x")) == "accepted");
}

// A raw U+2028 would make load_judgments split the line: refused by default,
// naming what the adapter's user can set (never the C++ option), escaped on
// request, and the quote loads back unchanged.
BOOST_AUTO_TEST_CASE(line_separators_are_refused_or_escaped) {
  const Judgment row = normal("c", "q\xC2\x85", "c.txt", "x\xE2\x80\xA8y");
  BOOST_TEST(refusal_after_b(row) ==
             "judgment 2 (query_id 'c'): query holds a raw U+0085, at which load_judgments would split the line; "
             "remove it");
  JudgmentsWriter hinted(grk::judgments::JudgmentsWriterOptions{false, "set unicode_separators=escape"});
  BOOST_TEST(hinted.add(normal("c", "q", "c.txt", "x\xE2\x80\xA9")).error().message ==
             "judgment 1 (query_id 'c'): gold.0.quote holds a raw U+2029, at which load_judgments would split the "
             "line; remove it, or set unicode_separators=escape to write it escaped");
  JudgmentsWriter escaping(grk::judgments::JudgmentsWriterOptions{true, {}});
  BOOST_REQUIRE(escaping.add(row).has_value());
  BOOST_TEST(escaping.text() ==
             "{\"query_id\": \"c\", \"query\": \"q\\u0085\", \"category\": \"normal\", \"gold\": [{\"doc\": \"c.txt\", "
             "\"quote\": \"x\\u2028y\"}]}\n");
  const auto loaded = grk::judgments::parse_judgments(escaping.text(), "judgments.jsonl");
  BOOST_REQUIRE(loaded.has_value());
  BOOST_TEST(loaded->at(0).gold.at(0).quote == "x\xE2\x80\xA8y");
  BOOST_TEST(loaded->at(0).query == "q\xC2\x85");
}

// The two forms of one problem: pydantic's three lines, which groundkit's
// load_judgments message embeds (unchanged), and the one line for authors.
BOOST_AUTO_TEST_CASE(a_problem_has_a_pydantic_form_and_a_one_line_form) {
  const auto value = grk::json::read(R"({"query_id": "a", "query": "q", "category": "normal", "gold": [{"doc": "a", "quote": ""}]})");
  const auto checked = grk::judgments::check_judgment(value.value());
  BOOST_REQUIRE(!checked.has_value());
  BOOST_TEST(checked.error().pydantic_text() ==
             "1 validation error for Judgment\ngold.0.quote\n  String should have at least 1 character [type=string_too_short]");
  BOOST_TEST(checked.error().one_line() == "gold.0.quote: String should have at least 1 character");
  BOOST_TEST(grk::judgments::validate_judgment(value.value()).error() == checked.error().pydantic_text());
  const auto loaded = grk::judgments::parse_judgments(R"({"query_id": "a", "query": "q", "category": "normal", "gold": []})",
                                                      "j.jsonl");
  BOOST_TEST(loaded.error().message ==
             "j.jsonl:1: invalid judgment: 1 validation error for Judgment\n  Value error, category 'normal' judgments "
             "require at least one gold span [type=value_error]");
}
