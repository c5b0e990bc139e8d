// docs/behaviour/beir.md §2-§4 and §12: every decoding and parse rule with its outcome
// (expected values computed with CPython 3.11.7 running the reference
// algorithm), and the worked example byte for byte.
#define BOOST_TEST_MODULE beir_decoding_rules
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>
#include <grk/json/writer.hpp>

#include <map>
#include <optional>
#include <string>

#include "pipeline/report.hpp"
#include "pipeline/adapt.hpp"
#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using beir_test::snapshot;
using beir_test::replace_all;
using beir_test::TempDir;
using beir_test::write_file;

const std::string C = "{\"_id\": \"doc-1\", \"title\": \"Title\", \"text\": \"Body\"}";
const std::string Q = "{\"_id\": \"q-1\", \"text\": \"What is in the body?\"}";
const std::string H = "query-id\tcorpus-id\tscore";
const std::string J1 =
    "{\"query_id\": \"q-1\", \"query\": \"What is in the body?\", \"category\": \"normal\", \"gold\": [{\"doc\": "
    "\"doc-1.txt\", \"quote\": \"Title\\n\\nBody\"}]}\n";
const std::string graded_tail =
    ": this adapter supports binary qrels only. groundkit judgments carry no relevance grade, so every positive "
    "grade would collapse to the same membership and the adapted set would report binary nDCG against a collection "
    "whose published numbers are graded. Use a binary collection (SciFact, NFCorpus's binary splits) or add graded "
    "relevance to the harness first.";

struct Case {
  std::string corpus = C + "\n";
  std::string queries = Q + "\n";
  std::string qrels = H + "\nq-1\tdoc-1\t1\n";
};

struct Success {
  std::uint64_t documents, pairs, characters;
  std::map<std::string, std::string> files;  // corpus file -> bytes
  std::string judgments;
};

void prepare(const fs::path& root, const Case& c) {
  write_file(root / "src/corpus.jsonl", c.corpus);
  write_file(root / "src/queries.jsonl", c.queries);
  write_file(root / "src/qrels/test.tsv", c.qrels);
}

// `message` uses <R> for the case folder.
void expect_error(const Case& c, const std::string& message) {
  TempDir tmp;
  prepare(tmp.path(), c);
  try {
    grk::beir::adapt_beir_dataset({(tmp / "src").string(), (tmp / "out").string(), "test"});
    BOOST_ERROR("adapted, expected: " << message);
  } catch (const grk::Error& error) {
    BOOST_TEST(replace_all(error.what(), tmp.path().string(), "<R>") == message);
  }
  BOOST_TEST(!fs::exists(tmp / "out"));
}

void expect_success(const Case& c, const Success& expected) {
  TempDir tmp;
  prepare(tmp.path(), c);
  const auto report = grk::beir::adapt_beir_dataset({(tmp / "src").string(), (tmp / "out").string(), "test"});
  BOOST_TEST(report.document_count == expected.documents);
  BOOST_TEST(report.relevance_pair_count == expected.pairs);
  BOOST_TEST(report.total_characters == expected.characters);
  std::map<std::string, std::string> want{{"corpus", "dir"}, {"judgments.jsonl", "file:" + expected.judgments}};
  for (const auto& [name, bytes] : expected.files) want["corpus/" + name] = "file:" + bytes;
  BOOST_TEST((snapshot(tmp / "out") == want));
}

const Success plain{1, 1, 11, {{"doc-1.txt", "Title\n\nBody"}}, J1};
const Success two_docs{2, 1, 12, {{"doc-1.txt", "Title\n\nBody"}, {"d2.txt", "x"}}, J1};

}  // namespace

