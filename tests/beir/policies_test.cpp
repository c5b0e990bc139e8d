// The opt-in policies of the `beir` component (docs/behaviour/beir.md §16), through the
// component as a config step reaches it: each policy's rule on a small dataset
// built here, with the exact result, message and files.
#define BOOST_TEST_MODULE beir_policies
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>
#include <grk/groundkit/id_encoding.hpp>
#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/json/writer.hpp>
#include <grk/param_checks.hpp>

#include <boost/json.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "pipeline/adapt.hpp"
#include "pipeline/beir_dataset_adapter.hpp"
#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using beir_test::read_file;
using beir_test::replace_all;
using beir_test::TempDir;
using beir_test::write_file;
using beir_test::header;
using beir_test::write_sources;

// What one run of the component gave: its result as compact JSON, or its
// failure; the temporary folder's path written <T>.
struct Outcome {
  std::string result;
  std::string error;
  grk::Status status = grk::Status::ok;
};

// Runs `beir` on <tmp>/src into <tmp>/out with `given` (JSON text of the
// policy parameters), the parameters checked and defaulted as the host does; a
// value the declarations refuse fails in the plugin entry code's words.
Outcome run(const TempDir& tmp, const std::string& given) {
  boost::json::object params = boost::json::parse(given).as_object();
  params["source_dir"] = (tmp / "src").string();
  params["output_dir"] = (tmp / "out").string();
  const auto validated = grk::validate_params(grk::beir::BeirDatasetAdapter::params(), params);
  Outcome outcome;
  if (!validated) {
    outcome.error = "parameter '" + validated.error().name + "': " + validated.error().message;
    outcome.status = grk::Status::invalid_argument;
    return outcome;
  }
  grk::Context context(nullptr, nullptr);
  grk::beir::BeirDatasetAdapter adapter;
  try {
    outcome.result = replace_all(grk::json::write_compact(adapter.adapt(grk::Params(*validated), context)),
                                 tmp.path().string(), "<T>");
  } catch (const grk::Error& error) {
    outcome.error = replace_all(error.what(), tmp.path().string(), "<T>");
    outcome.status = error.status();
  }
  return outcome;
}

// The reference's nine fields for <T>/src -> <T>/out, then `extra` (",..." or "").
std::string result(int documents, int queries, int pairs, int characters, const std::string& extra = "") {
  return "{\"source_dir\":\"<T>/src\",\"output_dir\":\"<T>/out\",\"split\":\"test\",\"document_count\":" +
         std::to_string(documents) + ",\"query_count\":" + std::to_string(queries) +
         ",\"relevance_pair_count\":" + std::to_string(pairs) + ",\"total_characters\":" +
         std::to_string(characters) + ",\"corpus_dir\":\"<T>/out/corpus\",\"judgments_path\":\"<T>/out/judgments.jsonl\"" +
         extra + "}";
}

const std::string one_query = "{\"_id\": \"q-1\", \"text\": \"q\"}\n";

}  // namespace

// docs/behaviour/beir.md §16: a value outside a parameter's choices is refused, naming it.
BOOST_AUTO_TEST_CASE(a_bad_value_is_refused_naming_its_parameter) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query, header + "q-1\td1\t1\n");
  const std::pair<const char*, const char*> cases[] = {
      {R"({"line_breaks": "lf"})", "parameter 'line_breaks': must be one of: python, newline; got 'lf'"},
      {R"({"qrels_header": "Auto"})", "parameter 'qrels_header': must be one of: required, auto; got 'Auto'"},
      {R"({"graded": 0})", "graded must be an integer >= 1 (the lowest positive grade), got 0"},
      {R"({"graded": -3})", "graded must be an integer >= 1 (the lowest positive grade), got -3"},
      {R"({"unicode_separators": ""})", "parameter 'unicode_separators': must be one of: refuse, escape; got ''"},
      {R"({"missing_documents": "skip"})", "parameter 'missing_documents': must be one of: refuse, drop; got 'skip'"},
      {R"({"missing_queries": "DROP"})", "parameter 'missing_queries': must be one of: refuse, drop; got 'DROP'"},
      {R"({"identical_ids": "drop"})", "parameter 'identical_ids': must be one of: keep, exclude; got 'drop'"},
  };
  for (const auto& [given, message] : cases) {
    const Outcome outcome = run(tmp, given);
    BOOST_TEST(outcome.error == message);
    BOOST_TEST(static_cast<int>(outcome.status) == static_cast<int>(grk::Status::invalid_argument));
    BOOST_TEST(!fs::exists(tmp / "out"));
  }
  // The same threshold check for a caller of the C++ core.
  grk::beir::AdaptationRequest request((tmp / "src").string(), (tmp / "out").string());
  request.policies.graded = 0;
  try {
    grk::beir::adapt_beir_dataset(request);
    BOOST_ERROR("adapted with graded 0");
  } catch (const grk::Error& error) {
    BOOST_TEST(std::string(error.what()) == "graded must be an integer >= 1 (the lowest positive grade), got 0");
    BOOST_TEST(static_cast<int>(error.status()) == static_cast<int>(grk::Status::invalid_argument));
  }
  BOOST_TEST(!fs::exists(tmp / "out"));
  // The JSON type is the host's check, before the component runs.
  boost::json::object given = {{"source_dir", "s"}, {"output_dir", "o"}, {"graded", "2"}};
  const auto issue = grk::validate_params(grk::beir::BeirDatasetAdapter::params(), given);
  BOOST_REQUIRE(!issue.has_value());
  BOOST_TEST(issue.error().name == "graded");
  BOOST_TEST(issue.error().message == "expected integer, got string");
}

