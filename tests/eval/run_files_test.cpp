// Per-query evaluation files (trec_eval -q, ir_measures): what is read, what
// is skipped, and every refused line with its exact message and status.
#define BOOST_TEST_MODULE eval_run_files
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <grk/error.hpp>
#include <grk/eval/run_files.hpp>

namespace fs = std::filesystem;
using grk::eval::MeasureScores;
using grk::eval::parse_run_text;
using grk::eval::parse_runs_format;
using grk::eval::read_run_file;
using grk::eval::RunsFormat;
using grk::eval::runs_format_name;

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("grk-eval-run-files-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
  fs::path write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path / name, std::ios::binary) << bytes;
    return path / name;
  }
};

/// A row as trec_eval prints it: printf("%-22s\t%s\t%6.4f\n") for a float
/// measure, "%ld" for an integer one, "%s" for runid.
std::string trec_row(const char* measure, const char* query, const std::string& value) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, "%-22s\t%s\t%s\n", measure, query, value.c_str());
  return buffer;
}
std::string trec_row(const char* measure, const char* query, double value) {
  char number[64];
  std::snprintf(number, sizeof number, "%6.4f", value);
  return trec_row(measure, query, std::string(number));
}

std::string failure_of(std::string_view text, RunsFormat format = RunsFormat::trec_eval) {
  auto parsed = parse_run_text(text, format, "a.txt");
  BOOST_REQUIRE(!parsed);
  BOOST_TEST((parsed.error().status == grk::Status::invalid_data));
  return parsed.error().message;
}

}  // namespace

BOOST_AUTO_TEST_CASE(format_names_parse_and_unknown_ones_list_the_known) {
  BOOST_TEST((*parse_runs_format("trec_eval") == RunsFormat::trec_eval));
  BOOST_TEST((*parse_runs_format("ir_measures") == RunsFormat::ir_measures));
  BOOST_TEST(runs_format_name(RunsFormat::trec_eval) == "trec_eval");
  BOOST_TEST(runs_format_name(RunsFormat::ir_measures) == "ir_measures");
  auto wrong = parse_runs_format("trec-eval");
  BOOST_REQUIRE(!wrong);
  BOOST_TEST((wrong.error().status == grk::Status::invalid_argument));
  BOOST_TEST(wrong.error().message ==
             "runs_format must be one of 'trec_eval', 'ir_measures', 'trec_run', got 'trec-eval'");
  BOOST_TEST((*parse_runs_format("trec_run") == RunsFormat::trec_run));
  BOOST_TEST(runs_format_name(RunsFormat::trec_run) == "trec_run");
}

BOOST_AUTO_TEST_CASE(trec_eval_q_output_reads_per_query_rows_and_skips_summary_and_string_rows) {
  const std::string text = trec_row("runid", "all", "bm25-run") + trec_row("num_ret", "301", "1000") +
                           trec_row("num_rel", "301", "34") + trec_row("map", "301", 0.2345) +
                           trec_row("P_10", "301", 0.4) + trec_row("relstring", "301", "1101000000") +
                           trec_row("ndcg_cut_10", "302", 0.5) + trec_row("map", "302", 1.0) +
                           trec_row("num_ret", "all", "2000") + trec_row("map", "all", 0.61725);
  auto parsed = parse_run_text(text, RunsFormat::trec_eval, "a.txt");
  BOOST_REQUIRE_MESSAGE(parsed.has_value(), (parsed ? "" : parsed.error().message));
  const MeasureScores expected{{"map", {{"301", 0.2345}, {"302", 1.0}}},
                               {"ndcg_cut_10", {{"302", 0.5}}},
                               {"num_rel", {{"301", 34.0}}},
                               {"num_ret", {{"301", 1000.0}}},
                               {"P_10", {{"301", 0.4}}}};
  BOOST_TEST((*parsed == expected));
}

BOOST_AUTO_TEST_CASE(a_measure_given_with_m_crlf_endings_blank_lines_and_no_final_newline_read) {
  // trec_eval -q -m ndcg_cut.10 prints ndcg_cut_10 rows only.
  const std::string text = "ndcg_cut_10           \tq-1\t0.1000\r\n\nndcg_cut_10           \tq-2\t0.2000\r\n"
                           "ndcg_cut_10           \tall\t0.1500";
  auto parsed = parse_run_text(text, RunsFormat::trec_eval, "a.txt");
  BOOST_REQUIRE_MESSAGE(parsed.has_value(), (parsed ? "" : parsed.error().message));
  BOOST_TEST((*parsed == MeasureScores{{"ndcg_cut_10", {{"q-1", 0.1}, {"q-2", 0.2}}}}));
}