BOOST_AUTO_TEST_CASE(crlf_and_lone_cr_end_lines_in_all_three_files) {
  expect_success({C + "\r\n{\"_id\": \"d2\", \"text\": \"x\"}\r\n", Q + "\r\n", H + "\r\nq-1\tdoc-1\t1\r\n"}, two_docs);
  expect_success({C + "\r{\"_id\": \"d2\", \"text\": \"x\"}\r", Q + "\r", H + "\rq-1\tdoc-1\t1\r"}, two_docs);
  expect_success({C + "\r\n{\"_id\": \"d2\", \"text\": \"x\"}", Q, H + "\r\nq-1\tdoc-1\t1"}, two_docs);
}

BOOST_AUTO_TEST_CASE(a_bom_is_a_character_not_an_encoding_marker) {
  expect_error({"\xEF\xBB\xBF" + C + "\n"},
               "invalid JSON in <R>/src/corpus.jsonl line 1: Unexpected UTF-8 BOM (decode using utf-8-sig)");
  expect_error({C + "\n", Q + "\n", "\xEF\xBB\xBF" + H + "\nq-1\tdoc-1\t1\n"},
               "unexpected or missing BEIR qrels header in <R>/src/qrels/test.tsv");
  // U+FEFF is not whitespace: it survives strip() inside a text.
  expect_success({"{\"_id\": \"doc-1\", \"title\": \"\\u00a0T\\u2003\", \"text\": \"\\u3000B\\ufeff\"}\n"},
                 {1, 1, 5, {{"doc-1.txt", "T\n\nB\xEF\xBB\xBF"}},
                  "{\"query_id\": \"q-1\", \"query\": \"What is in the body?\", \"category\": \"normal\", \"gold\": "
                  "[{\"doc\": \"doc-1.txt\", \"quote\": \"T\\n\\nB\xEF\xBB\xBF\"}]}\n"});
}

BOOST_AUTO_TEST_CASE(blank_and_whitespace_only_jsonl_lines_are_skipped_but_counted) {
  expect_success({"\n   \n\t\n" + C + "\n\n", "\xE3\x80\x80\n" + Q + "\n"}, plain);
  expect_error({"\n  \n{bad\n"},
               "invalid JSON in <R>/src/corpus.jsonl line 3: Expecting property name enclosed in double quotes");
}

BOOST_AUTO_TEST_CASE(qrels_lines_count_only_non_empty_lines_and_whitespace_lines_are_rows) {
  expect_error({C + "\n", Q + "\n", "\n\n" + H + "\n\nq-1\tdoc-1\n"},
               "invalid BEIR qrels row at <R>/src/qrels/test.tsv line 2");
  expect_error({C + "\n", Q + "\n", H + "\n   \nq-1\tdoc-1\t1\n"}, "invalid BEIR qrels row at <R>/src/qrels/test.tsv line 2");
}

BOOST_AUTO_TEST_CASE(scores_parse_as_python_int) {
  for (const std::string score : {"+1", " 1 ", "-0", "01", "\xD9\xA1"}) {
    expect_success({C + "\n", Q + "\n", H + "\nq-1\tdoc-1\t1\nq-1\tdoc-1\t" + score + "\n"}, plain);
  }
  expect_error({C + "\n", Q + "\n", H + "\nq-1\tdoc-1\t1\nq-1\tdoc-1\t1.0\n"},
               "invalid integer relevance score '1.0' at <R>/src/qrels/test.tsv line 3");
  expect_error({C + "\n", Q + "\n", H + "\nq-1\tdoc-1\t1\nq-1\tdoc-1\t1__0\n"},
               "invalid integer relevance score '1__0' at <R>/src/qrels/test.tsv line 3");
  expect_error({C + "\n", Q + "\n", H + "\nq-1\tdoc-1\t1\nq-1\tdoc-1\t\n"},
               "invalid integer relevance score '' at <R>/src/qrels/test.tsv line 3");
  expect_error({C + "\n", Q + "\n", H + "\nq-1\tdoc-1\t1\nq-1\tdoc-1\t1_0\n"},
               "graded BEIR relevance score 10 at <R>/src/qrels/test.tsv line 3" + graded_tail);
  expect_error({C + "\n", Q + "\n", H + "\nq-1\tdoc-1\t1\nq-1\tdoc-1\t\xD9\xA2\n"},
               "graded BEIR relevance score 2 at <R>/src/qrels/test.tsv line 3" + graded_tail);
}

