// The run and qrels readers: what they accept, and every refusal with its
// exact message (docs/behaviour/trec-eval.md §2).
#define BOOST_TEST_MODULE measures_readers
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "measures_test_support.hpp"
#include "trec/id_store.hpp"
#include "trec/text_lines.hpp"

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

// BEIR's rows without their header (as MS MARCO's TREC DL qrels ship) are
// BEIR's; the file's query order is kept beside the sorted queries.
BOOST_AUTO_TEST_CASE(three_columns_without_a_header_read_as_beir_rows_in_file_order) {
  auto qrels = gm::parse_qrels(std::make_shared<const std::string>("q2\td1\t1\nq1\td2\t2\nq2\td3\t0\n"), "q",
                               gm::QrelsFormat::automatic);
  BOOST_REQUIRE(qrels);
  BOOST_REQUIRE(qrels->queries.size() == 2u);
  BOOST_TEST(qrels->queries[0].qid == "q1");
  BOOST_TEST(*qrels->queries[0].find("d2") == 2);
  BOOST_TEST(qrels->queries[1].judgments.size() == 2u);
  BOOST_TEST((qrels->file_order == std::vector<std::size_t>{1, 0}));
  // Named trec, three columns are still a bad TREC line.
  BOOST_TEST(qrels_error("q1 d1 1\n", gm::QrelsFormat::trec) ==
             "qrels file 'qrels.txt' line 1: expected 4 fields (qid iter docno rel), got 3: 'q1 d1 1'");
}

// ndeval's qrels judge a document once per subtopic; a negative judgment is refused as ndeval refuses it.
BOOST_AUTO_TEST_CASE(subtopic_qrels_key_a_judgment_by_document_and_subtopic) {
  auto qrels = gm::parse_qrels(std::make_shared<const std::string>("7 1 d1 1\n7 2 d1 0\n7 2 d2 2\n"), "q",
                               gm::QrelsFormat::subtopics);
  BOOST_REQUIRE(qrels);
  BOOST_REQUIRE(qrels->queries[0].judgments.size() == 3u);
  BOOST_TEST(qrels->queries[0].judgments[1].subtopic == "2");
  BOOST_TEST(qrels_error("7 1 d1 1\n7 1 d1 0\n", gm::QrelsFormat::subtopics) ==
             "qrels file 'qrels.txt' line 2: document 'd1' judged twice for query '7' subtopic '1' (first on line 1): "
             "'7 1 d1 0'");
  BOOST_TEST(qrels_error("7 1 d1 -1\n", gm::QrelsFormat::subtopics) ==
             "qrels file 'qrels.txt' line 1: judgment -1 is negative, which ndeval refuses: '7 1 d1 -1'");
  // The same lines as TREC qrels: the second column is ignored, so d1 is judged twice.
  BOOST_TEST(qrels_error("7 1 d1 1\n7 2 d1 0\n", gm::QrelsFormat::trec) ==
             "qrels file 'qrels.txt' line 2: document 'd1' judged twice for query '7' (first on line 1): '7 2 d1 0'");
}

// With ranks, a run keeps its rank column and refuses one that is no integer.
BOOST_AUTO_TEST_CASE(a_run_read_with_its_ranks_keeps_them) {
  auto run = gm::parse_run(std::make_shared<const std::string>("q1 Q0 a 3 1 t\nq1 Q0 b 1 2 t\n"), "sys.run", true);
  BOOST_REQUIRE(run);
  BOOST_TEST((run->queries[0].ranks == std::vector<long>{3, 1}));
  auto bad = gm::parse_run(std::make_shared<const std::string>("q1 Q0 a x 1 t\n"), "sys.run", true);
  BOOST_REQUIRE(!bad);
  BOOST_TEST(bad.error().message == "run file 'sys.run' line 1: rank 'x' is not an integer: 'q1 Q0 a x 1 t'");
  BOOST_TEST(run_error("q1 Q0 a x 1 t\n") == "ok");  // trec_eval ignores the column
}

