// The hints of the adapt path's refusals (docs/behaviour/beir.md §19): each refusal keeps
// its exact message and carries a hint naming the file and line, the character
// or value, and the opt-in that resolves it. Datasets built here, then the real
// subsets of ../shared/beir-data when present.
#define BOOST_TEST_MODULE beir_hints
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>
#include <grk/json/reader.hpp>

#include <cstdlib>
#include <string>

#include "pipeline/adapt.hpp"
#include "beir_test_support.hpp"
#include "pipeline/subsets.hpp"

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

struct Refusal {
  std::string message;
  std::string hint;
  grk::Status status = grk::Status::ok;
};

// Adapts <tmp>/src (or `source`) into <tmp>/out; the refusal, paths written <T>.
Refusal refusal(const TempDir& tmp, grk::beir::AdaptationPolicies policies = {}, const std::string& source = "") {
  const std::string from = source.empty() ? (tmp / "src").string() : source;
  try {
    grk::beir::adapt_beir_dataset(grk::beir::AdaptationRequest(from, (tmp / "out").string(), "test", policies));
  } catch (const grk::Error& error) {
    BOOST_TEST(!fs::exists(tmp / "out"));
    std::string message = replace_all(error.what(), tmp.path().string(), "<T>");
    if (!source.empty()) message = replace_all(message, source, "<DATA>");
    return Refusal{message, error.hint(), error.status()};
  }
  BOOST_ERROR("adapted; a refusal was expected");
  return {};
}


const std::string validate_tip = "; no opt-in accepts this; mode=validate lists every problem of the dataset at once";

}  // namespace

// The first case, on a dataset built here: a raw U+0085 that Python's
// splitlines breaks at, named with its position in the line.
BOOST_AUTO_TEST_CASE(a_raw_next_line_inside_a_record_names_the_character_and_line_breaks) {
  TempDir tmp;
  // Line 2 is cut after `{"_id": "d2", "text": "ab`: 25 characters.
  write_sources(tmp, good_corpus + "{\"_id\": \"d2\", \"text\": \"ab\xC2\x85" "cd\"}\n");
  const Refusal r = refusal(tmp);
  BOOST_TEST(r.message == "invalid JSON in <T>/src/corpus.jsonl line 2: Unterminated string starting at");
  BOOST_TEST(r.hint == "corpus.jsonl line 2: a raw U+0085 (NEXT LINE) at character 26 ends the line under Python's "
                       "splitlines(); set line_breaks=newline (and unicode_separators=escape) to keep it inside the "
                       "record");
  BOOST_TEST(static_cast<int>(r.status) == static_cast<int>(grk::Status::invalid_data));
  // A form feed: a control character, which json.dumps always escapes.
  write_sources(tmp, good_corpus, "{\"_id\": \"q-1\", \"text\": \"Wh\x0c" "at?\"}\n", good_qrels);
  BOOST_TEST(refusal(tmp).hint ==
             "queries.jsonl line 1: a raw U+000C (FORM FEED) at character 27 ends the line under Python's "
             "splitlines(); set line_breaks=newline to keep it inside the record");
}

// A line that starts after such a break and fails (its first piece parsed).
BOOST_AUTO_TEST_CASE(a_line_after_a_python_only_break_names_it) {
  TempDir tmp;
  write_sources(tmp, good_corpus + "{\"_id\": \"d2\", \"text\": \"x\"}\xE2\x80\xA8, \"extra\"}\n");
  const Refusal r = refusal(tmp);
  BOOST_TEST(r.message == "invalid JSON in <T>/src/corpus.jsonl line 3: Expecting value");
  BOOST_TEST(r.hint == "corpus.jsonl line 3: the line starts after a raw U+2028 (LINE SEPARATOR), which ends the "
                       "line before it under Python's splitlines(); set line_breaks=newline (and "
                       "unicode_separators=escape) to keep it inside the record");
}

BOOST_AUTO_TEST_CASE(ordinary_bad_json_says_no_opt_in_helps) {
  TempDir tmp;
  write_sources(tmp, good_corpus + "\n{not json\n");
  const Refusal r = refusal(tmp);
  BOOST_TEST(r.message ==
             "invalid JSON in <T>/src/corpus.jsonl line 3: Expecting property name enclosed in double quotes");
  BOOST_TEST(r.hint == "corpus.jsonl line 3" + validate_tip);
}