BOOST_AUTO_TEST_CASE(extra_columns_and_duplicate_rows) {
  expect_success({C + "\n", Q + "\n", H + "\textra\nq-1\tdoc-1\t1\tz\n"}, plain);
  expect_success({C + "\n", Q + "\n", H + "\nq-1\tdoc-1\t1\nq-1\tdoc-1\t1\nq-1\tdoc-1\t0\n"}, plain);
}

BOOST_AUTO_TEST_CASE(raw_line_separators_in_a_source_split_the_record) {
  for (const std::string separator : {"\xE2\x80\xA8", "\xC2\x85", "\x0b", "\x1d"}) {
    expect_error({"{\"_id\": \"doc-1\", \"text\": \"a" + separator + "b\"}\n"},
                 "invalid JSON in <R>/src/corpus.jsonl line 1: Unterminated string starting at");
  }
}

// docs/behaviour/beir.md §11: the reference writes, then fails to load its own judgments.
// We fail with the same message and write nothing.
BOOST_AUTO_TEST_CASE(escaped_line_separators_fail_like_the_reference_but_before_writing) {
  expect_error({"{\"_id\": \"doc-1\", \"text\": \"a\\u2028b\"}\n"},
               "<R>/out/judgments.jsonl:1: invalid JSON: Unterminated string starting at: line 1 column 115 (char 114)");
  expect_error({C + "\n", "{\"_id\": \"q-1\", \"text\": \"x\\u0085y\"}\n"},
               "<R>/out/judgments.jsonl:1: invalid JSON: Unterminated string starting at: line 1 column 30 (char 29)");
}

BOOST_AUTO_TEST_CASE(json_as_python_reads_it) {
  expect_success({"{\"_id\": \"doc-1\", \"text\": \"b\", \"metadata\": {\"x\": NaN, \"y\": [Infinity, -Infinity]}}\n"},
                 {1, 1, 1, {{"doc-1.txt", "b"}},
                  "{\"query_id\": \"q-1\", \"query\": \"What is in the body?\", \"category\": \"normal\", \"gold\": "
                  "[{\"doc\": \"doc-1.txt\", \"quote\": \"b\"}]}\n"});
  expect_success({"{\"_id\": \"zzz\", \"text\": \"b\", \"_id\": \"doc-1\"}\n"},
                 {1, 1, 1, {{"doc-1.txt", "b"}},
                  "{\"query_id\": \"q-1\", \"query\": \"What is in the body?\", \"category\": \"normal\", \"gold\": "
                  "[{\"doc\": \"doc-1.txt\", \"quote\": \"b\"}]}\n"});
  expect_error({"{\"_id\": \"doc-1\", \"text\": \"a\tb\"}\n"},
               "invalid JSON in <R>/src/corpus.jsonl line 1: Invalid control character at");
  expect_error({"{\"_id\": \"doc-1\\n\", \"text\": \"b\"}\n", Q + "\n", H + "\nq-1\tdoc-1\t1\n"},
               "unsafe BEIR document id 'doc-1\\n'; expected letters, digits, dot, underscore, or hyphen");
}

BOOST_AUTO_TEST_CASE(invalid_utf8_positions_count_bytes_in_the_whole_file) {
  expect_error({C + "\n\xE2\x82"},
               "BEIR file '<R>/src/corpus.jsonl' is not valid UTF-8: 'utf-8' codec can't decode bytes in position "
               "51-52: unexpected end of data");
  expect_error({C + "\n{\"_id\": \"x\xED\xA0\x80\"}\n"},
               "BEIR file '<R>/src/corpus.jsonl' is not valid UTF-8: 'utf-8' codec can't decode byte 0xed in position "
               "61: invalid continuation byte");
  // The whole file is decoded before any line is parsed: a later bad byte wins
  // over an earlier JSON error.
  expect_error({"{bad\n" + C + "\n\xFF\n"},
               "BEIR file '<R>/src/corpus.jsonl' is not valid UTF-8: 'utf-8' codec can't decode byte 0xff in position "
               "56: invalid start byte");
}