BOOST_AUTO_TEST_CASE(a_byte_order_mark_is_refused_in_runs_and_qrels) {
  BOOST_TEST(run_error("\xEF\xBB\xBFq1 Q0 d1 1 1 t\n") ==
             "run file 'sys.run' line 1: starts with a UTF-8 byte-order mark (EF BB BF); save it without one");
  BOOST_TEST(qrels_error("\xEF\xBB\xBFq1 0 d1 1\n") ==
             "qrels file 'qrels.txt' line 1: starts with a UTF-8 byte-order mark (EF BB BF); save it without one");
  // The windowed reader sees it in its first window.
  const mt::TemporaryFiles files;
  const auto path = files.write("bom.run", "\xEF\xBB\xBFq1 Q0 d1 1 1 t\n");
  auto run = gm::read_run(path, 2);
  BOOST_REQUIRE(!run);
  BOOST_TEST(run.error().message == "run file '" + path.string() +
                                        "' line 1: starts with a UTF-8 byte-order mark (EF BB BF); save it without one");
}

// A results document holds query ids and the run's tag as JSON text, so
// they must be UTF-8 (docs/behaviour/trec-eval.md §2); document ids, which
// no result holds, may be any bytes, as trec_eval reads them.
BOOST_AUTO_TEST_CASE(a_query_id_or_run_tag_that_is_not_utf8_is_refused_at_its_line) {
  const std::string bad_byte = "('utf-8' codec can't decode byte 0xff in position 1: invalid start byte)";
  BOOST_TEST(run_error("q1 Q0 a 1 1 t\nq\xFF" "2 Q0 a 1 1 t\n") ==
             "run file 'sys.run' line 2: query id is not UTF-8 " + bad_byte + ": 'q\xFF" "2 Q0 a 1 1 t'");
  BOOST_TEST(run_error("q1 Q0 a 1 1 t\xFF\n") ==
             "run file 'sys.run': the tag of its last line, the run's id, is not UTF-8 " + bad_byte);
  BOOST_TEST(run_error("q1 Q0 a\xFF 1 1 t\xFF\nq1 Q0 b 2 0 t\n") == "ok");
  BOOST_TEST(run_error("q\xC3\xA9 Q0 a 1 1 t\xC3\xA9\n") == "ok");
  BOOST_TEST(qrels_error("q1 0 a 1\nq\xFF" "2 0 a 1\n") ==
             "qrels file 'qrels.txt' line 2: query id is not UTF-8 " + bad_byte + ": 'q\xFF" "2 0 a 1'");
  BOOST_TEST(qrels_error("q1 0 a\xFF 1\n") == "ok");
  // The windowed reader, on one thread and on two, finds the same line.
  const mt::TemporaryFiles files;
  std::string text;
  for (int q = 0; q < 2000; ++q) text += "q" + std::to_string(q) + " Q0 d 1 1 t\n";
  text += "\xFFq Q0 d 1 1 t\n";
  const auto path = files.write("bad.run", text);
  for (unsigned threads : {1u, 2u}) {
    auto run = gm::read_run(path, threads);
    BOOST_REQUIRE(!run);
    BOOST_TEST(run.error().message == "run file '" + path.string() + "' line 2001: query id is not UTF-8 ('utf-8' codec "
                                      "can't decode byte 0xff in position 0: invalid start byte): '\xFFq Q0 d 1 1 t'");
  }
}

