// validate mode of the `beir` component (docs/behaviour/beir.md §18): every problem kind on a
// dataset built here, with its exact examples; several at once; opt-ins that
// make them go; the counts; the cap of ten examples; nothing written; and the
// real subsets of ../shared/beir-data when present.
#define BOOST_TEST_MODULE beir_validate
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/param_checks.hpp>

#include <boost/json.hpp>

#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <sys/wait.h>

#include "pipeline/adapt.hpp"
#include "pipeline/beir_dataset_adapter.hpp"
#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using beir_test::real_dataset;
using beir_test::replace_all;
using beir_test::TempDir;
using beir_test::write_file;
using beir_test::good_corpus;
using beir_test::good_qrels;
using beir_test::good_queries;
using beir_test::header;
using beir_test::write_sources;

struct Outcome {
  std::string result;   // compact JSON, the temporary folder written <T>
  std::string summary;  // the component's summary line
  std::string error;
  grk::Status status = grk::Status::ok;
};

// Runs `beir` on <tmp>/src with `given` (JSON text; mode=validate unless it
// says otherwise), parameters checked and defaulted as the host does.
Outcome run(const TempDir& tmp, const std::string& given = "{}", bool with_mode = true) {
  boost::json::object params = boost::json::parse(given).as_object();
  if (!params.contains("source_dir")) params["source_dir"] = (tmp / "src").string();
  if (with_mode && !params.contains("mode")) params["mode"] = "validate";
  const auto validated = grk::validate_params(grk::beir::BeirDatasetAdapter::params(), params);
  Outcome outcome;
  if (!validated) {  // in the plugin entry code's words
    outcome.error = "parameter '" + validated.error().name + "': " + validated.error().message;
    outcome.status = grk::Status::invalid_argument;
    return outcome;
  }
  grk::Context context(nullptr, nullptr);
  grk::beir::BeirDatasetAdapter adapter;
  try {
    const boost::json::value value = adapter.adapt(grk::Params(*validated), context);
    outcome.result = replace_all(grk::json::write_compact(value), tmp.path().string(), "<T>");
    outcome.summary = adapter.summarize(value);
  } catch (const grk::Error& error) {
    outcome.error = replace_all(error.what(), tmp.path().string(), "<T>");
    outcome.status = error.status();
  }
  return outcome;
}

// The built grk-eval, quoted for a shell; empty (the test is skipped) without GRK_BINARY_DIR.
std::string quoted_grk_eval() {
  const char* binary_dir = std::getenv("GRK_BINARY_DIR");
  if (binary_dir == nullptr) {
    BOOST_TEST_MESSAGE("skipped: GRK_BINARY_DIR is not set");
    return {};
  }
  return "'" + (fs::path(binary_dir) / "bin/grk-eval").string() + "'";
}

// The problems array alone, compact.
std::string problems_of(const Outcome& outcome) {
  BOOST_REQUIRE_MESSAGE(outcome.error.empty(), outcome.error);
  return grk::json::write_compact(grk::json::read(outcome.result).value().as_object().at("problems"));
}

// One example, as the result writes it; line 0 and id "" stand for null.
std::string example(const std::string& file, std::uint64_t line, const std::string& id, const std::string& message) {
  boost::json::object shown;
  shown["file"] = file;
  shown["line"] = line == 0 ? boost::json::value(nullptr) : boost::json::value(line);
  shown["id"] = id.empty() ? boost::json::value(nullptr) : boost::json::value(id);
  shown["message"] = message;
  return grk::json::write_compact(shown);
}

// One problem with its examples (compact JSON texts) and resolution ("" = null).
std::string problem(const std::string& kind, std::uint64_t count, const std::vector<std::string>& examples,
                    const std::string& resolved_by = "") {
  std::string listed;
  for (const std::string& shown : examples) listed += (listed.empty() ? "" : ",") + shown;
  return "{\"kind\":\"" + kind + "\",\"count\":" + std::to_string(count) + ",\"examples\":[" + listed +
         "],\"resolved_by\":" + (resolved_by.empty() ? "null" : "\"" + resolved_by + "\"") + "}";
}

std::string problems(const std::vector<std::string>& each) {
  std::string listed;
  for (const std::string& one : each) listed += (listed.empty() ? "" : ",") + one;
  return "[" + listed + "]";
}


const std::string corpus_path = "<T>/src/corpus.jsonl";
const std::string qrels_path = "<T>/src/qrels/test.tsv";

struct KindCase {
  const char* name;
  std::string corpus, queries, qrels;
  std::string expected;  // the problems array
};

const std::string graded_tail =
    ": this adapter supports binary qrels only. groundkit judgments carry no relevance grade, so every positive "
    "grade would collapse to the same membership and the adapted set would report binary nDCG against a collection "
    "whose published numbers are graded. Use a binary collection (SciFact, NFCorpus's binary splits) or add graded "
    "relevance to the harness first.";