// docs/behaviour/beir.md §16.1: a raw U+0085 or U+2028 inside a JSON string cuts the
// record under Python's splitlines; with newline it stays in the text.
BOOST_AUTO_TEST_CASE(line_breaks_newline_keeps_raw_separators_inside_records) {
  TempDir tmp;
  write_sources(tmp,
                "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"a\xC2\x85" "b\"}\r\n"
                "{\"_id\": \"d3\", \"text\": \"x\xE2\x80\xA8y\"}\n",
                one_query, header + "q-1\td1\t1\n");
  const Outcome python = run(tmp, "{}");
  BOOST_TEST(python.error == "invalid JSON in <T>/src/corpus.jsonl line 2: Unterminated string starting at");
  BOOST_TEST(!fs::exists(tmp / "out"));

  const Outcome newline = run(tmp, R"({"line_breaks": "newline"})");
  BOOST_TEST(newline.result ==
             result(3, 1, 1, 9,
                    ",\"adjustments\":{\"line_breaks\":{\"value\":\"newline\",\"did\":\"kept whole the lines Python's "
                    "splitlines would have cut\",\"lines\":2,\"files\":{\"corpus.jsonl\":2}}}"));
  BOOST_TEST(read_file(tmp / "out/corpus/d2.txt") == "a\xC2\x85" "b");
  BOOST_TEST(read_file(tmp / "out/corpus/d3.txt") == "x\xE2\x80\xA8y");
}

// docs/behaviour/beir.md §16.1: the other splitlines breaks stay in the line too, where the
// JSON rules then see them: a raw \x0b inside a string is a control character.
BOOST_AUTO_TEST_CASE(line_breaks_newline_leaves_control_characters_to_the_json_rules) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"a\x0b" "b\"}\n", one_query,
                header + "q-1\td1\t1\n");
  BOOST_TEST(run(tmp, "{}").error == "invalid JSON in <T>/src/corpus.jsonl line 2: Unterminated string starting at");
  BOOST_TEST(run(tmp, R"({"line_breaks": "newline"})").error ==
             "invalid JSON in <T>/src/corpus.jsonl line 2: Invalid control character at");
  // A line number counts the lines so split: here the third line.
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"a\xE2\x80\xA9" "b\"}\n\n{oops\n", one_query, header + "q-1\td1\t1\n");
  BOOST_TEST(run(tmp, "{}").error == "invalid JSON in <T>/src/corpus.jsonl line 1: Unterminated string starting at");
  BOOST_TEST(run(tmp, R"({"line_breaks": "newline"})").error ==
             "invalid JSON in <T>/src/corpus.jsonl line 3: Expecting property name enclosed in double quotes");
}

// docs/behaviour/beir.md §16.1 and §15.3: a raw separator kept inside a quoted document
// breaks the judgments; with unicode_separators at refuse that is found before
// the first change to the file system, as for an escaped one.
BOOST_AUTO_TEST_CASE(a_raw_separator_kept_by_newline_is_refused_before_any_write) {
  TempDir tmp;
  write_sources(tmp,
                "{\"_id\": \"d0\", \"text\": \"x\"}\n{\"_id\": \"d9\", \"text\": \"y\"}\n"
                "{\"_id\": \"d1\", \"text\": \"a\xE2\x80\xA8" "b\"}\n",
                one_query, header + "q-1\td1\t1\n");
  // Read in order, and in two halves on two threads (the record is in the second).
  for (const std::uint64_t parallel_from : {std::uint64_t{8} << 20, std::uint64_t{0}}) {
    grk::beir::AdaptationRequest request((tmp / "src").string(), (tmp / "out").string());
    request.policies.line_breaks = grk::beir::LineBreaks::newline;
    grk::beir::AdaptationHooks hooks;
    int steps = 0;
    hooks.before_write_step = [&steps](const char*) { ++steps; };
    hooks.parallel_survey_min_bytes = parallel_from;
    try {
      grk::beir::adapt_beir_dataset(request, hooks);
      BOOST_ERROR("adapted judgments that load_judgments splits");
    } catch (const grk::Error& error) {
      BOOST_TEST(replace_all(error.what(), tmp.path().string(), "<T>") ==
                 "<T>/out/judgments.jsonl:1: invalid JSON: Unterminated string starting at: line 1 column 93 (char 92)");
    }
    BOOST_TEST(steps == 0);
    BOOST_TEST(!fs::exists(tmp / "out"));
  }
}