// The second case: the DBPedia refusal of an id names the file and the
// line it came from.
BOOST_AUTO_TEST_CASE(a_refused_document_id_names_its_file_line_and_character) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"<dbpedia:Der_bewegte_Mann>\", \"text\": \"x\"}\n" + good_corpus, good_queries,
                good_qrels + "q-1\t<dbpedia:Der_bewegte_Mann>\t0\n");
  const Refusal from_qrels = refusal(tmp);
  BOOST_TEST(from_qrels.message ==
             "unsafe BEIR document id '<dbpedia:Der_bewegte_Mann>'; expected letters, digits, dot, underscore, or "
             "hyphen");
  BOOST_TEST(from_qrels.hint ==
             "qrels/test.tsv line 3: the corpus-id '<dbpedia:Der_bewegte_Mann>' holds '<' (U+003C) at character 1, "
             "which cannot start an id (a letter or digit must); set document_ids=encode to give such ids safe file "
             "names");
  // The same id in the corpus only: the record's line.
  write_sources(tmp, good_corpus + "{\"_id\": \"doc:2\", \"text\": \"x\"}\n");
  const Refusal from_corpus = refusal(tmp);
  BOOST_TEST(from_corpus.message ==
             "unsafe BEIR document id 'doc:2'; expected letters, digits, dot, underscore, or hyphen");
  BOOST_TEST(from_corpus.hint ==
             "corpus.jsonl line 2 (record 2): the _id 'doc:2' holds ':' (U+003A) at character 4, which is not a "
             "letter, digit, dot, underscore or hyphen; set document_ids=encode to give such ids safe file names");
  write_sources(tmp, good_corpus + "{\"_id\": \"" + std::string(252, 'a') + "\", \"text\": \"x\"}\n");
  BOOST_TEST(refusal(tmp).hint == "corpus.jsonl line 2 (record 2): the _id '" + std::string(32, 'a') +
                                      "'... is 252 characters, 256 bytes with '.txt'; set document_ids=encode to give "
                                      "such ids safe file names");
  write_sources(tmp, "\n" + good_corpus + "{\"_id\": \"AUX\", \"text\": \"x\"}\n");
  BOOST_TEST(refusal(tmp).hint == "corpus.jsonl line 3 (record 2): the _id 'AUX' is a Windows device name; set "
                                  "document_ids=encode to give such ids safe file names");
  write_sources(tmp, good_corpus + "{\"_id\": \"..\", \"text\": \"x\"}\n");
  BOOST_TEST(refusal(tmp).hint == "corpus.jsonl line 2 (record 2): the _id '..' names a directory; set "
                                  "document_ids=encode to give such ids safe file names");
}

BOOST_AUTO_TEST_CASE(a_refused_query_id_names_query_ids_encode) {
  TempDir tmp;
  write_sources(tmp, good_corpus, good_queries, good_qrels + "q 2\tdoc-1\t1\n");
  const Refusal r = refusal(tmp);
  BOOST_TEST(r.message == "unsafe BEIR query id 'q 2'; expected letters, digits, dot, underscore, or hyphen");
  BOOST_TEST(r.hint == "qrels/test.tsv line 3: the query-id 'q 2' holds ' ' (U+0020) at character 2, which is not a "
                       "letter, digit, dot, underscore or hyphen; set query_ids=encode to map such ids to kebab-case "
                       "ids");
  write_sources(tmp, good_corpus, good_queries + "{\"_id\": \"q/3\", \"text\": \"x\"}\n");
  BOOST_TEST(refusal(tmp).hint == "queries.jsonl record 2: the _id 'q/3' holds '/' (U+002F) at character 2, which is "
                                  "not a letter, digit, dot, underscore or hyphen; set query_ids=encode to map such "
                                  "ids to kebab-case ids");
  write_sources(tmp, good_corpus, good_queries + "{\"_id\": \"MED-10\", \"text\": \"x\"}\n",
                good_qrels + "MED-10\tdoc-1\t0\nMED-10\tdoc-1\t1\n");
  const Refusal kebab = refusal(tmp);
  BOOST_TEST(kebab.message ==
             "BEIR query ids are not admissible as groundkit judgment ids: ['MED-10']. The harness requires "
             "kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map these ids before adapting, rather than "
             "writing a corpus the harness would reject on load.");
  BOOST_TEST(kebab.hint == "qrels/test.tsv line 4 judges the query 'MED-10', which is not kebab-case (1 such query); "
                           "set query_ids=encode to map such ids to kebab-case ids");
}