std::vector<KindCase> kind_cases() {
  const std::string long_id(252, 'a');
  return {
      {"invalid-utf8", "{\"_id\": \"\xff\"}\n", good_queries, good_qrels,
       problems({problem("invalid-utf8", 1,
                         {example("corpus.jsonl", 0, "",
                                  "BEIR file '" + corpus_path +
                                      "' is not valid UTF-8: 'utf-8' codec can't decode byte 0xff in position 9: "
                                      "invalid start byte")}),
                 problem("missing-document", 1,
                         {example("qrels/test.tsv", 2, "doc-1", "BEIR qrels reference missing documents: ['doc-1']")},
                         "missing_documents=drop"),
                 problem("no-positive-rows", 1,
                         {example("qrels/test.tsv", 0, "",
                                  "BEIR qrels for split 'test' contain no positive relevance rows")})})},
      // A raw U+0085 cuts the record under splitlines; read whole, its text
      // then holds a separator the judgments cannot carry.
      {"line-break-inside-record", "{\"_id\": \"doc-1\", \"text\": \"Bo\xC2\x85" "dy\"}\n",
       good_queries, good_qrels,
       problems({problem("line-break-inside-record", 1,
                         {example("corpus.jsonl", 1, "",
                                  "invalid JSON in " + corpus_path + " line 1: Unterminated string starting at")},
                         "line_breaks=newline"),
                 problem("unicode-separator-in-text", 1,
                         {example("corpus.jsonl", 1, "doc-1",
                                  "BEIR document 'doc-1' holds a raw U+0085 (NEXT LINE) at character 3, which "
                                  "json.dumps writes raw and groundkit's load_judgments reads as a line break")},
                         "unicode_separators=escape")})},
      {"invalid-json", "{not json\n" + good_corpus, good_queries, good_qrels,
       problems({problem("invalid-json", 1,
                         {example("corpus.jsonl", 1, "",
                                  "invalid JSON in " + corpus_path +
                                      " line 1: Expecting property name enclosed in double quotes")})})},
      {"not-a-json-object", good_corpus + "\n[\"a list\"]\n", good_queries, good_qrels,
       problems({problem("not-a-json-object", 1,
                         {example("corpus.jsonl", 3, "", corpus_path + " line 3 must be a JSON object")})})},
      {"missing-id", good_corpus + "{\"text\": \"no id\"}\n", good_queries, good_qrels,
       problems({problem("missing-id", 1,
                         {example("corpus.jsonl", 2, "", "corpus row 2 requires non-empty string field '_id'")})})},
      {"unsafe-document-id", "{\"_id\": \"../doc-1\", \"text\": \"x\"}\n" + good_corpus, good_queries,
       header + "q-1\tdoc-1\t1\nq-1\t../doc-1\t0\n",
       problems({problem("unsafe-document-id", 2,
                         {example("corpus.jsonl", 1, "../doc-1",
                                  "unsafe BEIR document id '../doc-1'; expected letters, digits, dot, underscore, or "
                                  "hyphen"),
                          example("qrels/test.tsv", 3, "../doc-1",
                                  "unsafe BEIR document id '../doc-1'; expected letters, digits, dot, underscore, or "
                                  "hyphen")},
                         "document_ids=encode")})},
      {"long-document-id", good_corpus + "{\"_id\": \"" + long_id + "\", \"text\": \"x\"}\n", good_queries, good_qrels,
       problems({problem("long-document-id", 1,
                         {example("corpus.jsonl", 2, long_id,
                                  "BEIR document id '" + std::string(32, 'a') +
                                      "'... is 252 characters; with '.txt' that is 256 bytes, past the 255-byte "
                                      "filename limit every common filesystem enforces. Refused here rather than at "
                                      "the write, which would fail partway through an otherwise-valid corpus.")},
                         "document_ids=encode")})},
      {"reserved-document-id", good_corpus + "{\"_id\": \"com1.a\", \"text\": \"x\"}\n", good_queries, good_qrels,
       problems({problem("reserved-document-id", 1,
                         {example("corpus.jsonl", 2, "com1.a",
                                  "BEIR document id 'com1.a' is a reserved Windows device name; it cannot be a file "
                                  "there, and on some builds the write silently succeeds while discarding the "
                                  "content. Rename or map this id before adapting.")},
                         "document_ids=encode")})},
      {"duplicate-document-id", good_corpus + "{\"_id\": \"doc-2\", \"text\": \"x\"}\n" + good_corpus, good_queries,
       good_qrels,
       problems({problem("duplicate-document-id", 1,
                         {example("corpus.jsonl", 3, "doc-1", "duplicate BEIR document id 'doc-1'")})})},
      {"non-string-field", good_corpus + "{\"_id\": \"doc-2\", \"title\": 7}\n", good_queries, good_qrels,
       problems({problem("non-string-field", 1,
                         {example("corpus.jsonl", 2, "doc-2",
                                  "corpus row 2 field 'title' must be a string when present")})})},
      {"empty-document", good_corpus + "{\"_id\": \"doc-2\", \"title\": \" \", \"text\": \"\\n\"}\n", good_queries,
       good_qrels,
       problems({problem("empty-document", 1,
                         {example("corpus.jsonl", 2, "doc-2", "BEIR document 'doc-2' has no title or text")})})},
      {"unsafe-query-id", good_corpus, good_queries + "{\"_id\": \"q 2\", \"text\": \"x\"}\n", good_qrels,
       problems({problem("unsafe-query-id", 1,
                         {example("queries.jsonl", 2, "q 2",
                                  "unsafe BEIR query id 'q 2'; expected letters, digits, dot, underscore, or hyphen")},
                         "query_ids=encode")})},
      {"duplicate-query-id", good_corpus, good_queries + good_queries, good_qrels,
       problems({problem("duplicate-query-id", 1,
                         {example("queries.jsonl", 2, "q-1", "duplicate BEIR query id 'q-1'")})})},
      {"missing-query-text", good_corpus, good_queries + "{\"_id\": \"q-2\", \"text\": 3}\n", good_qrels,
       problems({problem("missing-query-text", 1,
                         {example("queries.jsonl", 2, "q-2", "query row 2 requires non-empty string field 'text'")})})},
      {"empty-query", good_corpus, good_queries + "{\"_id\": \"q-2\", \"text\": \"   \"}\n", good_qrels,
       problems({problem("empty-query", 1, {example("queries.jsonl", 2, "q-2", "BEIR query 'q-2' is empty")})})},
      {"qrels-without-header", good_corpus, good_queries, "q-1\tdoc-1\t1\n",
       problems({problem("qrels-without-header", 1,
                         {example("qrels/test.tsv", 1, "", "unexpected or missing BEIR qrels header in " + qrels_path)},
                         "qrels_header=auto")})},
      {"invalid-qrels-header", good_corpus, good_queries, "a\tb\tc\nq-1\tdoc-1\t1\n",
       problems({problem("invalid-qrels-header", 1,
                         {example("qrels/test.tsv", 1, "", "unexpected or missing BEIR qrels header in " + qrels_path)})})},
      {"short-qrels-row", good_corpus, good_queries, good_qrels + "\nq-1\tdoc-1\n",
       problems({problem("short-qrels-row", 1,
                         {example("qrels/test.tsv", 3, "", "invalid BEIR qrels row at " + qrels_path + " line 3")})})},
      {"invalid-score", good_corpus, good_queries, good_qrels + "q-1\tdoc-1\t1.0\n",
       problems({problem("invalid-score", 1,
                         {example("qrels/test.tsv", 3, "",
                                  "invalid integer relevance score '1.0' at " + qrels_path + " line 3")})})},
      {"graded-score", good_corpus, good_queries, good_qrels + "q-1\tdoc-1\t-2\n",
       problems({problem("graded-score", 1,
                         {example("qrels/test.tsv", 3, "",
                                  "graded BEIR relevance score -2 at " + qrels_path + " line 3" + graded_tail)},
                         "graded=1")})},
      // A notice: the adapt path accepts these pairs, so the data stays valid.
      {"identical-ids", good_corpus + "{\"_id\": \"q-1\", \"text\": \"x\"}\n", good_queries,
       good_qrels + "q-1\tq-1\t1\n",
       problems({problem("identical-ids", 1,
                         {example("qrels/test.tsv", 3, "q-1",
                                  "positive pair of query 'q-1' and the document with the same id; BEIR's evaluator "
                                  "drops such pairs (ignore_identical_ids)")},
                         "identical_ids=exclude")})},
      {"missing-document", good_corpus, good_queries, good_qrels + "q-1\tdoc-9\t0\nq-1\tdoc-9\t1\n",
       problems({problem("missing-document", 1,
                         {example("qrels/test.tsv", 4, "doc-9", "BEIR qrels reference missing documents: ['doc-9']")},
                         "missing_documents=drop")})},
      {"missing-query", good_corpus, good_queries, good_qrels + "q-9\tdoc-1\t1\n",
       problems({problem("missing-query", 1,
                         {example("qrels/test.tsv", 3, "q-9", "BEIR qrels reference missing queries: ['q-9']")},
                         "missing_queries=drop")})},
      {"no-positive-rows", good_corpus, good_queries, header + "q-1\tdoc-1\t0\n",
       problems({problem("no-positive-rows", 1,
                         {example("qrels/test.tsv", 0, "",
                                  "BEIR qrels for split 'test' contain no positive relevance rows")})})},
      {"non-kebab-query-id", good_corpus, good_queries + "{\"_id\": \"MED-10\", \"text\": \"x\"}\n",
       good_qrels + "MED-10\tdoc-1\t1\n",
       problems({problem("non-kebab-query-id", 1,
                         {example("qrels/test.tsv", 3, "MED-10",
                                  "BEIR query ids are not admissible as groundkit judgment ids: ['MED-10']. The "
                                  "harness requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map "
                                  "these ids before adapting, rather than writing a corpus the harness would reject "
                                  "on load.")},
                         "query_ids=encode")})},
      {"case-colliding-document-ids", good_corpus + "{\"_id\": \"DOC-1\", \"text\": \"x\"}\n", good_queries,
       good_qrels,
       problems({problem("case-colliding-document-ids", 1,
                         {example("corpus.jsonl", 0, "DOC-1",
                                  "BEIR document ids collide when case is folded, so they would share one file on a "
                                  "case-insensitive filesystem: [['DOC-1', 'doc-1']]. Each would overwrite the other "
                                  "while the judgments still reference both, leaving quotes resolved against the "
                                  "wrong document. Rename or map these ids before adapting.")},
                         "document_ids=encode")})},
      {"lone-surrogate", good_corpus + "{\"_id\": \"doc-2\", \"text\": \"a\\ud800\"}\n", good_queries, good_qrels,
       problems({problem("lone-surrogate", 1,
                         {example("corpus.jsonl", 2, "doc-2",
                                  "BEIR document 'doc-2' contains a lone surrogate (a \\ud800-\\udfff escape "
                                  "without its pair), which cannot be written as UTF-8; refused. Nothing was "
                                  "written.")})})},
      {"unicode-separator-in-text", good_corpus, "{\"_id\": \"q-1\", \"text\": \"Wh\\u2029at?\"}\n", good_qrels,
       problems({problem("unicode-separator-in-text", 1,
                         {example("queries.jsonl", 1, "q-1",
                                  "BEIR query 'q-1' holds a raw U+2029 (PARAGRAPH SEPARATOR) at character 3, which "
                                  "json.dumps writes raw and groundkit's load_judgments reads as a line break")},
                         "unicode_separators=escape")})},
  };
}