// docs/behaviour/beir.md §16.2.
BOOST_AUTO_TEST_CASE(qrels_header_auto_reads_a_first_row_with_an_integer_score_as_data) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query, "q-1\td1\t1\n");
  BOOST_TEST(run(tmp, "{}").error == "unexpected or missing BEIR qrels header in <T>/src/qrels/test.tsv");
  BOOST_TEST(run(tmp, R"({"qrels_header": "auto"})").result ==
             result(1, 1, 1, 3,
                    ",\"qrels_header\":\"absent\",\"adjustments\":{\"qrels_header\":{\"value\":\"auto\",\"did\":\"read "
                    "the first row as data: the qrels have no header\",\"rows\":1}}"));
}

BOOST_AUTO_TEST_CASE(qrels_header_auto_reports_a_header_it_found_and_checks_other_first_rows_as_headers) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query, header + "q-1\td1\t1\n");
  BOOST_TEST(run(tmp, R"({"qrels_header": "auto"})").result == result(1, 1, 1, 3, ",\"qrels_header\":\"present\""));
  // Not an integer score, so a header, and not the right one.
  fs::remove_all(tmp / "out");
  write_file(tmp / "src/qrels/test.tsv", "q-1\td1\tx\n");
  BOOST_TEST(run(tmp, R"({"qrels_header": "auto"})").error ==
             "unexpected or missing BEIR qrels header in <T>/src/qrels/test.tsv");
  // Without a header the first data row is line 1 (blank lines do not count).
  write_file(tmp / "src/qrels/test.tsv", "\nq-1\td1\t1\n\nq-1\td1\n");
  BOOST_TEST(run(tmp, R"({"qrels_header": "auto"})").error ==
             "invalid BEIR qrels row at <T>/src/qrels/test.tsv line 2");
  write_file(tmp / "src/qrels/test.tsv", "q-1\td1\t 1_0 \n");
  BOOST_TEST(run(tmp, R"({"qrels_header": "auto"})").error.rfind("graded BEIR relevance score 10 at <T>/src/qrels/test.tsv line 1: ", 0) == 0);
  BOOST_TEST(!fs::exists(tmp / "out"));
}

// docs/behaviour/beir.md §16.3.
BOOST_AUTO_TEST_CASE(graded_makes_scores_at_or_above_the_threshold_positive_and_counts_each_grade) {
  TempDir tmp;
  write_sources(tmp,
                "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"two\"}\n"
                "{\"_id\": \"d3\", \"text\": \"three\"}\n",
                one_query + "{\"_id\": \"q-2\", \"text\": \"r\"}\n",
                header + "q-1\td1\t2\nq-1\td2\t1\nq-1\td3\t0\nq-2\td1\t3\nq-2\td2\t-1\nq-2\td3\t+2\n");
  BOOST_TEST(run(tmp, "{}").error.rfind(
                 "graded BEIR relevance score 2 at <T>/src/qrels/test.tsv line 2: this adapter supports binary qrels "
                 "only.",
                 0) == 0);
  const Outcome graded = run(tmp, R"({"graded": 2})");
  BOOST_TEST(graded.result ==
             result(3, 2, 3, 11,
                    ",\"grades\":{\"threshold\":2,\"rows_by_grade\":{\"-1\":1,\"0\":1,\"1\":1,\"2\":2,\"3\":1}},"
                    "\"adjustments\":{\"graded\":{\"value\":2,\"did\":\"read scores other than 0 and 1; scores >= 2 are "
                    "positive\",\"rows\":4}}"));
  BOOST_TEST(read_file(tmp / "out/judgments.jsonl") ==
             "{\"query_id\": \"q-1\", \"query\": \"q\", \"category\": \"normal\", \"gold\": [{\"doc\": \"d1.txt\", "
             "\"quote\": \"one\"}]}\n"
             "{\"query_id\": \"q-2\", \"query\": \"r\", \"category\": \"normal\", \"gold\": [{\"doc\": \"d1.txt\", "
             "\"quote\": \"one\"}, {\"doc\": \"d3.txt\", \"quote\": \"three\"}]}\n");
}