// A run file's document listed twice is found again in the open file, a
// line at a time, with the numbers the text gives (comments, blank lines and
// CRLF ends counted as lines, as when the text is in memory).
BOOST_AUTO_TEST_CASE(a_document_listed_twice_in_a_run_file_is_named_at_its_second_line) {
  const mt::TemporaryFiles files;
  const std::string text = "# c\n\n1 Q0 a 1 0.5 r\r\n 1 Q0 b 2 0.4 r\n1 Q0 a 3 0.3 r\r\n";
  const auto path = files.write("twice.run", text);
  const std::string expected = "line 5: document 'a' listed twice for query '1' (first on line 3): '1 Q0 a 3 0.3 r'";
  BOOST_TEST(run_error(text) == "run file 'sys.run' " + expected);
  for (unsigned threads : {1u, 2u}) {
    auto run = gm::read_run(path, threads);
    BOOST_REQUIRE(!run);
    BOOST_TEST(run.error().message == "run file '" + path.string() + "' " + expected);
  }
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

// Scores as the fast path reads them (digits and one point) and as it leaves
// them to std::from_chars: each must be strtod's double, bit for bit.
BOOST_AUTO_TEST_CASE(scores_are_read_to_strtod_s_double) {
  std::vector<std::string> texts = {
      "0", "-0", "0.0", "-0.0", "1.", ".5", "-.5", "0.1", "0.2", "0.3", "39.999950", "123456789012345",
      "1234567890123456", "12345678901234567890", "0.000000000000000000001", "0.0000000000000000000001",
      "0.00000000000000000000001", "9007199254740993", "9007199254740992.5", "2.2250738585072011e-308",
      "2.2250738585072014e-308", "4.9406564584124654e-324", "1.7976931348623157e308", "1e22", "1e23",
      "0.1e1", "1E-5", "-1.5e+3", "7.038531e-26", "0.30000000000000004", "3.0000000000000004",
      "000000000000000000001.5", "1.00000000000000011102230246251565404236316680908203125",
      "1.0000000000000002220446049250313080847263336181640625", "0.500000000000000166533453693773481063544750213623046875",
      // Below a double's range: strtod's 0 or subnormal, as trec_eval reads them.
      "1e-400", "-1e-400", "2e-324", "3e-324", "1e-320"};
  std::uint64_t state = 7;
  for (int i = 0; i < 20000; ++i) {  // random decimals of 1 to 17 digits, the point anywhere
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    std::string digits = std::to_string(state >> 11).substr(0, 1 + (state >> 3) % 17);
    const std::size_t point = (state >> 40) % (digits.size() + 1);
    texts.push_back(((state >> 50) & 1 ? "-" : "") + digits.substr(0, point) + "." + digits.substr(point));
  }
  for (const auto& text : texts) {
    double got = 1.0;
    const bool read = gm::parse_finite_number(text, got);
    const double expected = std::strtod(text.c_str(), nullptr);
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST(read);
      BOOST_TEST(std::memcmp(&got, &expected, sizeof got) == 0);
    }
  }
  double unread = 0.0;
  for (const std::string text : {"", "-", ".", "+", "++1", "1.2.3", "inf", "nan", "0x10", "1e400", "1,5", "--1"}) {
    BOOST_TEST_CONTEXT(text) { BOOST_TEST(!gm::parse_finite_number(text, unread)); }
  }
}

// Fields split at C's six spaces only: a control character that is no space
// (here \x01 and \x7f), and bytes above 127, stay in the id, in ids shorter
// and longer than a word (the reader tests eight bytes at a time), and the
// file reader splits as parse_run does, a last line without a break included.
BOOST_AUTO_TEST_CASE(fields_split_at_c_spaces_only) {
  const std::string text = std::string("q1 Q0 a\x01b 1 3 t\n") + "q1\vQ0\fdoc-\x01-longer-than-a-word\r2 2 t\n" +
                           "q1 Q0 \x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f 3 1 t\n" + "q1 Q0 caf\xc3\xa9-\x1f\x1fxyz 4 0.5 t\n" +
                           "q1 Q0 e 5 0.25 last";
  mt::TemporaryFiles files;
  const auto path = files.write("spaces.run", text);
  auto whole = gm::parse_run(std::make_shared<const std::string>(text), path.string());
  auto read = gm::read_run(path, 1);
  BOOST_REQUIRE(whole);
  BOOST_REQUIRE(read);
  const std::vector<std::string> expected = {"a\x01b", "doc-\x01-longer-than-a-word", std::string(9, '\x7f'),
                                             "caf\xc3\xa9-\x1f\x1fxyz", "e"};
  for (const auto* run : {&*whole, &*read}) {
    BOOST_TEST(run->run_id == "last");
    BOOST_REQUIRE(run->queries.size() == 1u);
    BOOST_REQUIRE(run->queries[0].documents.size() == expected.size());
    for (std::size_t d = 0; d < expected.size(); ++d) {
      BOOST_TEST(std::string(run->queries[0].documents[d].docno) == expected[d]);
    }
  }
}