// The subset `name` of ../shared/beir-data, as real_datasets_test.cpp finds it.
}  // namespace

BOOST_AUTO_TEST_CASE(a_clean_dataset_is_valid_with_its_counts) {
  TempDir tmp;
  write_sources(tmp, good_corpus + "{\"_id\": \"doc-2\", \"text\": \"Caf\xC3\xA9\"}\n", good_queries,
                good_qrels + "q-1\tdoc-2\t0\n");
  const Outcome outcome = run(tmp);
  BOOST_TEST(outcome.result ==
             "{\"valid\":true,\"problems\":[],\"counts\":{\"documents\":2,\"queries\":1,\"qrels_rows\":2,"
             "\"qrels_rows_by_grade\":{\"0\":1,\"1\":1},\"judged_queries\":1,\"relevance_pairs\":1,"
             "\"total_characters\":15}}");
  BOOST_TEST(outcome.summary == "beir validate: no problems in 2 documents, 1 query and 2 qrels rows");
}

// docs/behaviour/beir.md §18.3: each kind, alone, with its exact example.
BOOST_AUTO_TEST_CASE(each_problem_kind_is_found_with_its_example) {
  for (const KindCase& c : kind_cases()) {
    TempDir tmp;
    write_sources(tmp, c.corpus, c.queries, c.qrels);
    const Outcome outcome = run(tmp);
    BOOST_TEST(problems_of(outcome) == c.expected, c.name);
    const bool notice_only = std::string(c.name) == "identical-ids";
    BOOST_TEST((outcome.result.rfind(notice_only ? "{\"valid\":true" : "{\"valid\":false", 0) == 0), c.name);
  }
}