BOOST_AUTO_TEST_CASE(graded_on_binary_qrels_reports_the_grades_and_adjusts_nothing) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"two\"}\n", one_query,
                header + "q-1\td1\t1\nq-1\td2\t0\nq-1\td1\t1\n");
  const Outcome graded = run(tmp, R"({"graded": 1})");
  BOOST_TEST(graded.result == result(2, 1, 1, 6, ",\"grades\":{\"threshold\":1,\"rows_by_grade\":{\"0\":1,\"1\":2}}"));
  // A threshold above every score leaves no positive row: step 8's message.
  fs::remove_all(tmp / "out");
  BOOST_TEST(run(tmp, R"({"graded": 5})").error == "BEIR qrels for split 'test' contain no positive relevance rows");
}

// docs/behaviour/beir.md §16.4: separators escaped in the source reach the texts raw.
BOOST_AUTO_TEST_CASE(unicode_separators_escape_writes_loadable_judgments_and_keeps_the_corpus_raw) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"title\": \"T\", \"text\": \"a\\u2028b\\u2029c\"}\n{\"_id\": \"d2\", \"text\": \"x\"}\n",
                "{\"_id\": \"q-1\", \"text\": \"wh\\u0085y\"}\n", header + "q-1\td1\t1\nq-1\td2\t1\n");
  const Outcome refused = run(tmp, "{}");
  BOOST_TEST(refused.error ==
             "<T>/out/judgments.jsonl:1: invalid JSON: Unterminated string starting at: line 1 column 30 (char 29)");
  BOOST_TEST(!fs::exists(tmp / "out"));

  const Outcome escaped = run(tmp, R"({"unicode_separators": "escape"})");
  BOOST_TEST(escaped.result ==
             result(2, 1, 2, 9,
                    ",\"adjustments\":{\"unicode_separators\":{\"value\":\"escape\",\"did\":\"wrote U+0085, U+2028 and "
                    "U+2029 as \\\\uXXXX escapes in judgments.jsonl\",\"characters\":3,\"judgments\":1,\"documents\":1}}"));
  BOOST_TEST(read_file(tmp / "out/judgments.jsonl") ==
             "{\"query_id\": \"q-1\", \"query\": \"wh\\u0085y\", \"category\": \"normal\", \"gold\": [{\"doc\": "
             "\"d1.txt\", \"quote\": \"T\\n\\na\\u2028b\\u2029c\"}, {\"doc\": \"d2.txt\", \"quote\": \"x\"}]}\n");
  BOOST_TEST(read_file(tmp / "out/corpus/d1.txt") == "T\n\na\xE2\x80\xA8" "b\xE2\x80\xA9" "c");
  const auto judgments = grk::judgments::load_judgments((tmp / "out/judgments.jsonl").string()).value();
  BOOST_REQUIRE_EQUAL(judgments.size(), 1u);
  BOOST_TEST(judgments[0].query == "wh\xC2\x85y");
  BOOST_TEST(judgments[0].gold[0].quote == read_file(tmp / "out/corpus/d1.txt"));
}

// docs/behaviour/beir.md §16.5: 12 absent documents, of which the first 10 are named; q-2
// only names an absent one and goes with it.
BOOST_AUTO_TEST_CASE(missing_documents_and_queries_drop_their_pairs_and_name_the_first_ten) {
  TempDir tmp;
  std::string qrels = header + "q-1\td1\t1\n";
  for (int i = 12; i >= 1; --i) qrels += "q-1\tm" + std::string(i < 10 ? "0" : "") + std::to_string(i) + "\t1\n";
  qrels += "q-2\tm05\t1\nq-absent\td1\t1\nq-1\tm99\t0\n";
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query + "{\"_id\": \"q-2\", \"text\": \"r\"}\n",
                qrels);
  BOOST_TEST(run(tmp, "{}").error ==
             "BEIR qrels reference missing documents: ['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', "
             "'m10', 'm11', 'm12']");
  BOOST_TEST(run(tmp, R"({"missing_documents": "drop"})").error == "BEIR qrels reference missing queries: ['q-absent']");
  BOOST_TEST(run(tmp, R"({"missing_queries": "drop"})").error.rfind("BEIR qrels reference missing documents: ['m01'", 0) ==
             0);
  BOOST_TEST(!fs::exists(tmp / "out"));
  const Outcome dropped = run(tmp, R"({"missing_documents": "drop", "missing_queries": "drop"})");
  BOOST_TEST(dropped.result ==
             result(1, 1, 1, 3,
                    ",\"adjustments\":{\"missing_documents\":{\"value\":\"drop\",\"did\":\"dropped positive pairs naming "
                    "documents absent from corpus.jsonl\",\"documents\":12,\"first_documents\":[\"m01\",\"m02\",\"m03\","
                    "\"m04\",\"m05\",\"m06\",\"m07\",\"m08\",\"m09\",\"m10\"],\"pairs\":13,\"queries_dropped\":1,"
                    "\"first_queries_dropped\":[\"q-2\"]},\"missing_queries\":{\"value\":\"drop\",\"did\":\"dropped "
                    "positive pairs naming queries absent from queries.jsonl\",\"queries\":1,\"first_queries\":["
                    "\"q-absent\"],\"pairs\":1,\"queries_dropped\":1,\"first_queries_dropped\":[\"q-absent\"]}}"));
  BOOST_TEST(read_file(tmp / "out/judgments.jsonl") ==
             "{\"query_id\": \"q-1\", \"query\": \"q\", \"category\": \"normal\", \"gold\": [{\"doc\": \"d1.txt\", "
             "\"quote\": \"one\"}]}\n");
}