BOOST_AUTO_TEST_CASE(worked_example_of_reference_3_12) {
  TempDir tmp;
  write_file(tmp / "src/corpus.jsonl",
             "{\"_id\":\"d2\",\"title\":\"  Caf\xC3\xA9  \",\"text\":\" na\xC3\xAFve body\xE2\x80\x94x \"}\n"
             "{\"_id\":\"d1\",\"text\":\"no title here\"}\n"
             "{\"_id\":\"d3\",\"title\":\"Only title\",\"text\":\"   \",\"metadata\":{\"k\":1}}\n"
             "{\"_id\":\"unused-doc\",\"title\":\"\",\"text\":\"never referenced\"}\n\n");
  write_file(tmp / "src/queries.jsonl",
             "{\"_id\":\"10\",\"text\":\" Why? \"}\n{\"_id\":\"2\",\"text\":\"second\"}\n"
             "{\"_id\":\"Q-UNUSED\",\"text\":\"has no positive qrel\"}\n");
  write_file(tmp / "src/qrels/test.tsv",
             "query-id\tcorpus-id\tscore\textra\n10\td2\t1\n\n10\td1\t+1\tignored\n10\td2\t1\n2\td3\t 1 \n"
             "Q-UNUSED\td1\t0\n");
  const auto report = grk::beir::adapt_beir_dataset({(tmp / "src").string(), (tmp / "out").string(), "test"});
  const std::map<std::string, std::string> expected{
      {"corpus", "dir"},
      {"corpus/d1.txt", "file:no title here"},
      {"corpus/d2.txt", "file:Caf\xC3\xA9\n\nna\xC3\xAFve body\xE2\x80\x94x"},
      {"corpus/d3.txt", "file:Only title\n\n"},
      {"corpus/unused-doc.txt", "file:never referenced"},
      {"judgments.jsonl",
       "file:{\"query_id\": \"10\", \"query\": \"Why?\", \"category\": \"normal\", \"gold\": [{\"doc\": \"d1.txt\", "
       "\"quote\": \"no title here\"}, {\"doc\": \"d2.txt\", \"quote\": \"Caf\xC3\xA9\\n\\nna\xC3\xAFve "
       "body\xE2\x80\x94x\"}]}\n"
       "{\"query_id\": \"2\", \"query\": \"second\", \"category\": \"normal\", \"gold\": [{\"doc\": \"d3.txt\", "
       "\"quote\": \"Only title\\n\\n\"}]}\n"}};
  BOOST_TEST((snapshot(tmp / "out") == expected));
  const std::string root = tmp.path().string();
  BOOST_TEST(grk::json::write_pretty(grk::beir::report_to_json(report)) ==
             "{\n  \"source_dir\": \"" + root + "/src\",\n  \"output_dir\": \"" + root +
                 "/out\",\n  \"split\": \"test\",\n  \"document_count\": 4,\n  \"query_count\": 2,\n"
                 "  \"relevance_pair_count\": 3,\n  \"total_characters\": 59,\n  \"corpus_dir\": \"" +
                 root + "/out/corpus\",\n  \"judgments_path\": \"" + root + "/out/judgments.jsonl\"\n}");
  BOOST_TEST(grk::beir::summary_line(report.document_count, report.total_characters, report.corpus_dir,
                                     report.query_count, report.relevance_pair_count, report.judgments_path) ==
             "4 documents, 59 chars -> " + root + "/out/corpus; 2 queries, 1.50 gold docs/query -> " + root +
                 "/out/judgments.jsonl");
}