BOOST_AUTO_TEST_CASE(a_source_folder_that_is_absent_is_three_unreadable_files) {
  TempDir tmp;
  const Outcome outcome = run(tmp);
  const std::string errno2 = "[Errno 2] No such file or directory: ";
  BOOST_TEST(problems_of(outcome) ==
             problems({problem("unreadable-file", 3,
                               {example("corpus.jsonl", 0, "",
                                        "cannot read BEIR file '" + corpus_path + "': " + errno2 + "'" + corpus_path + "'"),
                                example("queries.jsonl", 0, "",
                                        "cannot read BEIR file '<T>/src/queries.jsonl': " + errno2 +
                                            "'<T>/src/queries.jsonl'"),
                                example("qrels/test.tsv", 0, "",
                                        "cannot read BEIR qrels '" + qrels_path + "': " + errno2 + "'" + qrels_path + "'")}),
                       problem("no-positive-rows", 1,
                               {example("qrels/test.tsv", 0, "",
                                        "BEIR qrels for split 'test' contain no positive relevance rows")})}));
}

// docs/behaviour/beir.md §15.6: a line past 64 MiB is refused, and the read of that file stops.
BOOST_AUTO_TEST_CASE(a_line_too_long_is_a_problem) {
  TempDir tmp;
  write_sources(tmp, good_corpus + "{\"_id\": \"doc-2\", \"text\": \"" + std::string(64u << 20, 'x') + "\"}\n");
  const Outcome outcome = run(tmp);
  BOOST_TEST(problems_of(outcome) ==
             problems({problem("line-too-long", 1,
                               {example("corpus.jsonl", 2, "",
                                        "BEIR file '" + corpus_path +
                                            "' line 2 is longer than 64 MiB (67108864 bytes), the most one record "
                                            "may take; refused")})}));
}

// docs/behaviour/beir.md §18.4: one read finds problems of many kinds, in every file, and the
// counts cover what was read.
BOOST_AUTO_TEST_CASE(several_problems_of_different_kinds_in_one_pass) {
  TempDir tmp;
  write_sources(tmp,
                "{\"_id\": \"<d:1>\", \"text\": \"one\"}\n{broken\n{\"_id\": \"d2\", \"text\": \"two\"}\n"
                "{\"_id\": \"d2\", \"text\": \"again\"}\n",
                "{\"_id\": \"Q1\", \"text\": \"first\"}\n{\"_id\": \"q2\", \"text\": \" \"}\n",
                "Q1\t<d:1>\t2\nQ1\td2\t1\nq3\td2\t1\nQ1\td9\t1\nQ1\td2\tx\n");
  const Outcome outcome = run(tmp);
  const std::string unsafe = "unsafe BEIR document id '<d:1>'; expected letters, digits, dot, underscore, or hyphen";
  BOOST_TEST(problems_of(outcome) ==
             problems({
                 problem("invalid-json", 1,
                         {example("corpus.jsonl", 2, "",
                                  "invalid JSON in " + corpus_path +
                                      " line 2: Expecting property name enclosed in double quotes")}),
                 problem("unsafe-document-id", 2,
                         {example("corpus.jsonl", 1, "<d:1>", unsafe), example("qrels/test.tsv", 1, "<d:1>", unsafe)},
                         "document_ids=encode"),
                 problem("duplicate-document-id", 1,
                         {example("corpus.jsonl", 4, "d2", "duplicate BEIR document id 'd2'")}),
                 problem("empty-query", 1, {example("queries.jsonl", 2, "q2", "BEIR query 'q2' is empty")}),
                 problem("qrels-without-header", 1,
                         {example("qrels/test.tsv", 1, "", "unexpected or missing BEIR qrels header in " + qrels_path)},
                         "qrels_header=auto"),
                 problem("invalid-score", 1,
                         {example("qrels/test.tsv", 5, "",
                                  "invalid integer relevance score 'x' at " + qrels_path + " line 5")}),
                 problem("graded-score", 1,
                         {example("qrels/test.tsv", 1, "",
                                  "graded BEIR relevance score 2 at " + qrels_path + " line 1" + graded_tail)},
                         "graded=1"),
                 problem("missing-document", 1,
                         {example("qrels/test.tsv", 4, "d9", "BEIR qrels reference missing documents: ['d9']")},
                         "missing_documents=drop"),
                 problem("missing-query", 1,
                         {example("qrels/test.tsv", 3, "q3", "BEIR qrels reference missing queries: ['q3']")},
                         "missing_queries=drop"),
                 problem("non-kebab-query-id", 1,
                         {example("qrels/test.tsv", 1, "Q1",
                                  "BEIR query ids are not admissible as groundkit judgment ids: ['Q1']. The harness "
                                  "requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map these ids "
                                  "before adapting, rather than writing a corpus the harness would reject on load.")},
                         "query_ids=encode"),
             }));
  // Three records read (the broken line is not one), the grades of the four
  // rows with an integer score; Q1 keeps <d:1> (grade 2, read as graded=1
  // would) and d2; d9 and q3 go as the drop opt-ins would.
  BOOST_TEST(grk::json::write_compact(grk::json::read(outcome.result).value().as_object().at("counts")) ==
             "{\"documents\":3,\"queries\":2,\"qrels_rows\":4,\"qrels_rows_by_grade\":{\"1\":3,\"2\":1},"
             "\"judged_queries\":1,\"relevance_pairs\":2,\"total_characters\":11}");
  BOOST_TEST(outcome.summary ==
             "beir validate: 10 problems (6 resolvable by opt-ins) in 3 documents, 2 queries and 4 qrels rows: "
             "invalid-json 1, unsafe-document-id 2 (document_ids=encode), duplicate-document-id 1, empty-query 1, "
             "qrels-without-header 1 (qrels_header=auto), invalid-score 1, graded-score 1 (graded=1), "
             "missing-document 1 (missing_documents=drop), missing-query 1 (missing_queries=drop), "
             "non-kebab-query-id 1 (query_ids=encode)");
}