// docs/behaviour/beir.md §16.5: when every pair goes, step 8's message.
BOOST_AUTO_TEST_CASE(dropping_every_pair_leaves_no_positive_row) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query, header + "q-1\tgone\t1\n");
  BOOST_TEST(run(tmp, R"({"missing_documents": "drop"})").error ==
             "BEIR qrels for split 'test' contain no positive relevance rows");
}

// docs/behaviour/beir.md §16.6.
BOOST_AUTO_TEST_CASE(identical_ids_exclude_drops_pairs_whose_query_is_the_document) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"q-1\", \"text\": \"self\"}\n{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"q-2\", \"text\": \"two\"}\n",
                one_query + "{\"_id\": \"q-2\", \"text\": \"r\"}\n", header + "q-1\tq-1\t1\nq-1\td1\t1\nq-2\tq-2\t1\n");
  BOOST_TEST(run(tmp, "{}").result == result(3, 2, 3, 10));
  fs::remove_all(tmp / "out");
  const Outcome excluded = run(tmp, R"({"identical_ids": "exclude"})");
  BOOST_TEST(excluded.result ==
             result(3, 1, 1, 10,
                    ",\"adjustments\":{\"identical_ids\":{\"value\":\"exclude\",\"did\":\"dropped positive pairs whose "
                    "query id equals the document id\",\"pairs\":2,\"queries_dropped\":1,\"first_queries_dropped\":["
                    "\"q-2\"]}}"));
  BOOST_TEST(read_file(tmp / "out/judgments.jsonl") ==
             "{\"query_id\": \"q-1\", \"query\": \"q\", \"category\": \"normal\", \"gold\": [{\"doc\": \"d1.txt\", "
             "\"quote\": \"one\"}]}\n");
}

// docs/behaviour/beir.md §16.5-§16.7: identical_ids applies first (the missing
// document q-1 is its pair's own id, so identical_ids takes it), but the result
// lists the entries in the table's order.
BOOST_AUTO_TEST_CASE(pair_drops_apply_in_the_rules_order_and_are_reported_in_the_tables) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query,
                header + "q-1\tq-1\t1\nq-1\tgone\t1\nq-1\td1\t1\n");
  const Outcome both = run(tmp, R"({"identical_ids": "exclude", "missing_documents": "drop"})");
  BOOST_TEST(both.result ==
             result(1, 1, 1, 3,
                    ",\"adjustments\":{\"missing_documents\":{\"value\":\"drop\",\"did\":\"dropped positive pairs naming "
                    "documents absent from corpus.jsonl\",\"documents\":1,\"first_documents\":[\"gone\"],\"pairs\":1,"
                    "\"queries_dropped\":0,\"first_queries_dropped\":[]},\"identical_ids\":{\"value\":\"exclude\",\"did\":"
                    "\"dropped positive pairs whose query id equals the document id\",\"pairs\":1,\"queries_dropped\":0,"
                    "\"first_queries_dropped\":[]}}"));
}

// docs/behaviour/beir.md §16.7: policies chosen but with nothing to act on add nothing, and the
// summary names the ones that acted.
BOOST_AUTO_TEST_CASE(policies_that_changed_nothing_add_nothing_and_the_summary_names_those_that_did) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query, header + "q-1\td1\t1\n");
  BOOST_TEST(run(tmp, R"({"line_breaks": "newline", "unicode_separators": "escape", "missing_documents": "drop",
                          "missing_queries": "drop", "identical_ids": "exclude"})")
                 .result == result(1, 1, 1, 3));
  grk::beir::BeirDatasetAdapter adapter;
  const boost::json::value report = boost::json::parse(
      result(1, 1, 1, 3, ",\"adjustments\":{\"line_breaks\":{},\"graded\":{}}"));
  BOOST_TEST(adapter.summarize(report) ==
             "1 document, 3 chars -> <T>/out/corpus; 1 query, 1.00 gold docs/query -> <T>/out/judgments.jsonl; "
             "adjusted by line_breaks, graded");
}

