// The run and qrels readers: what they accept, and every refusal with its
// exact message (docs/behaviour/trec-eval.md §2).
#define BOOST_TEST_MODULE measures_readers
#include <boost/test/unit_test.hpp>

#include "measures_test_support.hpp"

namespace gm = grk::measures;
namespace mt = grk::measures::testing;

namespace {

std::string run_error(const std::string& text) {
  auto run = gm::parse_run(std::make_shared<const std::string>(text), "sys.run");
  return run ? std::string("ok") : run.error().message;
}

std::string qrels_error(const std::string& text, gm::QrelsFormat format = gm::QrelsFormat::automatic) {
  auto qrels = gm::parse_qrels(std::make_shared<const std::string>(text), "qrels.txt", format);
  return qrels ? std::string("ok") : qrels.error().message;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_run_is_grouped_by_query_in_byte_order) {
  auto run = gm::parse_run(std::make_shared<const std::string>(
                               "# a comment\nq2 Q0 a 1 1.5e+01 first\n\n q1\tQ0\tb 7 -3.94 mid\r\nq2 Q0 c 2 12 last more\n"),
                           "sys.run");
  BOOST_REQUIRE(run);
  BOOST_TEST(run->run_id == "last");  // the tag of the last line
  BOOST_REQUIRE(run->queries.size() == 2u);
  BOOST_TEST(run->queries[0].qid == "q1");
  BOOST_TEST(run->queries[0].documents[0].score == -3.94);
  BOOST_TEST(run->queries[1].qid == "q2");
  BOOST_TEST(run->queries[1].documents[0].score == 15.0);
  BOOST_TEST(run->queries[1].documents[1].docno == "c");
}

BOOST_AUTO_TEST_CASE(bad_run_lines_are_refused_with_file_line_and_text) {
  BOOST_TEST(run_error("1 Q0 a 1 0.5 r\n1 Q0 b 2 0.4\n") ==
             "run file 'sys.run' line 2: expected 6 fields (qid Q0 docno rank score tag), got 5: '1 Q0 b 2 0.4'");
  BOOST_TEST(run_error("1 Q0 a 1 0.5 r\n1 Q0 b 2 high r\n") ==
             "run file 'sys.run' line 2: score 'high' is not a finite number: '1 Q0 b 2 high r'");
  BOOST_TEST(run_error("1 Q0 a 1 nan r\n") == "run file 'sys.run' line 1: score 'nan' is not a finite number: '1 Q0 a 1 nan r'");
  BOOST_TEST(run_error("1 Q0 a 1 inf r\n") == "run file 'sys.run' line 1: score 'inf' is not a finite number: '1 Q0 a 1 inf r'");
  BOOST_TEST(run_error("1 Q0 a 1 1e999 r\n") ==
             "run file 'sys.run' line 1: score '1e999' is not a finite number: '1 Q0 a 1 1e999 r'");
  BOOST_TEST(run_error("1 Q0 a 1 0x10 r\n") ==
             "run file 'sys.run' line 1: score '0x10' is not a finite number: '1 Q0 a 1 0x10 r'");
  BOOST_TEST(run_error("1 Q0 a 1 0.5 r\n1 Q0 b 2 0.4 r\n1 Q0 a 3 0.3 r\n") ==
             "run file 'sys.run' line 3: document 'a' listed twice for query '1' (first on line 1): '1 Q0 a 3 0.3 r'");
  BOOST_TEST(run_error("# only a comment\n\n") == "run file 'sys.run' holds no run line");
  BOOST_TEST(run_error("1 Q0 a 1 0.5 r\n2 Q0 a 1 0.5 r\n") == "ok");  // one document in two queries
  BOOST_TEST(run_error(" \t# an indented comment\n") == "run file 'sys.run' holds no run line");
}

BOOST_AUTO_TEST_CASE(trec_and_beir_qrels_are_read) {
  auto trec = gm::parse_qrels(std::make_shared<const std::string>("# c\n2 0 b 1\n1 0 z -1\n1 0 a 2\n"), "q",
                              gm::QrelsFormat::automatic);
  BOOST_REQUIRE(trec);
  BOOST_TEST(trec->queries.size() == 2u);
  BOOST_TEST(trec->queries[0].qid == "1");
  BOOST_TEST(trec->queries[0].judgments[0].docno == "a");  // judgments in byte order
  BOOST_TEST(trec->queries[0].judgments[1].relevance == -1);
  auto beir = gm::parse_qrels(std::make_shared<const std::string>("query-id\tcorpus-id\tscore\nq1\td1\t1\n"), "q",
                              gm::QrelsFormat::automatic);
  BOOST_REQUIRE(beir);
  BOOST_TEST(beir->queries[0].judgments[0].docno == "d1");
  // A comment's '#' must open the line: indented, it starts a query id.
  auto indented = gm::parse_qrels(std::make_shared<const std::string>(" #q 0 d 1\n"), "q", gm::QrelsFormat::trec);
  BOOST_REQUIRE(indented);
  BOOST_TEST(indented->queries[0].qid == "#q");
}

BOOST_AUTO_TEST_CASE(bad_qrels_lines_are_refused_with_file_line_and_text) {
  BOOST_TEST(qrels_error("1 0 a 1\n1 b 0\n") ==
             "qrels file 'qrels.txt' line 2: expected 4 fields (qid iter docno rel), got 3: '1 b 0'");
  BOOST_TEST(qrels_error("1 0 a 1\n1 0 b yes\n") ==
             "qrels file 'qrels.txt' line 2: relevance 'yes' is not an integer: '1 0 b yes'");
  BOOST_TEST(qrels_error("1 0 a 1.0\n") == "qrels file 'qrels.txt' line 1: relevance '1.0' is not an integer: '1 0 a 1.0'");
  BOOST_TEST(qrels_error("1 0 a 2000\n") ==
             "qrels file 'qrels.txt' line 1: relevance 2000 is beyond +-1000: '1 0 a 2000'");
  BOOST_TEST(qrels_error("1 0 a 1\n1 0 a 0\n") ==
             "qrels file 'qrels.txt' line 2: document 'a' judged twice for query '1' (first on line 1): '1 0 a 0'");
  BOOST_TEST(qrels_error("# nothing\n") == "qrels file 'qrels.txt' holds no judgment");
  BOOST_TEST(qrels_error("query-id\tcorpus-id\tscore\nq1\td1\n") ==
             "qrels file 'qrels.txt' line 2: expected 3 fields (query-id corpus-id score), got 2: 'q1\td1'");
  BOOST_TEST(qrels_error("q1 0 d1 1\n", gm::QrelsFormat::beir) ==
             "qrels file 'qrels.txt' line 1: expected the BEIR header 'query-id corpus-id score': 'q1 0 d1 1'");
  BOOST_TEST(qrels_error("query-id\tcorpus-id\tscore\n", gm::QrelsFormat::trec) ==
             "qrels file 'qrels.txt' line 1: expected 4 fields (qid iter docno rel), got 3: 'query-id\tcorpus-id\tscore'");
}

BOOST_AUTO_TEST_CASE(the_shared_bad_files_are_refused_at_their_line) {
  const auto shared = mt::shared_folder();
  if (!shared) {
    BOOST_TEST_MESSAGE("skipped: ../shared/trec_eval-cases is not beside the source folder");
    return;
  }
  const auto bad = *shared / "trec_eval-cases" / "bad";
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"duplicate-doc", "line 3: document 'a' listed twice for query '1' (first on line 1)"},
      {"five-fields", "line 2: expected 6 fields (qid Q0 docno rank score tag), got 5"},
      {"score-not-number", "line 2: score 'high' is not a finite number"},
      {"score-nan", "line 1: score 'nan' is not a finite number"},
      {"qrels-rel-not-integer", "line 2: relevance 'yes' is not an integer"},
      {"qrels-three-fields", "line 2: expected 4 fields (qid iter docno rel), got 3"},
      {"qrels-duplicate", "line 2: document 'a' judged twice for query '1' (first on line 1)"},
  };
  for (const auto& [name, problem] : expected) {
    const std::string got = mt::score_text(bad / name / "qrels.txt", bad / name / "sys.run", {"official"}, {},
                                           gm::NumberFormat::trec_eval);
    BOOST_TEST_CONTEXT(name) { BOOST_TEST(got.find(problem) != std::string::npos, got); }
  }
}