// A run larger than one read window (16 MiB), its queries cut by the windows'
// and the parts' edges and listed in two places: the same run on 1, 2 and 3
// threads as parse_run reads the whole text.
BOOST_AUTO_TEST_CASE(a_run_read_in_windows_on_threads_is_the_whole_text_s_run) {
  std::string text = "# a comment first\n";
  for (int block = 0; block < 2; ++block) {
    for (int q = 0; q < 300; ++q) {
      for (int d = 0; d < 1000; ++d) {
        text += std::to_string(100 + q) + " Q0 doc" + std::to_string(block * 1000 + d) + "-" + std::to_string(q) +
                " " + std::to_string(d + 1) + " " + std::to_string(1000 - d) + ".25 tag" + std::to_string(block) +
                (d % 97 == 0 ? "\r\n" : "\n");
      }
      if (q % 50 == 0) text += "   \n  # indented comment\n";
    }
  }
  BOOST_REQUIRE(text.size() > (std::size_t{1} << 24));
  mt::TemporaryFiles files;
  const auto path = files.write("big.run", text);
  auto whole = gm::parse_run(std::make_shared<const std::string>(text), path.string());
  BOOST_REQUIRE(whole);
  BOOST_TEST(whole->run_id == "tag1");
  BOOST_TEST(whole->queries.size() == 300u);
  for (unsigned threads : {1u, 2u, 3u}) {
    auto read = gm::read_run(path, threads);
    BOOST_REQUIRE(read);
    BOOST_TEST_CONTEXT(threads << " threads") {
      BOOST_TEST(read->run_id == whole->run_id);
      BOOST_REQUIRE(read->queries.size() == whole->queries.size());
      for (std::size_t q = 0; q < whole->queries.size(); ++q) {
        const auto& a = read->queries[q];
        const auto& b = whole->queries[q];
        BOOST_REQUIRE(a.qid == b.qid);
        BOOST_REQUIRE(a.documents.size() == b.documents.size());
        for (std::size_t d = 0; d < b.documents.size(); ++d) {
          BOOST_REQUIRE(a.documents[d].docno == b.documents[d].docno);
          BOOST_REQUIRE(a.documents[d].score == b.documents[d].score);
        }
      }
    }
  }
  // A bad line past the first window is refused at its number, on threads too.
  text += "999 Q0 late 1 high tag\n";
  const auto bad = files.write("bad.run", text);
  auto refused = gm::read_run(bad, 2);
  BOOST_REQUIRE(!refused);
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  BOOST_TEST(refused.error().message == "run file '" + bad.string() + "' line " + std::to_string(lines) +
                                            ": score 'high' is not a finite number: '999 Q0 late 1 high tag'");
}

// No input can make a reader hold more than a window and a line: a line
// past longest_line is refused at its number, whether the file ends it or
// not, and a file that is no regular file is never read.
BOOST_AUTO_TEST_CASE(an_overlong_line_or_a_special_file_is_refused_without_reading_it_whole) {
  mt::TemporaryFiles files;
  const std::string good = "q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n";
  const std::string endless(gm::longest_line + 10, 'x');
  for (const bool ended : {false, true}) {
    BOOST_TEST_CONTEXT((ended ? "ended" : "not ended")) {
      const auto run = files.write("long.run", good + endless + (ended ? "\n" : ""));
      for (unsigned threads : {1u, 2u}) {
        auto read = gm::read_run(run, threads);
        BOOST_REQUIRE(!read);
        BOOST_TEST(read.error().message == "run file '" + run.string() +
                                               "' line 3: longer than 1048576 bytes, the longest line a TREC file "
                                               "may have");
      }
      const auto qrels = files.write("long.qrels", "q1 0 d1 1\n" + endless + (ended ? "\n" : ""));
      auto judged = gm::read_qrels(qrels, gm::QrelsFormat::automatic);
      BOOST_REQUIRE(!judged);
      BOOST_TEST(judged.error().message == "qrels file '" + qrels.string() +
                                               "' line 2: longer than 1048576 bytes, the longest line a TREC file may "
                                               "have");
    }
  }
  // A line at the bound is a line (here a bad one, quoted up to 200 bytes).
  const std::string at_bound(gm::longest_line, 'y');
  const auto bounded = files.write("bounded.run", good + at_bound + "\n");
  auto read = gm::read_run(bounded, 2);
  BOOST_REQUIRE(!read);
  BOOST_TEST(read.error().message == "run file '" + bounded.string() + "' line 3: expected 6 fields (qid Q0 docno rank "
                                         "score tag), got 1: '" + std::string(200, 'y') + "...'");

  // A FIFO with no writer would block an open, and /dev/zero never ends.
  const auto fifo = files.folder() / "fifo.run";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto from_fifo = gm::read_run(fifo, 1);
  BOOST_REQUIRE(!from_fifo);
  BOOST_TEST(from_fifo.error().message == "run file '" + fifo.string() + "' is a FIFO, not a regular file");
  auto zeros = gm::read_qrels("/dev/zero", gm::QrelsFormat::automatic);
  BOOST_REQUIRE(!zeros);
  BOOST_TEST(zeros.error().message == "qrels file '/dev/zero' is a character device, not a regular file");
}