// docs/behaviour/beir.md §18.1: with the opt-ins chosen, the problems they resolve are not
// reported, and what they change shows in the counts.
BOOST_AUTO_TEST_CASE(opt_ins_make_their_problems_disappear) {
  TempDir tmp;
  write_sources(tmp,
                "{\"_id\": \"d1\", \"text\": \"a\xE2\x80\xA8" "b\"}\n{\"_id\": \"q-1\", \"text\": \"same\"}\n",
                good_queries, "q-1\td1\t3\nq-1\td9\t1\nq-2\td1\t1\nq-1\tq-1\t1\n");
  const std::string before = problems_of(run(tmp));
  for (const char* kind : {"line-break-inside-record", "unicode-separator-in-text", "qrels-without-header",
                           "graded-score", "missing-document", "missing-query", "identical-ids"}) {
    BOOST_TEST(before.find(std::string("\"kind\":\"") + kind + "\"") != std::string::npos, kind);
  }
  const Outcome after = run(tmp, R"({"line_breaks": "newline", "unicode_separators": "escape", "qrels_header": "auto",
                                     "graded": 2, "missing_documents": "drop", "missing_queries": "drop",
                                     "identical_ids": "exclude"})");
  BOOST_TEST(after.result ==
             "{\"valid\":true,\"problems\":[],\"counts\":{\"documents\":2,\"queries\":1,\"qrels_rows\":4,"
             "\"qrels_rows_by_grade\":{\"1\":3,\"3\":1},\"judged_queries\":1,\"relevance_pairs\":1,"
             "\"total_characters\":7}}");
  // One opt-in at a time removes its own kind only.
  const Outcome header_only = run(tmp, R"({"qrels_header": "auto"})");
  const std::string rest = problems_of(header_only);
  BOOST_TEST(rest.find("qrels-without-header") == std::string::npos);
  BOOST_TEST(rest.find("graded-score") != std::string::npos);
  // graded=2: the grade-1 rows are no longer positive, so the missing
  // document and query they named no longer matter.
  const Outcome graded = run(tmp, R"({"graded": 2, "line_breaks": "newline", "qrels_header": "auto"})");
  BOOST_TEST(problems_of(graded) ==
             problems({problem("unicode-separator-in-text", 1,
                               {example("corpus.jsonl", 1, "d1",
                                        "BEIR document 'd1' holds a raw U+2028 (LINE SEPARATOR) at character 2, which "
                                        "json.dumps writes raw and groundkit's load_judgments reads as a line "
                                        "break")},
                               "unicode_separators=escape")}));
}

// docs/behaviour/beir.md §18.2: every occurrence is counted, the first ten are shown.
BOOST_AUTO_TEST_CASE(examples_stop_at_ten_while_the_count_goes_on) {
  TempDir tmp;
  std::string qrels = good_qrels;
  for (int i = 0; i < 12; ++i) qrels += "q-1\tdoc-1\t" + std::to_string(2 + i) + "\n";
  std::string corpus = good_corpus;
  for (int i = 0; i < 13; ++i) corpus += good_corpus;
  write_sources(tmp, corpus, good_queries, qrels);
  const boost::json::array found =
      grk::json::read(problems_of(run(tmp))).value().as_array();
  BOOST_REQUIRE_EQUAL(found.size(), 2u);
  const boost::json::object& duplicates = found[0].as_object();
  BOOST_TEST(duplicates.at("kind").as_string() == "duplicate-document-id");
  BOOST_TEST(duplicates.at("count").as_int64() == 13);
  BOOST_REQUIRE_EQUAL(duplicates.at("examples").as_array().size(), 10u);
  for (std::size_t i = 0; i < 10; ++i) {
    BOOST_TEST(duplicates.at("examples").as_array()[i].at("line").as_int64() == static_cast<std::int64_t>(i + 2));
  }
  const boost::json::object& graded = found[1].as_object();
  BOOST_TEST(graded.at("kind").as_string() == "graded-score");
  BOOST_TEST(graded.at("count").as_int64() == 12);
  BOOST_REQUIRE_EQUAL(graded.at("examples").as_array().size(), 10u);
  BOOST_TEST(graded.at("examples").as_array()[9].at("line").as_int64() == 12);
}

// docs/behaviour/beir.md §18.1: validate writes nothing, with or without output_dir, and an
// output folder that adapt mode would refuse is not looked at.
BOOST_AUTO_TEST_CASE(validate_writes_nothing) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"<d>\", \"text\": \"x\"}\n", good_queries, good_qrels);
  write_file(tmp / "out/corpus/stale.txt", "stale");
  const auto before = beir_test::snapshot(tmp.path());
  const Outcome without = run(tmp);
  BOOST_TEST(without.error.empty());
  BOOST_TEST((beir_test::snapshot(tmp.path()) == before));
  const Outcome with = run(tmp, "{\"output_dir\": \"" + (tmp / "out").string() + "\"}");
  BOOST_TEST(with.result == without.result);
  BOOST_TEST((beir_test::snapshot(tmp.path()) == before));
  const Outcome absent = run(tmp, "{\"output_dir\": \"" + (tmp / "new/out").string() + "\"}");
  BOOST_TEST(absent.error.empty());
  BOOST_TEST(!fs::exists(tmp / "new"));
  BOOST_TEST((beir_test::snapshot(tmp.path()) == before));
}

