// Tests for grk/json/writer.hpp.
#include <grk/json/writer.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_writer
#include <boost/test/unit_test.hpp>

#include <grk/json/reader.hpp>

#include "python_oracle.hpp"


#include <limits>
#include <string>

namespace {

// docs/behaviour/eval-report.md §5's example report, compacted by hand there.
const char* const example_report = R"({
  "schema_version": 1,
  "run": {"run_id": "0123456789abcdef0123456789abcdef", "started_at": "2026-08-24T00:00:00+00:00",
    "document_count": 1, "config": {"chunk_size": 512, "bm25_k1": 1.5, "bm25_b": 0.75, "score_threshold": null,
      "embedding": {"provider": "ollama", "dimensions": 768}}},
  "stages": [
    {"stage": "bm25", "is_baseline": true,
     "aggregate": {"query_count": 1, "recall_at_1": 0.0, "mrr": 0.5, "ndcg_at_10": 0.6309297535714575},
     "by_category": {"normal": {"query_count": 1, "recall_at_1": 0.0}},
     "queries": [
       {"query_id": "q-1", "gold": [{"document": "doc-1.txt", "quote": "Title\n\nBody"}],
        "retrieved": [{"rank": 1, "score": 2.1, "is_relevant": false}], "latency_ms": 1.25},
       {"query_id": "q-2", "gold": [], "retrieved": [], "metrics": null, "extra": {}}]}],
  "synthesis": null
})";

}  // namespace

BOOST_AUTO_TEST_CASE(pretty_layout_is_pydantic_indent_2) {
  const boost::json::value value = grk::json::read(R"({"a": 1, "b": [1, 2.5, {}], "c": {"d": [], "e": "x\u0085"}, "f": 1e-6})").value();
  BOOST_TEST(grk::json::write_pretty(value) ==
             "{\n"
             "  \"a\": 1,\n"
             "  \"b\": [\n"
             "    1,\n"
             "    2.5,\n"
             "    {}\n"
             "  ],\n"
             "  \"c\": {\n"
             "    \"d\": [],\n"
             "    \"e\": \"x\xC2\x85\"\n"
             "  },\n"
             "  \"f\": 1e-6\n"
             "}");
  BOOST_TEST(grk::json::write_pretty(boost::json::value(nullptr)) == "null");
  BOOST_TEST(grk::json::write_pretty(boost::json::array{}) == "[]");
}

BOOST_AUTO_TEST_CASE(an_object_is_written_as_the_value_holding_it) {
  // write_pretty's object overload (a results document, written without
  // first being copied into a value) gives the value's bytes, at every depth.
  const boost::json::value value = grk::json::read(example_report).value();
  BOOST_TEST(grk::json::write_pretty(value.get_object()) == grk::json::write_pretty(value));
  BOOST_TEST(grk::json::write_pretty(boost::json::object{}) == "{}");
  BOOST_TEST(grk::json::write_pretty(boost::json::object{{"a", boost::json::object{}}}) == "{\n  \"a\": {}\n}");
}

// A document written to a sink arrives in pieces of about a mebibyte whose
// bytes, joined, are write_pretty's: a string longer than a piece, escapes
// and members cut anywhere.
BOOST_AUTO_TEST_CASE(a_document_written_to_a_sink_comes_in_pieces_of_the_same_bytes) {
  boost::json::object document;
  boost::json::object per_query;
  for (int q = 0; q < 40000; ++q) {
    per_query["q" + std::to_string(q)] = {{"map", q / 7.0}, {"P_5", q % 5 * 0.2}, {"note", "\"x\"\n"}};
  }
  document["per_query"] = std::move(per_query);
  document["long"] = std::string(3u << 20, 'a');
  document["empty"] = boost::json::object{};
  const std::string whole = grk::json::write_pretty(document);
  std::vector<std::string> pieces;
  grk::json::write_pretty(document, [&](std::string_view piece) { pieces.emplace_back(piece); });
  BOOST_TEST_REQUIRE(pieces.size() > 3u);
  std::string joined;
  for (const auto& piece : pieces) {
    BOOST_TEST(!piece.empty());
    joined += piece;
  }
  BOOST_TEST((joined == whole));
  // Each piece but the last is handed on once it passes a mebibyte, with at
  // most one more member or string.
  for (std::size_t i = 0; i + 1 < pieces.size(); ++i) BOOST_TEST(pieces[i].size() >= (1u << 20));
  // An empty object is one piece.
  pieces.clear();
  grk::json::write_pretty(boost::json::object{}, [&](std::string_view piece) { pieces.emplace_back(piece); });
  BOOST_TEST(pieces == std::vector<std::string>{"{}"}, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(compact_layout_is_pydantic_without_indent) {
  const boost::json::value value = grk::json::read(R"({"a": 1, "b": [1, 2.5, true], "c": {}, "d": [1e16, -0.0, NaN, -Infinity]})").value();
  BOOST_TEST(grk::json::write_compact(value) == R"({"a":1,"b":[1,2.5,true],"c":{},"d":[1e+16,-0.0,null,null]})");
}

BOOST_AUTO_TEST_CASE(dumps_is_python_json_dumps) {
  const boost::json::value value =
      grk::json::read(R"({"query_id": "q-1", "gold": [{"doc": "d.txt", "quote": "a\n\"b\""}], "x": [1e-07, NaN, Infinity, -Infinity, 18446744073709551615, -1], "e": {}, "l": []})").value();
  BOOST_TEST(grk::json::dumps(value) ==
             R"({"query_id": "q-1", "gold": [{"doc": "d.txt", "quote": "a\n\"b\""}], "x": [1e-07, NaN, Infinity, -Infinity, 18446744073709551615, -1], "e": {}, "l": []})");
}

BOOST_AUTO_TEST_CASE(layouts_match_python_json_module, *boost::unit_test::precondition(grk::test::python_available)) {
  // Python's json.dumps(indent=2) shares pydantic's layout (docs/behaviour/eval-report.md §1);
  // the report's floats are all in the range where repr and pydantic agree.
  const char* const script = R"PY(
import json, sys
v = json.loads(open(sys.argv[1], encoding='utf-8').read())
for text in (json.dumps(v, indent=2, ensure_ascii=False), json.dumps(v, separators=(',', ':'), ensure_ascii=False), json.dumps(v, ensure_ascii=False)):
    sys.stdout.buffer.write(text.encode('utf-8') + b'\n=====\n')
)PY";
  const auto output = grk::test::run_python(script, example_report);
  BOOST_TEST_REQUIRE(output.has_value());
  const boost::json::value value = grk::json::read(example_report).value();
  BOOST_TEST(*output == grk::json::write_pretty(value) + "\n=====\n" + grk::json::write_compact(value) + "\n=====\n" +
                            grk::json::dumps(value) + "\n=====\n");
}
