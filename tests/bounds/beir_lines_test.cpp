// BEIR files with hostile lines (docs/design.md §8.8): a corpus record longer
// than 64 MiB on one line is refused, not held whole (the 2 GB line,
// proved with the smallest file over the limit), and a qrels file of 10
// million columns is read in the memory of its first three.
#define BOOST_TEST_MODULE bounds_beir_lines
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>

#include <set>
#include <string>

#include "pipeline/adapt.hpp"
#include "hostile_files.hpp"
#include "read/qrels_reader.hpp"
#include "source/source_file.hpp"
#include "source/source_lines.hpp"

namespace {

namespace fs = std::filesystem;
constexpr std::size_t limit = std::size_t{64} << 20;

struct Outcome {
  grk::Status status = grk::Status::ok;
  std::string message;
};

// A BEIR folder whose corpus is written by the caller; the adaptation's refusal.
Outcome adapt_with_corpus(const grk_test::TempDir& dir, std::initializer_list<grk_test::Run> corpus) {
  const fs::path source = dir / "beir";
  grk_test::write_runs(source / "corpus.jsonl", corpus);
  grk_test::write_runs(source / "queries.jsonl", {{"{\"_id\": \"q1\", \"text\": \"y\"}\n"}});
  grk_test::write_runs(source / "qrels" / "test.tsv", {{"query-id\tcorpus-id\tscore\nq1\td1\t1\n"}});
  Outcome outcome;
  try {
    grk::beir::adapt_beir_dataset({source.string(), (dir / "out").string(), "test"});
    outcome.message = "(adapted)";
  } catch (const grk::Error& error) {
    outcome.status = error.status();
    outcome.message = error.what();
  }
  BOOST_TEST(!fs::exists(dir / "out"));
  return outcome;
}

const std::string record = "{\"_id\": \"d1\", \"text\": \"x\"}\n";

}  // namespace

BOOST_AUTO_TEST_CASE(the_limit_is_64_mib) { BOOST_TEST(grk::beir::max_line_bytes == limit); }

BOOST_AUTO_TEST_CASE(a_line_of_exactly_the_limit_is_read) {
  grk_test::TempDir dir;
  // Not JSON, so the JSON reader refuses it at its first byte: the line itself got through.
  const Outcome outcome = adapt_with_corpus(dir, {{record}, {"x", limit}, {"\n"}});
  BOOST_TEST(outcome.message ==
             "invalid JSON in " + (dir / "beir" / "corpus.jsonl").string() + " line 2: Expecting value");
}

BOOST_AUTO_TEST_CASE(a_line_one_byte_longer_is_refused_with_its_number) {
  grk_test::TempDir dir;
  const Outcome outcome = adapt_with_corpus(dir, {{record}, {"x", limit + 1}, {"\n"}, {record}});
  BOOST_TEST(static_cast<int>(outcome.status) == static_cast<int>(grk::Status::invalid_data));
  BOOST_TEST(outcome.message == "BEIR file '" + (dir / "beir" / "corpus.jsonl").string() +
                                    "' line 2 is longer than 64 MiB (67108864 bytes), the most one record may "
                                    "take; refused");
}

BOOST_AUTO_TEST_CASE(an_unterminated_last_line_over_the_limit_is_refused_too) {
  grk_test::TempDir dir;
  const Outcome outcome = adapt_with_corpus(dir, {{"x", limit + 1}});
  BOOST_TEST(outcome.message == "BEIR file '" + (dir / "beir" / "corpus.jsonl").string() +
                                    "' line 1 is longer than 64 MiB (67108864 bytes), the most one record may "
                                    "take; refused");
}

BOOST_AUTO_TEST_CASE(an_invalid_byte_after_the_long_line_still_outranks_it) {
  // Python decodes the whole file before splitting it (docs/behaviour/beir.md §2).
  grk_test::TempDir dir;
  const Outcome outcome = adapt_with_corpus(dir, {{"x", limit + 1}, {"\n\xff\n"}});
  BOOST_TEST(outcome.message == "BEIR file '" + (dir / "beir" / "corpus.jsonl").string() +
                                    "' is not valid UTF-8: 'utf-8' codec can't decode byte 0xff in position " +
                                    std::to_string(limit + 2) + ": invalid start byte");
}

BOOST_AUTO_TEST_CASE(a_qrels_line_over_the_limit_is_refused) {
  grk_test::TempDir dir;
  const fs::path file = dir / "test.tsv";
  grk_test::write_runs(file, {{"query-id\tcorpus-id\tscore\n"}, {"q1\td1\t1"}, {"\t0", limit / 2}, {"\n"}});
  const auto opened = grk::beir::open_source(file.string(), "qrels");
  BOOST_TEST_REQUIRE(opened.has_value());
  const auto qrels = grk::beir::read_qrels(*opened, file.string());
  BOOST_TEST_REQUIRE(!qrels.has_value());
  BOOST_TEST(qrels.error().message == "BEIR qrels '" + file.string() +
                                          "' line 2 is longer than 64 MiB (67108864 bytes), the most one row may "
                                          "take; refused");
}

BOOST_AUTO_TEST_CASE(a_qrels_file_of_10_million_columns_is_read) {
  // Columns past the third are ignored, as BEIR's loader ignores them.
  grk_test::TempDir dir;
  const fs::path file = dir / "test.tsv";
  constexpr std::size_t columns = 10000000;
  grk_test::write_runs(file, {{"query-id\tcorpus-id\tscore"}, {"\tx", columns - 3}, {"\n"},
                              {"q1\td1\t1"}, {"\t", columns - 3}, {"\n"},
                              {"q1\td2\t0"}, {"\ty", columns - 3}, {"\n"}});
  const auto opened = grk::beir::open_source(file.string(), "qrels");
  BOOST_TEST_REQUIRE(opened.has_value());
  const auto qrels = grk::beir::read_qrels(*opened, file.string());
  BOOST_TEST_REQUIRE(qrels.has_value());
  BOOST_TEST(qrels->positives.size() == 1u);
  BOOST_TEST((qrels->positives.at("q1") == std::set<std::string>{"d1"}));
}