// docs/behaviour/beir.md §18.1: the mode's values, and output_dir required in adapt mode.
BOOST_AUTO_TEST_CASE(mode_values_and_output_dir) {
  TempDir tmp;
  write_sources(tmp);
  const Outcome bad = run(tmp, R"({"mode": "check"})");
  BOOST_TEST(bad.error == "parameter 'mode': must be one of: adapt, validate; got 'check'");
  BOOST_TEST(static_cast<int>(bad.status) == static_cast<int>(grk::Status::invalid_argument));
  // The declared choices are checked before the component's own checks (a graded below 1).
  const Outcome both = run(tmp, R"({"mode": "check", "graded": 0})");
  BOOST_TEST(both.error == "parameter 'mode': must be one of: adapt, validate; got 'check'");
  BOOST_TEST(run(tmp, R"({"graded": 0})").error == "graded must be an integer >= 1 (the lowest positive grade), got 0");
  const Outcome no_output = run(tmp, "{}", false);
  BOOST_TEST(no_output.error ==
             "parameter 'output_dir': missing required parameter (only mode 'validate' runs without it)");
  BOOST_TEST(static_cast<int>(no_output.status) == static_cast<int>(grk::Status::invalid_argument));
  BOOST_TEST((beir_test::snapshot(tmp / "src").size() == 4u));
  BOOST_TEST(!fs::exists(tmp / "out"));
  // The default mode adapts as before.
  const Outcome adapted = run(tmp, "{\"output_dir\": \"" + (tmp / "out").string() + "\"}", false);
  BOOST_TEST(adapted.error.empty());
  BOOST_TEST(beir_test::read_file(tmp / "out/corpus/doc-1.txt") == "Title\n\nBody");
  // validate: the split is a parameter, refused as in adapt mode.
  const Outcome split = run(tmp, R"({"split": "../x"})");
  BOOST_TEST(split.error == "unsafe BEIR split '../x'; expected letters, digits, dot, underscore, or hyphen");
}

// The real subsets: the problem kinds and counts were computed independently
// with a short python3 script over the files in ../shared/beir-data/<name>:
// records split on "\n" and json.loads'ed; a line counts as
// line-break-inside-record when one of its str.splitlines() pieces does not
// json.loads; ids checked against ^[A-Za-z0-9][A-Za-z0-9._-]*$, the 255-byte
// limit with ".txt" and the Windows stems, in the corpus and in every qrels
// row; scores int()'ed, those outside {0, 1} counted as graded; the positive
// (score >= 1) pairs then checked against the corpus ids (missing documents,
// distinct), the query ids (missing queries, distinct), the kebab-case
// pattern ^[a-z0-9]+(-[a-z0-9]+)*$, and the quoted documents and queries for
// U+0085/U+2028/U+2029. dbpedia: 5,000 corpus ids + 3,709 qrels rows unsafe,
// 266 rows of grade 2, 40 judged query ids like INEX_LD-2010019. msmarco: 4
// lines cut by a raw U+0085 (the first at Python line 1816), no header, 1,804
// + 697 rows of grades 2 and 3, 2 quoted documents with a raw separator.
// arcd: 6 absent documents, then 635 absent queries.
BOOST_AUTO_TEST_CASE(real_subsets_show_their_quirks_at_once) {
  struct Expected {
    const char* name;
    const char* kinds;
    const char* counts;
  };
  const Expected cases[] = {
      {"dbpedia-entity-subset",
       "unsafe-document-id 8709 document_ids=encode; graded-score 266 graded=1; non-kebab-query-id 40 "
       "query_ids=encode; ",
       "{\"documents\":5000,\"queries\":50,\"qrels_rows\":3709,\"qrels_rows_by_grade\":{\"0\":2829,\"1\":614,"
       "\"2\":266},\"judged_queries\":40,\"relevance_pairs\":880,\"total_characters\":1776141}"},
      {"msmarco-trecdl2019-subset",
       "line-break-inside-record 4 line_breaks=newline; qrels-without-header 1 qrels_header=auto; graded-score 2501 "
       "graded=1; unicode-separator-in-text 2 unicode_separators=escape; ",
       "{\"documents\":5000,\"queries\":50,\"qrels_rows\":4102,\"qrels_rows_by_grade\":{\"1\":1601,\"2\":1804,"
       "\"3\":697},\"judged_queries\":43,\"relevance_pairs\":4102,\"total_characters\":1782709}"},
      {"arcd-subset", "missing-document 6 missing_documents=drop; missing-query 635 missing_queries=drop; ",
       "{\"documents\":255,\"queries\":50,\"qrels_rows\":702,\"qrels_rows_by_grade\":{\"1\":702},"
       "\"judged_queries\":49,\"relevance_pairs\":49,\"total_characters\":140861}"},
      {"scifact-fixture", "",
       "{\"documents\":26,\"queries\":3,\"qrels_rows\":1,\"qrels_rows_by_grade\":{\"1\":1},\"judged_queries\":1,"
       "\"relevance_pairs\":1,\"total_characters\":39692}"},
  };
  for (const Expected& e : cases) {
    const auto path = real_dataset(e.name);
    if (!path) {
      BOOST_TEST_MESSAGE("skipped: " << e.name << " is not in ../shared/beir-data");
      continue;
    }
    TempDir tmp;
    const Outcome outcome = run(tmp, "{\"source_dir\": \"" + path->string() + "\"}");
    const boost::json::object result = grk::json::read(outcome.result).value().as_object();
    std::string kinds;
    for (const auto& found : result.at("problems").as_array()) {
      kinds += std::string(found.at("kind").as_string()) + " " + std::to_string(found.at("count").as_int64()) + " " +
               std::string(found.at("resolved_by").as_string()) + "; ";
    }
    BOOST_TEST(kinds == e.kinds, e.name);
    BOOST_TEST(grk::json::write_compact(result.at("counts")) == e.counts, e.name);
    BOOST_TEST(result.at("valid").as_bool() == (std::string(e.kinds).empty()), e.name);
  }
  // The MS MARCO subset's first cut record is the one adapt mode refuses.
  if (const auto path = real_dataset("msmarco-trecdl2019-subset")) {
    TempDir tmp;
    const Outcome outcome = run(tmp, "{\"source_dir\": \"" + path->string() + "\"}");
    const boost::json::value first = grk::json::read(outcome.result).value().at("problems").at(0).at("examples").at(0);
    BOOST_TEST(grk::json::write_compact(first) ==
               example("corpus.jsonl", 1816, "",
                       "invalid JSON in " + path->string() + "/corpus.jsonl line 1816: Unterminated string starting at"));
  }
}