// docs/behaviour/beir.md §16: the two id policies' values are checked like the others.
BOOST_AUTO_TEST_CASE(a_bad_id_policy_value_is_refused_naming_its_parameter) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n", one_query, header + "q-1\td1\t1\n");
  BOOST_TEST(run(tmp, R"({"document_ids": "escape"})").error ==
             "parameter 'document_ids': must be one of: refuse, encode; got 'escape'");
  BOOST_TEST(run(tmp, R"({"query_ids": "Encode"})").error == "parameter 'query_ids': must be one of: refuse, encode; got 'Encode'");
  BOOST_TEST(!fs::exists(tmp / "out"));
}

namespace {

// id_map.tsv back into {adapted: original}.
std::map<std::string, std::string> reversed_id_map(const std::string& text, const std::string& kind) {
  const auto rows = beir_test::id_map_rows(text);
  BOOST_REQUIRE(rows.has_value());
  std::map<std::string, std::string> adapted_to_original;
  for (const auto& row : *rows) {
    if (row.kind == kind) adapted_to_original[row.adapted] = row.original;
  }
  return adapted_to_original;
}

const std::string long_ascii(252, 'a');  // 256 bytes with ".txt"
std::string long_utf8() {
  std::string id;
  for (int i = 0; i < 42; ++i) id += "\xC3\xA9";
  return id;
}
// Digests: Python's hashlib.sha256(id.encode()).hexdigest()[:32].
const std::string long_ascii_stem = "_" + std::string(216, 'a') + "_h03aaf5773717feae6f704bf2637ae0a9";
std::string long_utf8_stem() {
  std::string stem = "_";
  for (int i = 0; i < 36; ++i) stem += "_c3_a9";
  return stem + "_h18031931d1563e7c5f2f947822255d74";
}

}  // namespace