BOOST_AUTO_TEST_CASE(ir_measures_output_reads_query_first_and_keeps_a_query_named_all) {
  const std::string text = "q1\tnDCG@10\t0.5432\nq1\tRR\t1.0000\nq2\tnDCG@10\t0.0000\nall\tRR\t0.5\nq2\tR@100\t1\n";
  auto parsed = parse_run_text(text, RunsFormat::ir_measures, "a.txt");
  BOOST_REQUIRE_MESSAGE(parsed.has_value(), (parsed ? "" : parsed.error().message));
  const MeasureScores expected{{"R@100", {{"q2", 1.0}}},
                               {"RR", {{"all", 0.5}, {"q1", 1.0}}},
                               {"nDCG@10", {{"q1", 0.5432}, {"q2", 0.0}}}};
  BOOST_TEST((*parsed == expected));
  // An ir_measures file read as trec_eval: the query ids become measures, and
  // the values parse, so the mistake shows as unknown metrics, not here.
  BOOST_TEST(failure_of("nDCG@10\tq1\tx\n", RunsFormat::ir_measures) ==
             "runs file 'a.txt' line 1: value 'x' is not a number: 'nDCG@10\\tq1\\tx'");
}

BOOST_AUTO_TEST_CASE(every_line_that_does_not_parse_names_the_file_the_line_and_its_text) {
  const std::string good = trec_row("map", "1", 0.5);
  BOOST_TEST(failure_of(good + "map 2 0.5\n") ==
             "runs file 'a.txt' line 2: not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval'): 'map 2 0.5'");
  BOOST_TEST(failure_of("map\t2\n") ==
             "runs file 'a.txt' line 1: not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval'): 'map\\t2'");
  BOOST_TEST(failure_of("map\t2\t0.5\textra\n") ==
             "runs file 'a.txt' line 1: not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval'): "
             "'map\\t2\\t0.5\\textra'");
  BOOST_TEST(failure_of("2\t0.5\n", RunsFormat::ir_measures) ==
             "runs file 'a.txt' line 1: not 'query id<TAB>measure<TAB>value' (runs_format 'ir_measures'): '2\\t0.5'");
  BOOST_TEST(failure_of(good + good.substr(0, 22) + "\t\t0.5\n") ==
             "runs file 'a.txt' line 2: empty query id: 'map                   \\t\\t0.5'");
  BOOST_TEST(failure_of("   \tq\t0.5\n") == "runs file 'a.txt' line 1: empty measure name: '   \\tq\\t0.5'");
  BOOST_TEST(failure_of("q\t\t0.5\n", RunsFormat::ir_measures) ==
             "runs file 'a.txt' line 1: empty measure name: 'q\\t\\t0.5'");
  BOOST_TEST(failure_of("map\tq\t\n") == "runs file 'a.txt' line 1: value '' is not a number: 'map\\tq\\t'");
  BOOST_TEST(failure_of("map\tq\t0.5x\n") == "runs file 'a.txt' line 1: value '0.5x' is not a number: 'map\\tq\\t0.5x'");
  BOOST_TEST(failure_of("map\tq\t+0.5\n") == "runs file 'a.txt' line 1: value '+0.5' is not a number: 'map\\tq\\t+0.5'");
  BOOST_TEST(failure_of("map\tq\t0x10\n") == "runs file 'a.txt' line 1: value '0x10' is not a number: 'map\\tq\\t0x10'");
  // A line in the middle of the file, after a blank and a CRLF line, keeps its number.
  BOOST_TEST(failure_of(good + "\r\n\n" + good.substr(0, good.size() - 1) + "\r\nbad\n") ==
             "runs file 'a.txt' line 4: measure 'map' for query '1' repeats line 1: 'map                   \\t1\\t0.5000'");
}

BOOST_AUTO_TEST_CASE(non_finite_values_fail_and_underflow_reads_as_a_tiny_number) {
  for (const char* value : {"nan", "-nan", "inf", "-inf", "Infinity", "1e999", "-1e999"}) {
    BOOST_TEST(failure_of(std::string("map\tq\t") + value + "\n") ==
               std::string("runs file 'a.txt' line 1: value '") + value + "' is not finite: 'map\\tq\\t" + value + "'");
  }
  auto tiny = parse_run_text("map\tq\t1e-400\nmap\tr\t-0.0000\nmap\ts\t 0.5 \n", RunsFormat::trec_eval, "a.txt");
  BOOST_REQUIRE(tiny);
  BOOST_TEST(tiny->at("map").at("q") == 0.0);
  BOOST_TEST(tiny->at("map").at("r") == 0.0);
  BOOST_TEST(tiny->at("map").at("s") == 0.5);
}