// The issue's command line: grk-eval run --component beir --set mode=validate
// --set source_dir=...; the step is ok and the result is written.
BOOST_AUTO_TEST_CASE(grk_eval_runs_validate_without_output_dir) {
  const char* binary_dir = std::getenv("GRK_BINARY_DIR");
  if (binary_dir == nullptr) {
    BOOST_TEST_MESSAGE("skipped: GRK_BINARY_DIR is not set");
    return;
  }
  TempDir tmp;
  write_sources(tmp, good_corpus, good_queries, "q-1\tdoc-1\t2\n");
  const std::string command = "cd '" + tmp.path().string() + "' && '" +
                              (fs::path(binary_dir) / "bin/grk-eval").string() +
                              "' run --component beir --set mode=validate --set source_dir=src --output r.json"
                              " > summary.txt 2>&1";
  BOOST_REQUIRE_EQUAL(std::system(command.c_str()), 0);
  const boost::json::object results = grk::json::read(beir_test::read_file(tmp / "r.json")).value().as_object();
  const boost::json::object& step = results.at("steps").as_array().at(0).as_object();
  BOOST_TEST(step.at("status").as_string() == "ok");
  BOOST_TEST(step.at("result").at("valid").as_bool() == false);
  const std::string summary = beir_test::read_file(tmp / "summary.txt");
  BOOST_TEST(summary.find("      beir validate: 2 problems (2 resolvable by opt-ins) in 1 document, 1 query and 1 "
                          "qrels row: qrels-without-header 1 (qrels_header=auto), graded-score 1 (graded=1)\n") !=
                 std::string::npos,
             summary);
  BOOST_TEST(!fs::exists(tmp / "out"));
}

// docs/behaviour/beir.md §18.6: with subsets=each, every subset validated as one dataset.
BOOST_AUTO_TEST_CASE(subsets_each_validates_every_subset) {
  TempDir tmp;
  write_file(tmp / "src/android/corpus.jsonl", good_corpus);
  write_file(tmp / "src/android/queries.jsonl", good_queries);
  write_file(tmp / "src/android/qrels/test.tsv", good_qrels);
  write_file(tmp / "src/gaming/corpus.jsonl", good_corpus);
  write_file(tmp / "src/gaming/queries.jsonl", good_queries);
  write_file(tmp / "src/gaming/qrels/test.tsv", header + "q-1\tdoc-1\t2\n");
  write_file(tmp / "src/notes/readme.txt", "not a dataset");
  const auto before = beir_test::snapshot(tmp.path());
  const Outcome outcome = run(tmp, R"({"subsets": "each"})");
  const std::string counts = ",\"counts\":{\"documents\":1,\"queries\":1,\"qrels_rows\":1,\"qrels_rows_by_grade\":{";
  const std::string tail = "},\"judged_queries\":1,\"relevance_pairs\":1,\"total_characters\":11}}";
  BOOST_TEST(outcome.result ==
             "{\"valid\":false,\"subsets\":[{\"name\":\"android\",\"valid\":true,\"problems\":[]" + counts + "\"1\":1" +
                 tail + ",{\"name\":\"gaming\",\"valid\":false,\"problems\":" +
                 problems({problem("graded-score", 1,
                                   {example("qrels/test.tsv", 2, "",
                                            "graded BEIR relevance score 2 at <T>/src/gaming/qrels/test.tsv line 2" +
                                                graded_tail)},
                                   "graded=1")}) +
                 counts + "\"2\":1" + tail + "],\"skipped\":[\"notes\"]}");
  BOOST_TEST(outcome.summary ==
             "beir validate: 2 subsets (android, gaming), 1 with problems; gaming: 1 problem (1 resolvable by opt-ins) "
             "in 1 document, 1 query and 1 qrels row: graded-score 1 (graded=1)");
  BOOST_TEST((beir_test::snapshot(tmp.path()) == before));
  // A dataset itself is refused as adapt mode refuses it.
  write_sources(tmp);
  const Outcome itself = run(tmp, R"({"subsets": "each"})");
  BOOST_TEST(itself.error == "subsets is 'each' but '<T>/src' holds corpus.jsonl itself: it is one BEIR dataset, not "
                             "a folder of them; adapt it with subsets 'refuse'");
}

// docs/behaviour/beir.md §18.3: document_ids=encode and query_ids=encode resolve the id
// kinds; two judged queries that become one judgment id are then a problem.
BOOST_AUTO_TEST_CASE(id_encodings_resolve_the_id_kinds) {
  TempDir tmp;
  write_sources(tmp,
                "{\"_id\": \"<d:1>\", \"text\": \"one\"}\n{\"_id\": \"D-2\", \"text\": \"two\"}\n"
                "{\"_id\": \"d-2\", \"text\": \"two\"}\n{\"_id\": \"CON\", \"text\": \"three\"}\n",
                "{\"_id\": \"Q_1\", \"text\": \"first\"}\n{\"_id\": \"q-1\", \"text\": \"second\"}\n"
                "{\"_id\": \"q 3\", \"text\": \"third\"}\n",
                header + "Q_1\t<d:1>\t1\nq-1\tD-2\t1\nq 3\tCON\t1\n");
  const std::string before = problems_of(run(tmp));
  for (const char* kind : {"unsafe-document-id", "reserved-document-id", "case-colliding-document-ids",
                           "unsafe-query-id", "non-kebab-query-id"}) {
    BOOST_TEST(before.find(std::string("\"kind\":\"") + kind + "\"") != std::string::npos, kind);
  }
  const Outcome documents = run(tmp, R"({"document_ids": "encode"})");
  BOOST_TEST(problems_of(documents).find("document") == std::string::npos);
  const Outcome both = run(tmp, R"({"document_ids": "encode", "query_ids": "encode"})");
  BOOST_TEST(problems_of(both) ==
             problems({problem("encoded-query-id-collision", 1,
                               {example("qrels/test.tsv", 3, "q-1",
                                        "BEIR query ids 'Q_1' and 'q-1' both become the judgment id 'q-1' under "
                                        "query_ids: encode; rename one of them before adapting. Nothing was "
                                        "written.")})}));
  // The adapt path refuses the same pair with the same message.
  try {
    grk::beir::AdaptationPolicies encode;
    encode.document_ids = grk::beir::IdPolicy::encode;
    encode.query_ids = grk::beir::IdPolicy::encode;
    grk::beir::adapt_beir_dataset(
        grk::beir::AdaptationRequest((tmp / "src").string(), (tmp / "out").string(), "test", encode));
    BOOST_ERROR("adapted");
  } catch (const grk::Error& error) {
    BOOST_TEST(std::string(error.what()) ==
               "BEIR query ids 'Q_1' and 'q-1' both become the judgment id 'q-1' under query_ids: encode; rename one "
               "of them before adapting. Nothing was written.");
  }
}