namespace {

// What read_run_query_by_query handed over, call by call (its ids copied:
// the reader's die with the call).
struct Handed {
  gm::IdStore ids;
  std::vector<std::vector<gm::RunQuery>> calls;
  std::vector<std::string> qids() const {
    std::vector<std::string> ids;
    for (const auto& call : calls) {
      for (const auto& query : call) ids.emplace_back(query.qid);
    }
    return ids;
  }
};

// read_run_query_by_query on `path`, the queries handed over kept in `handed`.
grk::Expected<gm::RunInPassing> read_by_query(const std::filesystem::path& path, unsigned threads, Handed& handed) {
  return gm::read_run_query_by_query(path, threads, false, [&](const std::vector<gm::RunQuery>& queries) {
    std::vector<gm::RunQuery> copies;
    for (const auto& query : queries) {
      gm::RunQuery copy{handed.ids.keep(query.qid), {}, {}};
      for (const auto& document : query.documents) {
        copy.documents.push_back({handed.ids.keep(document.docno), document.score});
      }
      copies.push_back(std::move(copy));
    }
    handed.calls.push_back(std::move(copies));
  });
}

}  // namespace

// A run that lists each query's lines together, larger than one read window:
// each query is handed over once, in file order, the first window's before
// the file is read to its end, with the documents and the run id read_run
// reads, on 1, 2 and 3 threads.
BOOST_AUTO_TEST_CASE(a_run_read_query_by_query_hands_each_query_over_once_as_the_file_moves_past_it) {
  std::string text;
  for (int q = 0; q < 640; ++q) {
    for (int d = 0; d < 1000; ++d) {
      text += std::to_string(1000 + q) + " Q0 doc" + std::to_string(d) + "-" + std::to_string(q) + " " +
              std::to_string(d + 1) + " " + std::to_string(1000 - d) + ".5 tag\n";
    }
  }
  text += "1639 Q0 last 1001 0.25 final\n";
  BOOST_REQUIRE(text.size() > (std::size_t{1} << 24));
  mt::TemporaryFiles files;
  const auto path = files.write("grouped.run", text);
  auto whole = gm::read_run(path, 1);
  BOOST_REQUIRE(whole);
  for (unsigned threads : {1u, 2u, 3u}) {
    BOOST_TEST_CONTEXT(threads << " threads") {
      Handed handed;
      auto read = read_by_query(path, threads, handed);
      BOOST_REQUIRE(read);
      BOOST_TEST(read->grouped);
      BOOST_TEST(read->run_id == "final");
      BOOST_TEST(handed.calls.size() >= 2u);
      BOOST_TEST(handed.calls.front().size() < 640u);
      std::vector<std::string> expected;
      for (const auto& query : whole->queries) expected.emplace_back(query.qid);  // byte order is file order here
      BOOST_TEST(handed.qids() == expected, boost::test_tools::per_element());
      std::size_t q = 0;
      for (const auto& call : handed.calls) {
        for (const auto& query : call) {
          const auto& documents = whole->queries[q++].documents;
          BOOST_REQUIRE(query.documents.size() == documents.size());
          for (std::size_t d = 0; d < documents.size(); ++d) {
            BOOST_REQUIRE(query.documents[d].docno == documents[d].docno);
            BOOST_REQUIRE(query.documents[d].score == documents[d].score);
          }
        }
      }
    }
  }
}

