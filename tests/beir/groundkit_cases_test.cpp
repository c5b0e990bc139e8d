// The 36 cases of groundkit's tests/test_beir_dataset.py (docs/behaviour/beir.md §14), each
// with its exact message, status and the files on disk before and after.
#define BOOST_TEST_MODULE beir_groundkit_cases
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <grk/error.hpp>
#include <grk/groundkit/judgments/load_judgments.hpp>

#include <optional>
#include <string>

#include "pipeline/adapt.hpp"
#include "beir_test_support.hpp"
#include "rules/output_checks.hpp"

namespace {

namespace fs = std::filesystem;
using beir_test::read_file;
using beir_test::snapshot;
using beir_test::TempDir;
using beir_test::write_file;

struct Outcome {
  std::optional<grk::beir::AdaptationReport> report;
  grk::Status status = grk::Status::ok;
  std::string message;
};

Outcome adapt(const fs::path& source, const fs::path& output, const std::string& split = "test") {
  Outcome outcome;
  try {
    outcome.report = grk::beir::adapt_beir_dataset({source.string(), output.string(), split});
  } catch (const grk::Error& error) {
    outcome.status = error.status();
    outcome.message = error.what();
  }
  return outcome;
}

// The test file's _write_beir fixture (docs/behaviour/beir.md §14).
void write_beir(const fs::path& root, const std::string& document_id = "doc-1") {
  write_file(root / "corpus.jsonl", "{\"_id\": \"" + document_id + "\", \"title\": \"Title\", \"text\": \"Body\"}\n");
  write_file(root / "queries.jsonl", "{\"_id\": \"q-1\", \"text\": \"What is in the body?\"}\n");
  write_file(root / "qrels" / "test.tsv", "query-id\tcorpus-id\tscore\nq-1\t" + document_id + "\t1\n");
}

// A refusal: its message and status, and an output folder left as it was.
void expect_refusal(const fs::path& source, const fs::path& output, grk::Status status, const std::string& message,
                    const std::string& split = "test") {
  const auto before = snapshot(output);
  const Outcome outcome = adapt(source, output, split);
  BOOST_TEST(!outcome.report.has_value());
  BOOST_TEST(outcome.message == message);
  BOOST_TEST(static_cast<int>(outcome.status) == static_cast<int>(status));
  BOOST_TEST((snapshot(output) == before));
}

struct Fixture {
  TempDir tmp;
  fs::path src = tmp / "beir";
  fs::path out = tmp / "adapted";
  std::string src_s = src.string();
  std::string out_s = out.string();
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(groundkit_test_beir_dataset, Fixture)

BOOST_AUTO_TEST_CASE(c01_preserves_document_level_qrel_as_whole_document_quote) {
  write_beir(src);
  const Outcome outcome = adapt(src, out);
  BOOST_REQUIRE(outcome.report.has_value());
  const auto& r = *outcome.report;
  BOOST_TEST(r.source_dir == src_s);
  BOOST_TEST(r.output_dir == out_s);
  BOOST_TEST(r.split == "test");
  BOOST_TEST(r.document_count == 1u);
  BOOST_TEST(r.query_count == 1u);
  BOOST_TEST(r.relevance_pair_count == 1u);
  BOOST_TEST(r.total_characters == 11u);
  BOOST_TEST(r.corpus_dir == out_s + "/corpus");
  BOOST_TEST(r.judgments_path == out_s + "/judgments.jsonl");
  const std::map<std::string, std::string> expected{
      {"corpus", "dir"},
      {"corpus/doc-1.txt", "file:Title\n\nBody"},
      {"judgments.jsonl",
       "file:{\"query_id\": \"q-1\", \"query\": \"What is in the body?\", \"category\": \"normal\", \"gold\": "
       "[{\"doc\": \"doc-1.txt\", \"quote\": \"Title\\n\\nBody\"}]}\n"}};
  BOOST_TEST((snapshot(out) == expected));
  const auto judgments = grk::judgments::load_judgments(r.judgments_path).value();
  BOOST_REQUIRE_EQUAL(judgments.size(), 1u);
  BOOST_TEST(judgments[0].gold[0].doc == "doc-1.txt");
  BOOST_TEST(judgments[0].gold[0].quote == "Title\n\nBody");
}

BOOST_AUTO_TEST_CASE(c02_ignores_zero_relevance_rows) {
  write_beir(src);
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-1\tdoc-1\t0\n");
  expect_refusal(src, out, grk::Status::invalid_data, "BEIR qrels for split 'test' contain no positive relevance rows");
  BOOST_TEST(!fs::exists(out));
}

BOOST_AUTO_TEST_CASE(c03_rejects_path_like_document_ids) {
  write_beir(src, "../escape");
  expect_refusal(src, out, grk::Status::invalid_data,
                 "unsafe BEIR document id '../escape'; expected letters, digits, dot, underscore, or hyphen");
  BOOST_TEST(!fs::exists(tmp / "escape.txt"));
}

BOOST_AUTO_TEST_CASE(c04_rejects_a_path_shaped_split) {
  write_beir(src);
  expect_refusal(src, out, grk::Status::invalid_argument,
                 "unsafe BEIR split '../../etc/passwd'; expected letters, digits, dot, underscore, or hyphen",
                 "../../etc/passwd");
}

BOOST_AUTO_TEST_CASE(c05_query_ids_the_harness_would_reject_fail_before_anything_is_written) {
  write_beir(src);
  write_file(src / "queries.jsonl", "{\"_id\": \"MED-10\", \"text\": \"What is in the body?\"}\n");
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nMED-10\tdoc-1\t1\n");
  expect_refusal(src, out, grk::Status::invalid_data,
                 "BEIR query ids are not admissible as groundkit judgment ids: ['MED-10']. The harness requires "
                 "kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map these ids before adapting, rather "
                 "than writing a corpus the harness would reject on load.");
  BOOST_TEST(!fs::exists(out / "corpus"));
  BOOST_TEST(!fs::exists(out / "judgments.jsonl"));
}

BOOST_AUTO_TEST_CASE(c06_refuses_to_write_into_a_populated_corpus_dir) {
  write_beir(src);
  BOOST_REQUIRE(adapt(src, out).report.has_value());
  write_file(out / "corpus/left-over-from-another-dataset.txt", "stale");
  expect_refusal(src, out, grk::Status::failed_precondition,
                 "BEIR output corpus directory '" + out_s +
                     "/corpus' already contains 2 entries (e.g. ['doc-1.txt', "
                     "'left-over-from-another-dataset.txt']). Adapting into it would mix two datasets in one corpus "
                     "and score stale documents against judgments that never referenced them. Remove the directory "
                     "and re-run.");
  BOOST_TEST(read_file(out / "corpus/left-over-from-another-dataset.txt") == "stale");
}

BOOST_AUTO_TEST_CASE(c07_missing_source_files_are_reported_as_eval_errors) {
  const std::string corpus = (tmp / "absent/corpus.jsonl").string();
  expect_refusal(tmp / "absent", out, grk::Status::not_found,
                 "cannot read BEIR file '" + corpus + "': [Errno 2] No such file or directory: '" + corpus + "'");
}

// A FIFO where a file is read is refused, not waited on: the descriptor
// read is the one judged (no reference: Python's open() would block).
BOOST_AUTO_TEST_CASE(a_fifo_source_file_is_refused_without_waiting) {
  write_beir(src);
  std::filesystem::remove(src / "corpus.jsonl");
  BOOST_REQUIRE(::mkfifo((src / "corpus.jsonl").c_str(), 0600) == 0);
  expect_refusal(src, out, grk::Status::invalid_data,
                 "cannot read BEIR file '" + src_s + "/corpus.jsonl': a FIFO, not a regular file");
}

BOOST_AUTO_TEST_CASE(c08_malformed_jsonl_line_names_the_file_and_line) {
  write_beir(src);
  write_file(src / "corpus.jsonl", "{not json\n");
  expect_refusal(src, out, grk::Status::invalid_data,
                 "invalid JSON in " + src_s + "/corpus.jsonl line 1: Expecting property name enclosed in double quotes");
}

BOOST_AUTO_TEST_CASE(c09_a_jsonl_row_that_is_not_an_object_is_refused) {
  write_beir(src);
  write_file(src / "corpus.jsonl", "[\"a list, not an object\"]\n");
  expect_refusal(src, out, grk::Status::invalid_data, src_s + "/corpus.jsonl line 1 must be a JSON object");
}

BOOST_AUTO_TEST_CASE(c10_a_row_missing_its_id_is_refused) {
  write_beir(src);
  write_file(src / "corpus.jsonl", "{\"title\": \"Title\", \"text\": \"Body\"}\n");
  expect_refusal(src, out, grk::Status::invalid_data, "corpus row 1 requires non-empty string field '_id'");
}

BOOST_AUTO_TEST_CASE(c11_a_non_string_title_is_refused_rather_than_coerced) {
  write_beir(src);
  write_file(src / "corpus.jsonl", "{\"_id\": \"doc-1\", \"title\": 7, \"text\": \"Body\"}\n");
  expect_refusal(src, out, grk::Status::invalid_data, "corpus row 1 field 'title' must be a string when present");
}

BOOST_AUTO_TEST_CASE(c12_a_document_with_neither_title_nor_text_is_refused) {
  write_beir(src);
  write_file(src / "corpus.jsonl", "{\"_id\": \"doc-1\", \"title\": \"  \", \"text\": \"  \"}\n");
  expect_refusal(src, out, grk::Status::invalid_data, "BEIR document 'doc-1' has no title or text");
}

BOOST_AUTO_TEST_CASE(c13_duplicate_document_ids_are_refused) {
  write_beir(src);
  const std::string row = "{\"_id\": \"doc-1\", \"title\": \"Title\", \"text\": \"Body\"}\n";
  write_file(src / "corpus.jsonl", row + row);
  expect_refusal(src, out, grk::Status::invalid_data, "duplicate BEIR document id 'doc-1'");
}

BOOST_AUTO_TEST_CASE(c14_an_empty_query_is_refused) {
  write_beir(src);
  write_file(src / "queries.jsonl", "{\"_id\": \"q-1\", \"text\": \"   \"}\n");
  expect_refusal(src, out, grk::Status::invalid_data, "BEIR query 'q-1' is empty");
}

BOOST_AUTO_TEST_CASE(c15_qrels_naming_an_absent_document_are_refused) {
  write_beir(src);
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-1\tdoc-absent\t1\n");
  expect_refusal(src, out, grk::Status::invalid_data, "BEIR qrels reference missing documents: ['doc-absent']");
}

BOOST_AUTO_TEST_CASE(c16_a_wrong_qrels_header_is_refused) {
  write_beir(src);
  write_file(src / "qrels/test.tsv", "a\tb\tc\nq-1\tdoc-1\t1\n");
  expect_refusal(src, out, grk::Status::invalid_data, "unexpected or missing BEIR qrels header in " + src_s + "/qrels/test.tsv");
}

BOOST_AUTO_TEST_CASE(c17_a_short_qrels_row_is_refused) {
  write_beir(src);
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-1\tdoc-1\n");
  expect_refusal(src, out, grk::Status::invalid_data, "invalid BEIR qrels row at " + src_s + "/qrels/test.tsv line 2");
}

BOOST_AUTO_TEST_CASE(c18_a_non_integer_relevance_score_is_refused) {
  write_beir(src);
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-1\tdoc-1\tvery\n");
  expect_refusal(src, out, grk::Status::invalid_data,
                 "invalid integer relevance score 'very' at " + src_s + "/qrels/test.tsv line 2");
}

BOOST_AUTO_TEST_CASE(c19_invalid_utf8_in_a_jsonl_file_is_an_eval_error_not_a_traceback) {
  for (const std::string name : {"corpus.jsonl", "queries.jsonl"}) {
    write_beir(src);
    write_file(src / name, "{\"_id\": \"\xff\xfe not utf-8\"}\n");
    expect_refusal(src, out, grk::Status::invalid_data,
                   "BEIR file '" + src_s + "/" + name +
                       "' is not valid UTF-8: 'utf-8' codec can't decode byte 0xff in position 9: invalid start byte");
  }
}

BOOST_AUTO_TEST_CASE(c20_invalid_utf8_in_the_qrels_is_an_eval_error_not_a_traceback) {
  write_beir(src);
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\n\xff\xfe\t1\t1\n");
  expect_refusal(src, out, grk::Status::invalid_data,
                 "BEIR qrels '" + src_s +
                     "/qrels/test.tsv' are not valid UTF-8: 'utf-8' codec can't decode byte 0xff in position 25: "
                     "invalid start byte");
}

BOOST_AUTO_TEST_CASE(c21_document_ids_colliding_only_by_case_are_refused) {
  write_beir(src);
  write_file(src / "corpus.jsonl",
             "{\"_id\": \"doc-1\", \"title\": \"Title\", \"text\": \"Body\"}\n"
             "{\"_id\": \"DOC-1\", \"title\": \"Title\", \"text\": \"Body\"}\n");
  expect_refusal(src, out, grk::Status::invalid_data,
                 "BEIR document ids collide when case is folded, so they would share one file on a case-insensitive "
                 "filesystem: [['DOC-1', 'doc-1']]. Each would overwrite the other while the judgments still "
                 "reference both, leaving quotes resolved against the wrong document. Rename or map these ids "
                 "before adapting.");
  BOOST_TEST(!fs::exists(out / "corpus"));
}

BOOST_AUTO_TEST_CASE(c22_windows_reserved_device_names_are_refused) {
  for (const std::string name : {"CON", "nul", "COM1", "LPT9", "aux"}) {
    write_beir(src, name);
    expect_refusal(src, out, grk::Status::invalid_data,
                   "BEIR document id '" + name +
                       "' is a reserved Windows device name; it cannot be a file there, and on some builds the write "
                       "silently succeeds while discarding the content. Rename or map this id before adapting.");
  }
}

BOOST_AUTO_TEST_CASE(c23_a_document_id_merely_starting_with_a_device_name_is_allowed) {
  write_beir(src, "CONTEXT");
  BOOST_TEST(adapt(src, out).report.has_value());
  BOOST_TEST(read_file(out / "corpus/CONTEXT.txt") == "Title\n\nBody");
}

BOOST_AUTO_TEST_CASE(c24_graded_qrels_are_refused_rather_than_flattened) {
  for (const std::string score : {"2", "3", "-1"}) {
    write_beir(src);
    write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-1\tdoc-1\t" + score + "\n");
    expect_refusal(src, out, grk::Status::invalid_data,
                   "graded BEIR relevance score " + score + " at " + src_s +
                       "/qrels/test.tsv line 2: this adapter supports binary qrels only. groundkit judgments carry "
                       "no relevance grade, so every positive grade would collapse to the same membership and the "
                       "adapted set would report binary nDCG against a collection whose published numbers are "
                       "graded. Use a binary collection (SciFact, NFCorpus's binary splits) or add graded relevance "
                       "to the harness first.");
    BOOST_TEST(!fs::exists(out / "corpus"));
  }
}

BOOST_AUTO_TEST_CASE(c25_binary_qrels_still_adapt) {
  write_beir(src);
  write_file(src / "corpus.jsonl",
             "{\"_id\": \"doc-1\", \"title\": \"Title\", \"text\": \"Body\"}\n{\"_id\": \"doc-2\", \"text\": \"Other\"}\n");
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-1\tdoc-1\t1\nq-1\tdoc-2\t0\n");
  const Outcome outcome = adapt(src, out);
  BOOST_REQUIRE(outcome.report.has_value());
  BOOST_TEST(outcome.report->relevance_pair_count == 1u);
  BOOST_TEST(outcome.report->document_count == 2u);
  BOOST_TEST(read_file(out / "corpus/doc-2.txt") == "Other");
}

BOOST_AUTO_TEST_CASE(c26_a_symlinked_corpus_directory_is_refused) {
  write_beir(src);
  fs::create_directories(tmp / "elsewhere");
  fs::create_directories(out);
  fs::create_directory_symlink(tmp / "elsewhere", out / "corpus");
  expect_refusal(src, out, grk::Status::failed_precondition,
                 "BEIR output corpus path '" + out_s +
                     "/corpus' is a symbolic link; refused rather than followed, because documents written through "
                     "it would land outside the output directory you named. Remove the link and re-run.");
  BOOST_TEST(fs::is_empty(tmp / "elsewhere"));
}

BOOST_AUTO_TEST_CASE(c27_a_symlinked_judgments_path_is_refused_before_the_corpus_is_written) {
  write_beir(src);
  fs::create_directories(tmp / "elsewhere");
  fs::create_directories(out);
  fs::create_symlink(tmp / "elsewhere/judgments.jsonl", out / "judgments.jsonl");
  expect_refusal(src, out, grk::Status::failed_precondition,
                 "BEIR judgments path '" + out_s +
                     "/judgments.jsonl' is a symbolic link; refused rather than followed, because it can point "
                     "outside the output directory you named. Remove the link and re-run.");
  BOOST_TEST(!fs::exists(out / "corpus"));
  BOOST_TEST(fs::is_empty(tmp / "elsewhere"));
}

// The Python test patches ensure_within_base to fail; the adapter cannot reach
// that failure through the file system (the output path is resolved first and
// judgments.jsonl may not be a link), so the rule is exercised directly.
BOOST_AUTO_TEST_CASE(c28_a_containment_failure_is_an_eval_error_not_a_bare_value_error) {
  fs::create_directories(out);
  fs::create_directories(tmp / "outside");
  fs::create_directory_symlink(tmp / "outside", out / "link");
  BOOST_TEST(!grk::beir::contained_realpath((out / "link/judgments.jsonl").string(), out_s).has_value());
  BOOST_TEST(!grk::beir::contained_realpath(out_s + "/../outside/x", out_s).has_value());
  BOOST_TEST(!grk::beir::contained_realpath(out_s + "-sibling/x", out_s).has_value());
  BOOST_TEST(*grk::beir::contained_realpath(out_s + "/./corpus/../judgments.jsonl", out_s) == out_s + "/judgments.jsonl");
  const grk::Expected<std::string> refused =
      grk::beir::require_contained((out / "link/judgments.jsonl").string(), out_s, "judgments");
  BOOST_REQUIRE(!refused.has_value());
  BOOST_TEST(refused.error().message == "BEIR judgments path '" + out_s +
                                            "/link/judgments.jsonl' resolves outside the output directory '" + out_s +
                                            "'; refused. Nothing was written.");
  BOOST_TEST(static_cast<int>(refused.error().status) == static_cast<int>(grk::Status::failed_precondition));
}

BOOST_AUTO_TEST_CASE(c29_a_reserved_device_name_is_allowed_as_a_query_id) {
  write_beir(src);
  write_file(src / "queries.jsonl", "{\"_id\": \"con\", \"text\": \"What is in the body?\"}\n");
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\ncon\tdoc-1\t1\n");
  const Outcome outcome = adapt(src, out);
  BOOST_REQUIRE(outcome.report.has_value());
  BOOST_TEST(outcome.report->query_count == 1u);
  BOOST_TEST(grk::judgments::load_judgments(outcome.report->judgments_path).value()[0].query_id == "con");
}

BOOST_AUTO_TEST_CASE(c30_a_document_id_too_long_for_a_filename_is_refused) {
  write_beir(src, std::string(252, 'a'));
  expect_refusal(src, out, grk::Status::invalid_data,
                 "BEIR document id '" + std::string(32, 'a') +
                     "'... is 252 characters; with '.txt' that is 256 bytes, past the 255-byte filename limit every "
                     "common filesystem enforces. Refused here rather than at the write, which would fail partway "
                     "through an otherwise-valid corpus.");
  BOOST_TEST(!fs::exists(out / "corpus"));
}

BOOST_AUTO_TEST_CASE(c31_a_document_id_that_just_fits_is_accepted) {
  write_beir(src, std::string(251, 'a'));
  const Outcome outcome = adapt(src, out);
  BOOST_REQUIRE(outcome.report.has_value());
  BOOST_TEST(outcome.report->document_count == 1u);
  BOOST_TEST(fs::is_regular_file(out / "corpus" / (std::string(251, 'a') + ".txt")));
}

BOOST_AUTO_TEST_CASE(c32_a_long_query_id_is_not_refused) {
  write_beir(src);
  const std::string id = "q-" + std::string(300, 'a');
  write_file(src / "queries.jsonl", "{\"_id\": \"" + id + "\", \"text\": \"What is in the body?\"}\n");
  write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\n" + id + "\tdoc-1\t1\n");
  const Outcome outcome = adapt(src, out);
  BOOST_REQUIRE(outcome.report.has_value());
  BOOST_TEST(outcome.report->query_count == 1u);
}

BOOST_AUTO_TEST_CASE(c33_a_corpus_path_that_is_a_regular_file_is_refused) {
  write_beir(src);
  write_file(out / "corpus", "not a directory");
  expect_refusal(src, out, grk::Status::failed_precondition,
                 "BEIR output corpus path '" + out_s +
                     "/corpus' exists but is not a directory. Remove it, or choose an output directory that does not "
                     "already hold a file by that name.");
}

BOOST_AUTO_TEST_CASE(c34_an_output_path_that_is_a_regular_file_is_refused) {
  write_beir(src);
  write_file(out, "not a directory");
  expect_refusal(src, out, grk::Status::failed_precondition,
                 "BEIR output path '" + out_s +
                     "' exists but is not a directory. Remove it, or choose a path that does not already hold a file "
                     "by that name.");
}

BOOST_AUTO_TEST_CASE(c35_an_absent_output_path_is_still_created) {
  write_beir(src);
  const Outcome outcome = adapt(src, tmp / "nested/adapted");
  BOOST_REQUIRE(outcome.report.has_value());
  BOOST_TEST(outcome.report->document_count == 1u);
  BOOST_TEST(read_file(tmp / "nested/adapted/corpus/doc-1.txt") == "Title\n\nBody");
  BOOST_TEST(snapshot(tmp / "nested").size() == 4u);  // adapted, corpus, doc-1.txt, judgments.jsonl
}

BOOST_AUTO_TEST_CASE(c36_a_judgments_path_that_is_a_directory_is_refused_before_any_write) {
  write_beir(src);
  fs::create_directories(out / "judgments.jsonl");
  expect_refusal(src, out, grk::Status::failed_precondition,
                 "BEIR judgments path '" + out_s +
                     "/judgments.jsonl' exists but is not a regular file. Remove it, or choose an output directory "
                     "that does not already hold a directory by that name.");
  BOOST_TEST(!fs::exists(out / "corpus"));
}

BOOST_AUTO_TEST_SUITE_END()