BOOST_AUTO_TEST_CASE(a_duplicate_measure_and_query_names_both_lines) {
  const std::string text = "q1\tRR\t1\nq2\tRR\t0.5\nq1\tAP\t0.25\nq1\tRR\t0.5\n";
  BOOST_TEST(failure_of(text, RunsFormat::ir_measures) ==
             "runs file 'a.txt' line 4: measure 'RR' for query 'q1' repeats line 1: 'q1\\tRR\\t0.5'");
  // The padding is not part of the name: padded and unpadded are the same measure.
  BOOST_TEST(failure_of("map   \tq\t1\nmap\tq\t1\n") ==
             "runs file 'a.txt' line 2: measure 'map' for query 'q' repeats line 1: 'map\\tq\\t1'");
}

BOOST_AUTO_TEST_CASE(a_file_without_per_query_rows_says_why) {
  BOOST_TEST(failure_of(trec_row("runid", "all", "x") + trec_row("map", "all", 0.5)) ==
             "runs file 'a.txt' has only summary rows (query id 'all'); run trec_eval with -q");
  BOOST_TEST(failure_of("") == "runs file 'a.txt' has no per-query scores");
  BOOST_TEST(failure_of("\n\r\n", RunsFormat::ir_measures) == "runs file 'a.txt' has no per-query scores");
}

BOOST_AUTO_TEST_CASE(a_long_line_is_shown_cut_on_a_character_boundary) {
  // 199 ASCII bytes then a 2-byte character across the 200-byte mark.
  const std::string line = std::string(199, 'a') + "\xc3\xa9" + std::string(100, 'b');
  BOOST_TEST(failure_of(line + "\n") == "runs file 'a.txt' line 1: not 'measure<TAB>query id<TAB>value' "
                                        "(runs_format 'trec_eval'): '" +
                                            std::string(199, 'a') + "'... (301 bytes)");
  // A huge line and a huge file parse in linear time (seconds would mean quadratic).
  BOOST_TEST(failure_of(std::string(20'000'000, 'x')).size() < 400u);
  std::string many;
  for (int i = 0; i < 200'000; ++i) many += "q" + std::to_string(i) + "\tRR\t0.5\n";
  auto parsed = parse_run_text(many, RunsFormat::ir_measures, "a.txt");
  BOOST_REQUIRE(parsed);
  BOOST_TEST(parsed->at("RR").size() == 200'000u);
}

BOOST_AUTO_TEST_CASE(files_on_disk_missing_unreadable_and_not_utf8) {
  TempDir dir;
  const fs::path good = dir.write("bm25.txt", trec_row("map", "1", 0.25) + trec_row("map", "all", 0.25));
  auto read = read_run_file(good, RunsFormat::trec_eval);
  BOOST_REQUIRE_MESSAGE(read.has_value(), (read ? "" : read.error().message));
  BOOST_TEST((*read == MeasureScores{{"map", {{"1", 0.25}}}}));

  const std::string missing = (dir.path / "missing.txt").string();
  auto absent = read_run_file(missing, RunsFormat::trec_eval);
  BOOST_REQUIRE(!absent);
  BOOST_TEST((absent.error().status == grk::Status::not_found));
  BOOST_TEST(absent.error().message ==
             "cannot read runs file '" + missing + "': [Errno 2] No such file or directory: '" + missing + "'");

  auto directory = read_run_file(dir.path, RunsFormat::trec_eval);
  BOOST_REQUIRE(!directory);
  BOOST_TEST((directory.error().status == grk::Status::io_error));
  BOOST_TEST(directory.error().message == "cannot read runs file '" + dir.path.string() +
                                              "': [Errno 21] Is a directory: '" + dir.path.string() + "'");

  const fs::path latin1 = dir.write("latin1.txt", "map\tq\xe9\t0.5\n");
  auto bad = read_run_file(latin1, RunsFormat::trec_eval);
  BOOST_REQUIRE(!bad);
  BOOST_TEST((bad.error().status == grk::Status::invalid_data));
  BOOST_TEST(bad.error().message == "runs file '" + latin1.string() +
                                        "' is not valid UTF-8: 'utf-8' codec can't decode byte 0xe9 in position 5: "
                                        "invalid continuation byte");

  const fs::path broken = dir.write("broken.txt", trec_row("map", "1", 0.25) + "oops\n");
  auto line = read_run_file(broken, RunsFormat::trec_eval);
  BOOST_REQUIRE(!line);
  BOOST_TEST(line.error().message == "runs file '" + broken.string() +
                                         "' line 2: not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval'): "
                                         "'oops'");
}