// The third case: the ARCD refusal of missing documents names the
// qrels file and the line of the first one listed.
BOOST_AUTO_TEST_CASE(missing_documents_name_the_qrels_line) {
  TempDir tmp;
  write_sources(tmp, good_corpus, good_queries + "{\"_id\": \"q-2\", \"text\": \"x\"}\n",
                good_qrels + "q-1\tdoc-9\t1\n\nq-2\tdoc-8\t0\nq-2\tdoc-8\t1\nq-1\tdoc-8\t1\n");
  const Refusal r = refusal(tmp);
  BOOST_TEST(r.message == "BEIR qrels reference missing documents: ['doc-8', 'doc-9']");
  BOOST_TEST(r.hint == "qrels/test.tsv line 5 names 'doc-8', which corpus.jsonl does not hold (2 absent documents in "
                       "3 positive pairs); set missing_documents=drop to drop those pairs (and the queries left "
                       "without one)");
  write_sources(tmp, good_corpus, good_queries, good_qrels + "q-7\tdoc-1\t1\n");
  const Refusal queries = refusal(tmp);
  BOOST_TEST(queries.message == "BEIR qrels reference missing queries: ['q-7']");
  BOOST_TEST(queries.hint == "qrels/test.tsv line 3 names the query 'q-7', which queries.jsonl does not hold (1 "
                             "absent query in 1 positive pair); set missing_queries=drop to drop those pairs");
  // Without a header (qrels_header=auto), the line numbers still match the file's.
  grk::beir::AdaptationPolicies automatic;
  automatic.qrels_header = grk::beir::QrelsHeader::automatic;
  write_sources(tmp, good_corpus, good_queries, "q-1\tdoc-1\t1\nq-1\tdoc-9\t1\n");
  BOOST_TEST(refusal(tmp, automatic).hint ==
             "qrels/test.tsv line 2 names 'doc-9', which corpus.jsonl does not hold (1 absent document in 1 positive "
             "pair); set missing_documents=drop to drop those pairs (and the queries left without one)");
}

BOOST_AUTO_TEST_CASE(qrels_header_and_grades_name_their_opt_ins) {
  TempDir tmp;
  write_sources(tmp, good_corpus, good_queries, "q-1\tdoc-1\t1\n");
  const Refusal headerless = refusal(tmp);
  BOOST_TEST(headerless.message == "unexpected or missing BEIR qrels header in <T>/src/qrels/test.tsv");
  BOOST_TEST(headerless.hint == "qrels/test.tsv line 1 is 'q-1\\tdoc-1\\t1', which reads as data: set "
                                "qrels_header=auto to read it as a row");
  write_sources(tmp, good_corpus, good_queries, "query-id\tcorpus-id\tscores\nq-1\tdoc-1\t1\n");
  BOOST_TEST(refusal(tmp).hint == "qrels/test.tsv line 1 is 'query-id\\tcorpus-id\\tscores'; the header must start "
                                  "with query-id, corpus-id and score, tab-separated");
  write_sources(tmp, good_corpus, good_queries, good_qrels + "q-1\tdoc-1\t2\n");
  const Refusal graded = refusal(tmp);
  BOOST_TEST(graded.message.rfind("graded BEIR relevance score 2 at <T>/src/qrels/test.tsv line 3: this adapter "
                                  "supports binary qrels only.",
                                  0) == 0);
  BOOST_TEST(graded.hint == "qrels/test.tsv line 3: score 2; set graded=1 to count every score >= 1 as relevant (or "
                            "graded=k for a higher threshold)");
  write_sources(tmp, good_corpus, good_queries, good_qrels + "q-1\tdoc-1\n");
  const Refusal short_row = refusal(tmp);
  BOOST_TEST(short_row.message == "invalid BEIR qrels row at <T>/src/qrels/test.tsv line 3");
  BOOST_TEST(short_row.hint == "qrels/test.tsv line 3 has 2 fields, not 3 tab-separated ones" + validate_tip);
  write_sources(tmp, good_corpus, good_queries, "");
  BOOST_TEST(refusal(tmp).hint == "qrels/test.tsv has no row" + validate_tip);
  write_sources(tmp, good_corpus, good_queries, header + "q-1\tdoc-1\t0\n");
  const Refusal none = refusal(tmp);
  BOOST_TEST(none.message == "BEIR qrels for split 'test' contain no positive relevance rows");
  BOOST_TEST(none.hint == "qrels/test.tsv has no row with a score >= 1" + validate_tip);
}