// The shipped DBPedia config's options leave no problem.
BOOST_AUTO_TEST_CASE(dbpedia_validates_with_its_config_options) {
  const auto path = real_dataset("dbpedia-entity-subset");
  if (!path) {
    BOOST_TEST_MESSAGE("skipped: dbpedia-entity-subset is not in ../shared/beir-data");
    return;
  }
  TempDir tmp;
  const Outcome outcome = run(tmp, "{\"source_dir\": \"" + path->string() +
                                       "\", \"document_ids\": \"encode\", \"query_ids\": \"encode\", \"graded\": 1}");
  BOOST_TEST(outcome.result.rfind("{\"valid\":true,\"problems\":[],", 0) == 0u, outcome.result);
}

// docs/behaviour/beir.md §18.1: grk-eval checks mode and output_dir before any step runs, as
// it checks a missing required parameter: a config mistake, exit 1, nothing written.
BOOST_AUTO_TEST_CASE(grk_eval_refuses_a_missing_output_dir_before_running) {
  const std::string grk_eval = quoted_grk_eval();
  if (grk_eval.empty()) return;
  TempDir tmp;
  write_sources(tmp);
  const auto run_host = [&](const std::string& sets) {
    const std::string command = "cd '" + tmp.path().string() + "' && " + grk_eval + " run --component beir " + sets +
                                " --output r.json > err.txt 2>&1";
    const int status = std::system(command.c_str());
    return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, beir_test::read_file(tmp / "err.txt"));
  };
  const auto [code, err] = run_host("--set source_dir=src");
  BOOST_TEST(code == 1);
  BOOST_TEST(err.find("--component beir [invalid-argument]: parameter 'output_dir': missing required parameter (only "
                      "mode 'validate' runs without it)") != std::string::npos,
             err);
  BOOST_TEST(!fs::exists(tmp / "r.json"));
  const auto [bad_code, bad_err] = run_host("--set source_dir=src --set mode=check --set output_dir=out");
  BOOST_TEST(bad_code == 1);
  BOOST_TEST(bad_err == "grk-eval run: --set mode: must be one of: adapt, validate; got 'check'\n", bad_err);
  BOOST_TEST(!fs::exists(tmp / "out"));
}

// docs/behaviour/beir.md §16: every string opt-in is declared with its values, so the host
// refuses a value outside them in any step before the first step runs (exit 1,
// nothing written), and `describe beir` lists them.
BOOST_AUTO_TEST_CASE(grk_eval_refuses_a_bad_opt_in_value_before_step_one_and_describe_lists_the_values) {
  const std::string grk_eval = quoted_grk_eval();
  if (grk_eval.empty()) return;
  TempDir tmp;
  write_sources(tmp);
  write_file(tmp / "run.json", R"({"steps": [
      {"id": "first", "adapter": "beir", "params": {"source_dir": "src", "output_dir": "one"}},
      {"id": "second", "adapter": "beir", "params": {"source_dir": "src", "output_dir": "two", "line_breaks": "lf",
       "missing_queries": "skip"}}]})");
  const std::string command =
      "cd '" + tmp.path().string() + "' && " + grk_eval + " run run.json > out.txt 2>&1";
  const int status = std::system(command.c_str());
  BOOST_TEST((WIFEXITED(status) ? WEXITSTATUS(status) : -1) == 1);
  BOOST_TEST(beir_test::read_file(tmp / "out.txt") ==
             "grk-eval run: run.json: steps[1].params.line_breaks: must be one of: python, newline; got 'lf'\n"
             "grk-eval run: run.json: steps[1].params.missing_queries: must be one of: refuse, drop; got 'skip'\n");
  BOOST_TEST(!fs::exists(tmp / "one"), "the first step did not run");
  BOOST_TEST(!fs::exists(tmp / "two"));
  BOOST_TEST(!fs::exists(tmp / "results.json"));

  const std::string describe = "cd '" + tmp.path().string() + "' && " + grk_eval + " describe beir --json > d.json";
  BOOST_REQUIRE(std::system(describe.c_str()) == 0);
  std::map<std::string, std::string> listed;  // name -> "default: choice, choice"
  const boost::json::value described = boost::json::parse(beir_test::read_file(tmp / "d.json"));
  for (const boost::json::value& param : described.at("params").as_array()) {
    const boost::json::object& spec = param.as_object();
    if (!spec.contains("choices")) continue;
    std::string text = std::string(spec.at("default").as_string()) + ":";
    for (const boost::json::value& choice : spec.at("choices").as_array()) text += " " + std::string(choice.as_string());
    listed[std::string(spec.at("name").as_string())] = text;
  }
  const std::map<std::string, std::string> expected = {
      {"line_breaks", "python: python newline"},     {"qrels_header", "required: required auto"},
      {"unicode_separators", "refuse: refuse escape"}, {"missing_documents", "refuse: refuse drop"},
      {"missing_queries", "refuse: refuse drop"},     {"identical_ids", "keep: keep exclude"},
      {"document_ids", "refuse: refuse encode"},      {"query_ids", "refuse: refuse encode"},
      {"subsets", "refuse: refuse each"},             {"mode", "adapt: adapt validate"},
  };
  BOOST_TEST((listed == expected));
  const std::string text = "cd '" + tmp.path().string() + "' && " + grk_eval + " describe beir > d.txt";
  BOOST_REQUIRE(std::system(text.c_str()) == 0);
  BOOST_TEST(beir_test::read_file(tmp / "d.txt").find("one of: refuse, drop\n") != std::string::npos);
}