// docs/behaviour/beir.md §16.8: every id §5 refuses, and the losers of a case collision, get an
// encoded file name; the judgments use them, in their order; id_map.tsv lists them.
BOOST_AUTO_TEST_CASE(document_ids_encode_names_hostile_ids_and_writes_the_id_map) {
  TempDir tmp;
  const std::vector<std::pair<std::string, std::string>> documents = {
      {"d1", "one"},        {"<dbpedia:Paris>", "paris"}, {"FOO", "f1"},        {"Foo", "f2"},
      {"foo", "f3"},        {"CON", "c"},                 {"con.txt", "ct"},    {"aux", "x"},
      {".", "dot"},         {"..", "dotdot"},             {"a.", "adot"},       {"a ", "aspace"},
      {"_", "under"},       {"__46oo", "looks"},          {"tab\\tid", "tab"},  {"back\\\\slash", "back"},
      {long_ascii, "long"}, {long_utf8(), "longe"}};
  std::string corpus;
  for (const auto& [id, text] : documents) corpus += "{\"_id\": \"" + id + "\", \"text\": \"" + text + "\"}\n";
  write_sources(tmp, corpus, one_query + "{\"_id\": \"q-2\", \"text\": \"r\"}\n",
                header + "q-1\t<dbpedia:Paris>\t1\nq-1\tFoo\t1\nq-1\tfoo\t1\nq-1\tFOO\t1\nq-1\td1\t1\n"
                         "q-2\t" + long_ascii + "\t1\nq-2\t..\t1\n");
  // The default refuses the first id §5 refuses, in corpus row 2.
  const Outcome refused = run(tmp, "{}");
  BOOST_TEST(refused.error ==
             "unsafe BEIR document id '<dbpedia:Paris>'; expected letters, digits, dot, underscore, or hyphen");
  BOOST_TEST(!fs::exists(tmp / "out"));

  const Outcome encoded = run(tmp, R"({"document_ids": "encode"})");
  auto pair = [](const std::string& original, const std::string& adapted) {
    return "{\"original\":\"" + original + "\",\"adapted\":\"" + adapted + "\"}";
  };
  BOOST_TEST(encoded.result ==
             result(18, 2, 7, 63,
                    ",\"adjustments\":{\"document_ids\":{\"value\":\"encode\",\"did\":\"renamed the documents whose id "
                    "is no portable file name, or collides when case is folded; id_map.tsv lists them\",\"documents\":"
                    "15,\"case_collisions\":2,\"first_documents\":[" +
                        pair(".", "__2e") + "," + pair("..", "__2e_2e") + "," +
                        pair("<dbpedia:Paris>", "__3cdbpedia_3a_50aris_3e") + "," + pair("CON", "__43_4f_4e") + "," +
                        pair("Foo", "__46oo") + "," + pair("_", "__5f") + "," + pair("__46oo", "__5f_5f46oo") + "," +
                        pair("a ", "_a_20") + "," + pair(long_ascii, long_ascii_stem) + "," + pair("aux", "_aux") +
                        "]}}"));
  const std::string id_map = read_file(tmp / "out/id_map.tsv");
  BOOST_TEST(id_map == "kind\toriginal\tadapted\n"
                       "document\t.\t__2e\n"
                       "document\t..\t__2e_2e\n"
                       "document\t<dbpedia:Paris>\t__3cdbpedia_3a_50aris_3e\n"
                       "document\tCON\t__43_4f_4e\n"
                       "document\tFoo\t__46oo\n"
                       "document\t_\t__5f\n"
                       "document\t__46oo\t__5f_5f46oo\n"
                       "document\ta \t_a_20\n"
                       "document\t" + long_ascii + "\t" + long_ascii_stem + "\n"
                       "document\taux\t_aux\n"
                       "document\tback\\\\slash\t_back_5cslash\n"
                       "document\tcon.txt\t_con_2etxt\n"
                       "document\tfoo\t_foo\n"
                       "document\ttab\\tid\t_tab_09id\n"
                       "document\t" + long_utf8() + "\t" + long_utf8_stem() + "\n");
  BOOST_TEST(read_file(tmp / "out/judgments.jsonl") ==
             "{\"query_id\": \"q-1\", \"query\": \"q\", \"category\": \"normal\", \"gold\": [{\"doc\": \"FOO.txt\", "
             "\"quote\": \"f1\"}, {\"doc\": \"__3cdbpedia_3a_50aris_3e.txt\", \"quote\": \"paris\"}, {\"doc\": "
             "\"__46oo.txt\", \"quote\": \"f2\"}, {\"doc\": \"_foo.txt\", \"quote\": \"f3\"}, {\"doc\": \"d1.txt\", "
             "\"quote\": \"one\"}]}\n"
             "{\"query_id\": \"q-2\", \"query\": \"r\", \"category\": \"normal\", \"gold\": [{\"doc\": \"__2e_2e.txt\", "
             "\"quote\": \"dotdot\"}, {\"doc\": \"" + long_ascii_stem + ".txt\", \"quote\": \"long\"}]}\n");
  // Every document is a file under its adapted name; kept names are the ids.
  std::set<std::string> files;
  for (const auto& entry : fs::directory_iterator(tmp / "out/corpus")) files.insert(entry.path().filename().string());
  const auto originals = reversed_id_map(id_map, "document");
  BOOST_TEST(files.size() == documents.size());
  for (const auto& name : files) {
    const std::string stem = name.substr(0, name.size() - 4);
    const auto found = originals.find(stem);
    const std::string original = found == originals.end() ? stem : found->second;
    bool known = false;
    for (const auto& [id, text] : documents) {
      // The ids as written in JSON: two escapes to undo.
      const std::string decoded = replace_all(replace_all(id, "\\t", "\t"), "\\\\", "\\");
      if (decoded == original) known = read_file(tmp / "out/corpus" / name) == text;
    }
    BOOST_TEST(known, name);
    // The SDK decodes every encoded name but the digests, which id_map.tsv holds.
    if (found != originals.end() && !grk::groundkit::is_digest_file_stem(stem)) {
      BOOST_TEST(grk::groundkit::decode_file_stem(stem, ".txt").value() == original);
    }
  }
  BOOST_TEST(files.count("FOO.txt") == 1u);
  BOOST_TEST(files.count("a..txt") == 1u);
  BOOST_TEST(files.count("d1.txt") == 1u);
  BOOST_TEST(grk::judgments::load_judgments((tmp / "out/judgments.jsonl").string()).has_value());
}