BOOST_AUTO_TEST_CASE(records_and_collisions_name_where_they_are) {
  TempDir tmp;
  write_sources(tmp, good_corpus + "{\"_id\": \"doc-2\", \"title\": 7}\n");
  const Refusal type = refusal(tmp);
  BOOST_TEST(type.message == "corpus row 2 field 'title' must be a string when present");
  BOOST_TEST(type.hint == "corpus.jsonl line 2 (record 2)" + validate_tip);
  write_sources(tmp, good_corpus + good_corpus);
  const Refusal duplicate = refusal(tmp);
  BOOST_TEST(duplicate.message == "duplicate BEIR document id 'doc-1'");
  BOOST_TEST(duplicate.hint == "corpus.jsonl record 2 repeats the _id 'doc-1'" + validate_tip);
  write_sources(tmp, good_corpus + "{\"_id\": \"DOC-1\", \"text\": \"x\"}\n");
  const Refusal collision = refusal(tmp);
  BOOST_TEST(collision.message.rfind("BEIR document ids collide when case is folded", 0) == 0);
  BOOST_TEST(collision.hint == "corpus.jsonl holds ['DOC-1', 'doc-1'] (1 group of ids equal when case is folded); "
                               "set document_ids=encode to give them distinct file names");
}

// docs/behaviour/beir.md §15.3 item 2: the separator the judgments cannot carry.
BOOST_AUTO_TEST_CASE(a_separator_in_a_quote_names_unicode_separators) {
  TempDir tmp;
  write_sources(tmp, "{\"_id\": \"doc-1\", \"title\": \"T\", \"text\": \"a\\u2029b\"}\n");
  const Refusal r = refusal(tmp);
  BOOST_TEST(r.message == "<T>/out/judgments.jsonl:1: invalid JSON: Unterminated string starting at: line 1 column "
                          "100 (char 99)");
  BOOST_TEST(r.hint == "corpus.jsonl: the quote of document 'doc-1' holds a raw U+2029 (PARAGRAPH SEPARATOR) at "
                       "character 5, which json.dumps writes raw and load_judgments reads as a line break; set "
                       "unicode_separators=escape to write such characters as \\uXXXX escapes in judgments.jsonl");
}

// The three real subsets the issue names: the same messages as before
// (real_datasets_test.cpp), now with hints. Positions computed with python3
// over the files: msmarco's corpus.jsonl.splitlines()[1815] is 301 characters
// long; dbpedia's qrels line 2 is the first row, naming
// <dbpedia:Ancient_Roman_architecture>; arcd's first positive row naming
// arcd-doc150 is non-empty line 452, and 18 positive rows name the 6 absent
// documents.
BOOST_AUTO_TEST_CASE(real_subsets_refuse_with_hints) {
  struct Expected {
    const char* name;
    const char* message;
    const char* hint;
  };
  const Expected cases[] = {
      {"msmarco-trecdl2019-subset", "invalid JSON in <DATA>/corpus.jsonl line 1816: Unterminated string starting at",
       "corpus.jsonl line 1816: a raw U+0085 (NEXT LINE) at character 302 ends the line under Python's "
       "splitlines(); set line_breaks=newline (and unicode_separators=escape) to keep it inside the record"},
      {"dbpedia-entity-subset",
       "unsafe BEIR document id '<dbpedia:Ancient_Roman_architecture>'; expected letters, digits, dot, underscore, "
       "or hyphen",
       "qrels/test.tsv line 2: the corpus-id '<dbpedia:Ancient_Roman_architecture>' holds '<' (U+003C) at character "
       "1, which cannot start an id (a letter or digit must); set document_ids=encode to give such ids safe file "
       "names"},
      {"arcd-subset",
       "BEIR qrels reference missing documents: ['arcd-doc150', 'arcd-doc183', 'arcd-doc222', 'arcd-doc224', "
       "'arcd-doc4', 'arcd-doc87']",
       "qrels/test.tsv line 452 names 'arcd-doc150', which corpus.jsonl does not hold (6 absent documents in 18 "
       "positive pairs); set missing_documents=drop to drop those pairs (and the queries left without one)"},
  };
  for (const Expected& e : cases) {
    const auto path = real_dataset(e.name);
    if (!path) {
      BOOST_TEST_MESSAGE("skipped: " << e.name << " is not in ../shared/beir-data");
      continue;
    }
    TempDir tmp;
    const Refusal r = refusal(tmp, {}, path->string());
    BOOST_TEST(r.message == e.message, e.name);
    BOOST_TEST(r.hint == e.hint, e.name);
  }
}