// A query whose lines lie in two places cannot be handed over when the file
// leaves it: the reader says so, and the file is scored whole instead, to the
// same values as read_run and evaluate_run give.
BOOST_AUTO_TEST_CASE(a_query_listed_in_two_places_sends_the_run_to_the_whole_reader) {
  mt::TemporaryFiles files;
  const auto path = files.write("apart.run", "q1 Q0 a 1 3 t\nq2 Q0 b 1 2 t\nq1 Q0 c 2 1 t\n");
  const auto qrels_path = files.write("apart.qrels", "q1 0 a 1\nq1 0 c 1\nq2 0 b 0\nq3 0 d 1\n");
  Handed handed;
  auto read = read_by_query(path, 1, handed);
  BOOST_REQUIRE(read);
  BOOST_TEST(!read->grouped);
  auto qrels = gm::read_qrels(qrels_path, gm::QrelsFormat::automatic);
  BOOST_REQUIRE(qrels);
  auto requested = gm::request_measures({"map", "num_ret", "num_q"});
  BOOST_REQUIRE(requested);
  const gm::ValueLayout layout(*requested);
  for (const bool complete : {false, true}) {
    gm::EvaluationOptions options;
    options.complete = complete;
    auto run = gm::read_run(path, 1);
    BOOST_REQUIRE(run);
    auto whole = gm::evaluate_run(*run, "apart", *qrels, layout, options);
    auto passing = gm::evaluate_run_file(path, "apart", *qrels, layout, options);
    BOOST_REQUIRE(whole);
    BOOST_REQUIRE(passing);
    BOOST_TEST(passing->queries.size() == (complete ? 3u : 2u));
    BOOST_TEST(passing->queries[0].values == whole->queries[0].values, boost::test_tools::per_element());
    BOOST_TEST(passing->queries[0].values[1] == 2.0);  // q1's two documents, from both places
    BOOST_TEST(passing->summary == whole->summary, boost::test_tools::per_element());
  }
}

// A document listed twice is found as the lines are parsed (one thread: one
// part), and also in a query whose lines the reader parsed in two parts (a
// 2.4 MB run of one query is cut in two on two threads), which is looked at
// again whole: the two listings in different parts, or both in the second.
BOOST_AUTO_TEST_CASE(a_document_listed_twice_is_found_in_a_query_parsed_in_two_parts) {
  mt::TemporaryFiles files;
  std::string lines;
  for (int d = 0; d < 120000; ++d) lines += "1 Q0 d" + std::to_string(d) + " " + std::to_string(d + 1) + " 1 r\n";
  const struct {
    const char* name;
    std::string repeated;  // listed again at the end
    std::string first_line;
  } cases[] = {{"across.run", "d5", "6"}, {"second_part.run", "d119000", "119001"}};
  for (const auto& each : cases) {
    const std::string last = "1 Q0 " + each.repeated + " 120001 1 r";
    const auto path = files.write(each.name, lines + last + "\n");
    const std::string expected = "run file '" + path.string() + "' line 120001: document '" + each.repeated +
                                 "' listed twice for query '1' (first on line " + each.first_line + "): '" + last + "'";
    for (unsigned threads : {1u, 2u}) {
      BOOST_TEST_CONTEXT(each.name << " on " << threads << " threads") {
        Handed handed;
        auto read = read_by_query(path, threads, handed);
        BOOST_REQUIRE(!read);
        BOOST_TEST(read.error().message == expected);
        BOOST_TEST(handed.qids().empty());
      }
    }
  }
}

// The failures read_run gives, in its order: a document listed twice is
// named at its second line, and no query of its window or after is handed
// over; a bad line after it is refused first; a file of comments holds no
// run line.
BOOST_AUTO_TEST_CASE(a_run_read_query_by_query_fails_as_read_run_does) {
  mt::TemporaryFiles files;
  const std::string twice = "1 Q0 a 1 0.5 r\n2 Q0 b 1 0.5 r\n2 Q0 b 2 0.4 r\n3 Q0 c 1 0.5 r\n3 Q0 c 2 0.4 r\n";
  const auto bad_line = files.write("late.run", twice + "4 Q0 d 1 high r\n");
  const auto comments = files.write("comments.run", "# only\n\n");
  for (const auto& path : {files.write("twice.run", twice), bad_line, comments}) {
    BOOST_TEST_CONTEXT(path.filename()) {
      Handed handed;
      auto read = read_by_query(path, 2, handed);
      auto whole = gm::read_run(path, 2);
      BOOST_REQUIRE(!read);
      BOOST_REQUIRE(!whole);
      BOOST_TEST(read.error().message == whole.error().message);
      if (path.filename() == "twice.run") {
        BOOST_TEST(read.error().message == "run file '" + path.string() + "' line 3: document 'b' listed twice for "
                                           "query '2' (first on line 2): '2 Q0 b 2 0.4 r'");
        BOOST_TEST(handed.qids().empty());  // its window's queries are not handed over: the run fails
      }
    }
  }
}