// docs/behaviour/beir.md §16.8: positive query ids that are not kebab-case get a kebab-case id;
// the judgments are in the adapted ids' order; queries never written are not listed.
BOOST_AUTO_TEST_CASE(query_ids_encode_writes_kebab_case_ids_in_their_order) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n",
                "{\"_id\": \"PLAIN-1\", \"text\": \"a\"}\n{\"_id\": \"q_2\", \"text\": \"b\"}\n"
                "{\"_id\": \"med-10\", \"text\": \"c\"}\n{\"_id\": \"Zed/unused\", \"text\": \"d\"}\n"
                "{\"_id\": \"caf\\u00e9\", \"text\": \"e\"}\n",
                header + "PLAIN-1\td1\t1\nq_2\td1\t1\nmed-10\td1\t1\ncaf\xC3\xA9\td1\t1\nZed/unused\td1\t0\n");
  // The qrels are checked first (docs/behaviour/beir.md §7 step 3), row by row.
  BOOST_TEST(run(tmp, "{}").error == "unsafe BEIR query id 'caf\xC3\xA9'; expected letters, digits, dot, underscore, or hyphen");
  const Outcome encoded = run(tmp, R"({"query_ids": "encode"})");
  BOOST_TEST(encoded.result ==
             result(1, 4, 4, 3,
                    ",\"adjustments\":{\"query_ids\":{\"value\":\"encode\",\"did\":\"renamed the written query ids that "
                    "are not kebab-case; id_map.tsv lists them\",\"queries\":3,\"first_queries\":[{\"original\":"
                    "\"PLAIN-1\",\"adapted\":\"plain-1\"},{\"original\":\"caf\xC3\xA9\",\"adapted\":\"caf-ue9\"},"
                    "{\"original\":\"q_2\",\"adapted\":\"q-2\"}]}}"));
  BOOST_TEST(read_file(tmp / "out/id_map.tsv") ==
             "kind\toriginal\tadapted\nquery\tPLAIN-1\tplain-1\nquery\tcaf\xC3\xA9\tcaf-ue9\nquery\tq_2\tq-2\n");
  std::string ids;
  const auto loaded = grk::judgments::load_judgments((tmp / "out/judgments.jsonl").string());
  BOOST_REQUIRE(loaded.has_value());
  for (const auto& judgment : *loaded) {
    ids += judgment.query_id + " " + judgment.query + ";";
  }
  BOOST_TEST(ids == "caf-ue9 e;med-10 c;plain-1 a;q-2 b;");
}

// docs/behaviour/beir.md §16.8: two ids that become one are refused, naming both, before any write.
BOOST_AUTO_TEST_CASE(query_ids_encode_refuses_two_ids_that_become_one) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n",
                "{\"_id\": \"med-10\", \"text\": \"a\"}\n{\"_id\": \"MED-10\", \"text\": \"b\"}\n"
                "{\"_id\": \"Q..1\", \"text\": \"c\"}\n{\"_id\": \"q_1\", \"text\": \"d\"}\n",
                header + "med-10\td1\t1\nMED-10\td1\t1\nQ..1\td1\t1\nq_1\td1\t1\n");
  const Outcome refused = run(tmp, R"({"query_ids": "encode"})");
  BOOST_TEST(refused.error ==
             "BEIR query ids 'MED-10' and 'med-10' both become the judgment id 'med-10' under query_ids: encode; "
             "rename one of them before adapting. Nothing was written.");
  BOOST_TEST(static_cast<int>(refused.status) == static_cast<int>(grk::Status::invalid_data));
  BOOST_TEST(!fs::exists(tmp / "out"));
}

// docs/behaviour/beir.md §16.8: a document id id_map.tsv cannot hold as UTF-8 is refused.
BOOST_AUTO_TEST_CASE(document_ids_encode_refuses_an_id_with_a_lone_surrogate) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d\\ud800\", \"text\": \"two\"}\n", one_query,
                header + "q-1\td1\t1\n");
  const Outcome refused = run(tmp, R"({"document_ids": "encode"})");
  BOOST_TEST(refused.error ==
             "BEIR document id 'd\\ud800' contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which "
             "id_map.tsv cannot record as UTF-8; refused. Nothing was written.");
  BOOST_TEST(static_cast<int>(refused.status) == static_cast<int>(grk::Status::invalid_data));
  BOOST_TEST(!fs::exists(tmp / "out"));
}

// docs/behaviour/beir.md §16.8: with nothing to rename, encode changes nothing: the same bytes,
// the same 9 fields, no id_map.tsv.
BOOST_AUTO_TEST_CASE(the_encodings_with_nothing_to_rename_write_what_the_defaults_write) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"d2\", \"text\": \"two\"}\n{\"_id\": \"d1\", \"title\": \"T\", \"text\": \"one\"}\n",
                one_query + "{\"_id\": \"10\", \"text\": \"r\"}\n", header + "q-1\td1\t1\n10\td2\t1\n10\td1\t1\n");
  const Outcome defaults = run(tmp, "{}");
  const auto written = beir_test::snapshot(tmp / "out");
  fs::remove_all(tmp / "out");
  const Outcome encoded = run(tmp, R"({"document_ids": "encode", "query_ids": "encode"})");
  BOOST_TEST(defaults.result == result(2, 2, 3, 9));
  BOOST_TEST(encoded.result == defaults.result);
  BOOST_TEST((beir_test::snapshot(tmp / "out") == written));
  BOOST_TEST(!fs::exists(tmp / "out/id_map.tsv"));
}