// The hint reaches the user: grk-eval prints it under the FAILED line and
// records it in the step's error object, after the unchanged message.
BOOST_AUTO_TEST_CASE(grk_eval_prints_and_records_the_hint) {
  const char* binary_dir = std::getenv("GRK_BINARY_DIR");
  if (binary_dir == nullptr) {
    BOOST_TEST_MESSAGE("skipped: GRK_BINARY_DIR is not set");
    return;
  }
  TempDir tmp;
  write_sources(tmp, good_corpus, good_queries, good_qrels + "q-1\tdoc-1\t3\n");
  const std::string command = "cd '" + tmp.path().string() + "' && '" +
                              (fs::path(binary_dir) / "bin/grk-eval").string() +
                              "' run --component beir --set source_dir=src --set output_dir=out --output r.json"
                              " > summary.txt 2>&1";
  BOOST_TEST(std::system(command.c_str()) != 0);
  const boost::json::object results = grk::json::read(beir_test::read_file(tmp / "r.json")).value().as_object();
  const boost::json::object& error = results.at("steps").as_array().at(0).at("error").as_object();
  const std::string hint = "qrels/test.tsv line 3: score 3; set graded=1 to count every score >= 1 as relevant (or "
                           "graded=k for a higher threshold)";
  BOOST_TEST(error.at("hint").as_string() == hint);
  BOOST_TEST(std::string(error.at("message").as_string()).find("graded BEIR relevance score 3 at ") == 0u);
  BOOST_TEST(beir_test::read_file(tmp / "summary.txt").find("\n      hint: " + hint + "\n") != std::string::npos);
}

// docs/behaviour/beir.md §17: a subset's refusal keeps its hint, files named inside the subset.
BOOST_AUTO_TEST_CASE(a_subsets_refusal_keeps_its_hint) {
  TempDir tmp;
  write_file(tmp / "src/android/corpus.jsonl", good_corpus);
  write_file(tmp / "src/android/queries.jsonl", good_queries);
  write_file(tmp / "src/android/qrels/test.tsv", good_qrels + "q-1\tdoc-1\t2\n");
  grk::beir::AdaptationPolicies each;
  each.subsets = grk::beir::SubsetsPolicy::each;
  try {
    grk::beir::adapt_subsets(grk::beir::AdaptationRequest((tmp / "src").string(), (tmp / "out").string(), "test", each));
    BOOST_ERROR("adapted; a refusal was expected");
  } catch (const grk::Error& error) {
    BOOST_TEST(std::string(error.what()).rfind("subset 'android': graded BEIR relevance score 2 at ", 0) == 0u);
    BOOST_TEST(error.hint() == "qrels/test.tsv line 3: score 2; set graded=1 to count every score >= 1 as relevant "
                               "(or graded=k for a higher threshold)");
  }
  BOOST_TEST(!fs::exists(tmp / "out"));
}

// With document_ids=encode the id is not refused, so the hint names what is.
BOOST_AUTO_TEST_CASE(a_hint_follows_the_checks_the_encodings_leave) {
  TempDir tmp;
  write_sources(tmp, good_corpus + "{\"_id\": \"<d:2>\", \"text\": \"x\"}\n", good_queries,
                good_qrels + "q-1\t<d:2>\t2\n");
  grk::beir::AdaptationPolicies encode;
  encode.document_ids = grk::beir::IdPolicy::encode;
  const Refusal r = refusal(tmp, encode);
  BOOST_TEST(r.message.rfind("graded BEIR relevance score 2 at <T>/src/qrels/test.tsv line 3: ", 0) == 0u);
  BOOST_TEST(r.hint == "qrels/test.tsv line 3: score 2; set graded=1 to count every score >= 1 as relevant (or "
                       "graded=k for a higher threshold)");
}
