// grk-eval evaluate QRELS RUN... as a user runs it (docs/design.md §4.18):
// the table on stdout, its CSV equal to the evaluate component's values, its
// marks exactly where compare-systems finds significance, the queries the
// means are over, and every mistake in one message before anything is read.
#define BOOST_TEST_MODULE measures_evaluate_verb
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include <grk/json/reader.hpp>

#include "measures_test_support.hpp"

namespace fs = std::filesystem;
namespace mt = grk::measures::testing;

namespace {

struct Outcome {
  int exit_code = -1;
  std::string out, err;
};

std::string host() {
  const char* binary = std::getenv("GRK_BINARY_DIR");
  return binary ? (fs::path(binary) / "bin" / "grk-eval").string() : std::string();
}

bool ready() {
  if (!host().empty() && fs::exists(host())) return true;
  BOOST_TEST_MESSAGE("skipped: GRK_BINARY_DIR/bin/grk-eval is not built");
  return false;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// `grk-eval ARGUMENTS` in `folder`, stdout and stderr apart.
Outcome grk_eval(const fs::path& folder, const std::string& arguments) {
  const fs::path err = folder / "stderr.txt";
  const std::string command = "cd '" + folder.string() + "' && '" + host() + "' " + arguments + " 2>'" +
                              err.string() + "'";
  Outcome outcome;
  FILE* pipe = ::popen(command.c_str(), "r");
  BOOST_REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) outcome.out.append(buffer, got);
  const int status = ::pclose(pipe);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  outcome.err = read_file(err);
  fs::remove(err);
  return outcome;
}

Outcome evaluate(const fs::path& folder, const std::string& arguments) {
  return grk_eval(folder, "evaluate " + arguments);
}

void write_small_inputs(const mt::TemporaryFiles& files) {
  files.write("qrels.txt", "q1 0 d1 2\nq1 0 d2 1\nq1 0 d3 0\nq2 0 d1 1\nq3 0 d7 1\n");
  files.write("bm25.run", "q1 Q0 d1 1 3 bm25\nq1 Q0 d3 2 2 bm25\nq1 Q0 d2 3 1 bm25\nq2 Q0 d4 1 1 bm25\n");
  files.write("dense.run", "q1 Q0 d2 1 9 dense\nq2 Q0 d1 1 9 dense\n");
}

/// The three runs and qrels of the significance tests (12 queries; bm25 lacks 411).
fs::path trec_run_data() {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  return fs::path(source ? source : "") / "tests/significance/data/trec_run";
}

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::vector<std::string> cells;
    std::istringstream fields(line);
    std::string cell;
    while (std::getline(fields, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

// Worked by hand: q1 judges d1 (2) and d2 (1); q2 d1; q3 d7, which neither
// run retrieves. bm25: AP (1 + 2/3)/2 on q1, 0 on q2 and q3 = 0.2778; P_1
// 1, 0, 0. dense: AP 1/2, 1, 0 = 0.5; P_1 1, 1, 0. With --intersect q3,
// which no run has, is left out.
BOOST_AUTO_TEST_CASE(the_table_has_a_row_per_run_and_a_column_per_measure) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_small_inputs(files);
  const Outcome all = evaluate(files.folder(), "qrels.txt bm25.run dense.run -m AP -m P_1");
  BOOST_TEST(all.exit_code == 0, all.err);
  BOOST_TEST(all.err.empty(), all.err);
  BOOST_TEST(all.out ==
             "system      AP      P_1\n"
             "bm25    0.2778   0.3333\n"
             "dense   0.5000*  0.6667*\n"
             "Mean of each measure over 3 queries of the qrels; the best per measure marked *. bm25 lacks 1 query\n"
             "of the qrels: q3. dense lacks 1 query of the qrels: q3.\n");
  const Outcome shared = evaluate(files.folder(), "qrels.txt lexical=bm25.run dense.run -m AP -m P_1 --intersect");
  BOOST_TEST(shared.exit_code == 0, shared.err);
  BOOST_TEST(shared.out ==
             "system       AP      P_1\n"
             "lexical  0.4167   0.5000\n"
             "dense    0.7500*  1.0000*\n"
             "Mean of each measure over the 2 queries of the qrels that every system has; the best per measure\n"
             "marked *. lexical lacks 1 query of the qrels: q3. dense lacks 1 query of the qrels: q3.\n");
}

// The LaTeX table names the command that wrote it, not another verb.
BOOST_AUTO_TEST_CASE(the_latex_file_says_evaluate_wrote_it) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_small_inputs(files);
  const Outcome latex = evaluate(files.folder(), "qrels.txt bm25.run dense.run -m AP --format latex");
  BOOST_TEST(latex.exit_code == 0, latex.err);
  BOOST_TEST(latex.out.substr(0, latex.out.find("\\begin")) ==
             "% grk-eval evaluate\n% Written by grk-eval evaluate. Needs only \\usepackage{booktabs}.\n\n");
}

// A paper names measures as ir_measures does: LaTeX shows a trec_eval name
// by its ir_measures twin where the result gives one (the comparisons'
// captions and labels too), unless --rename names it; the terminal keeps
// the name typed. `-m P.5 -m 11pt_avg` are two measures, not P's cutoffs.
BOOST_AUTO_TEST_CASE(latex_names_trec_eval_measures_as_ir_measures_does) {
  if (!ready()) return;
  const fs::path data = trec_run_data();
  const mt::TemporaryFiles files;
  const fs::path folder(files.folder());
  const std::string inputs = "'" + (data / "qrels.txt").string() + "' '" + (data / "bm25.run").string() + "' '" +
                             (data / "dense.run").string() + "'";
  const std::string measures = " -m ndcg_cut.10 -m P.5 -m 11pt_avg --baseline bm25";
  const auto header = [](const std::string& latex) {
    const auto start = latex.find("\nsystem &") + 1;
    return latex.substr(start, latex.find('\n', start) - start);
  };
  const Outcome latex = evaluate(folder, inputs + measures + " --format latex --results r.json");
  BOOST_TEST_REQUIRE(latex.exit_code == 0, latex.err);
  BOOST_TEST(header(latex.out) == "system & \\shortstack[r]{P\\\\@5} & 11pt\\_avg & \\shortstack[r]{nDCG\\\\@10} \\\\");
  const Outcome text = evaluate(folder, inputs + measures);
  BOOST_TEST(text.out.rfind("system     P_5   11pt_avg  ndcg_cut_10\n", 0) == 0u, text.out);
  const Outcome report = grk_eval(folder, "report r.json --format latex");
  BOOST_TEST_REQUIRE(report.exit_code == 0, report.err);
  BOOST_TEST(report.out.find("\\caption{nDCG@10. Effect:") != std::string::npos, report.out);
  BOOST_TEST(report.out.find("\\label{tab:grk-ndcg-10}") != std::string::npos, report.out);
  BOOST_TEST(report.out.find("ndcg\\_cut") == std::string::npos, report.out);
  const Outcome renamed = grk_eval(folder, "report r.json --format latex --table --rename ndcg_cut_10=NDCG10");
  BOOST_TEST(header(renamed.out) == "system & \\shortstack[r]{P\\\\@5} & 11pt\\_avg & NDCG10 \\\\");
  // At relevance level 2, P_5 is P(rel=2)@5; nDCG has no rel=, so ndcg_cut_10 stays.
  const Outcome level = evaluate(folder, inputs + " -m ndcg_cut.10 -m P.5 -l 2 --format latex");
  BOOST_TEST(header(level.out) == "system & \\shortstack[r]{P(rel=2)\\\\@5} & ndcg\\_cut\\_10 \\\\");
}

// A failed step's message quotes the run's line; on the terminal it is one
// line, its control characters shown escaped (docs/design.md §4.16).
BOOST_AUTO_TEST_CASE(a_failure_quoting_control_characters_prints_them_escaped) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_small_inputs(files);
  files.write("bad.run", "q1 Q0 d1 1 x\x1b]0;owned\x07\n[9/9] t\n");
  const Outcome out = evaluate(files.folder(), "qrels.txt bad.run");
  BOOST_TEST(out.exit_code == 3);
  BOOST_TEST(out.err == "grk-eval evaluate: evaluate failed [invalid-data]: run file '" +
                            (fs::path(files.folder()) / "bad.run").string() +
                            "' line 1: expected 6 fields (qid Q0 docno rank score tag), got 5: 'q1 Q0 d1 1 "
                            "x\\x1B]0;owned\\x07'\n");
}

// A run and its copy tie on every query, where the t-test is undefined: the
// table is printed all the same, the copy's cells unmarked
// (docs/behaviour/comparisons.md §10.8), where the whole step used to fail.
BOOST_AUTO_TEST_CASE(a_run_and_its_copy_still_give_the_table) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_small_inputs(files);
  files.write("copy.run", "q1 Q0 d1 1 3 bm25\nq1 Q0 d3 2 2 bm25\nq1 Q0 d2 3 1 bm25\nq2 Q0 d4 1 1 bm25\n");
  const Outcome out = evaluate(files.folder(), "qrels.txt bm25.run copy.run dense.run -m AP --baseline bm25");
  BOOST_TEST(out.exit_code == 0, out.err);
  BOOST_TEST(out.err.empty(), out.err);
  BOOST_TEST(out.out.substr(0, out.out.find("Mean")) ==
             "system      AP\n"
             "bm25    0.2778\n"
             "copy    0.2778\n"
             "dense   0.5000*\n");
}

// The CSV's means are the evaluate component's, digit for digit, as the
// --results document holds them; its significance is compare-systems' own.
BOOST_AUTO_TEST_CASE(the_csv_and_marks_are_the_components_own) {
  if (!ready()) return;
  const fs::path data = trec_run_data();
  if (!fs::exists(data / "qrels.txt")) {
    BOOST_TEST_MESSAGE("skipped: tests/significance/data/trec_run is absent (GRK_SOURCE_DIR)");
    return;
  }
  const mt::TemporaryFiles files;
  for (const char* name : {"qrels.txt", "bm25.run", "dense.run", "rerank.run"}) {
    fs::copy_file(data / name, fs::path(files.folder()) / name);
  }
  const Outcome csv = evaluate(files.folder(),
                               "qrels.txt bm25.run dense.run rerank.run -m nDCG@10 -m P@5 -m map --baseline bm25 "
                               "--format csv --results results.json");
  BOOST_REQUIRE_MESSAGE(csv.exit_code == 0, csv.err);
  const auto document = grk::json::read(read_file(fs::path(files.folder()) / "results.json")).value();
  const auto& steps = document.at("steps").as_array();
  const auto& systems = steps.at(0).at("result").at("systems").as_object();
  const auto& records = steps.at(1).at("result").at("comparisons").as_array();
  const auto rows = csv_rows(csv.out);
  BOOST_REQUIRE(rows.size() == 4);
  BOOST_TEST(rows[0] == (std::vector<std::string>{"step", "system", "nDCG@10", "nDCG@10 p_adj", "nDCG@10 significant",
                                                  "P@5", "P@5 p_adj", "P@5 significant", "map", "map p_adj",
                                                  "map significant"}),
             boost::test_tools::per_element());
  std::size_t significant = 0;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::string system = rows[r][1];
    for (std::size_t m = 0; m < 3; ++m) {
      const std::string measure = rows[0][2 + 3 * m];
      BOOST_TEST_CONTEXT(system << " " << measure) {
        const double mean = systems.at(system).at("summary").at(measure).to_number<double>();
        // Full precision: the text reads back to the very double.
        BOOST_TEST(std::strtod(rows[r][2 + 3 * m].c_str(), nullptr) == mean);
        std::optional<double> p_adj;
        std::string marked;
        for (const auto& record : records) {
          if (record.at("candidate").as_string() != system || record.at("metric").as_string() != measure) continue;
          p_adj = record.at("p_value_adjusted").to_number<double>();
          marked = record.at("significant").as_bool() ? "true" : "false";
          significant += record.at("significant").as_bool() ? 1 : 0;
          // compare-systems' means over the same queries are the table's.
          BOOST_TEST(record.at("candidate_mean").to_number<double>() == mean);
        }
        BOOST_TEST(rows[r][3 + 3 * m].empty() == !p_adj);
        if (p_adj) BOOST_TEST(std::strtod(rows[r][3 + 3 * m].c_str(), nullptr) == *p_adj);
        BOOST_TEST(rows[r][4 + 3 * m] == marked);
      }
    }
  }
  BOOST_TEST(significant > 0);  // the marks are tested where they are, not only where they are not
  // The text table carries a dagger exactly where the CSV says true.
  const Outcome text = evaluate(files.folder(), "qrels.txt bm25.run dense.run rerank.run -m nDCG@10 -m P@5 -m map "
                                                "--baseline bm25");
  BOOST_REQUIRE_MESSAGE(text.exit_code == 0, text.err);
  std::istringstream lines(text.out);
  std::string line;
  std::getline(lines, line);  // the header
  for (std::size_t r = 1; r < rows.size(); ++r) {
    std::getline(lines, line);
    std::istringstream cells(line);
    std::string cell;
    cells >> cell;
    BOOST_TEST(cell == rows[r][1]);
    for (std::size_t m = 0; m < 3; ++m) {
      cells >> cell;
      BOOST_TEST((cell.find("\u2020") != std::string::npos) == (rows[r][4 + 3 * m] == "true"), line);
    }
  }
}

// Without a baseline each run is a letter, and a cell lists the runs it is
// significantly better than: exactly the significant records it wins.
BOOST_AUTO_TEST_CASE(without_a_baseline_a_cell_names_the_runs_it_beats) {
  if (!ready()) return;
  const fs::path data = trec_run_data();
  if (!fs::exists(data / "qrels.txt")) {
    BOOST_TEST_MESSAGE("skipped: tests/significance/data/trec_run is absent (GRK_SOURCE_DIR)");
    return;
  }
  const mt::TemporaryFiles files;
  for (const char* name : {"qrels.txt", "bm25.run", "dense.run", "rerank.run"}) {
    fs::copy_file(data / name, fs::path(files.folder()) / name);
  }
  const Outcome out = evaluate(files.folder(), "qrels.txt bm25.run dense.run rerank.run -m nDCG@10 --test wilcoxon "
                                               "--correction bonferroni --results results.json");
  BOOST_REQUIRE_MESSAGE(out.exit_code == 0, out.err);
  const auto document = grk::json::read(read_file(fs::path(files.folder()) / "results.json")).value();
  const auto& records = document.at("steps").at(1).at("result").at("comparisons").as_array();
  const std::vector<std::string> names{"bm25", "dense", "rerank"};
  std::istringstream lines(out.out);
  std::string line;
  std::getline(lines, line);
  for (std::size_t s = 0; s < names.size(); ++s) {
    std::getline(lines, line);
    std::string expected;
    for (std::size_t other = 0; other < names.size(); ++other) {
      for (const auto& record : records) {
        const bool pair = (record.at("baseline").as_string() == names[s] && record.at("candidate").as_string() == names[other]) ||
                          (record.at("baseline").as_string() == names[other] && record.at("candidate").as_string() == names[s]);
        if (!pair || !record.at("significant").as_bool()) continue;
        const bool wins = record.at("candidate").as_string() == names[s]
                              ? record.at("candidate_mean").to_number<double>() > record.at("baseline_mean").to_number<double>()
                              : record.at("baseline_mean").to_number<double>() > record.at("candidate_mean").to_number<double>();
        if (wins) expected += static_cast<char>('a' + other);
      }
    }
    const std::string label = names[s] + " (" + static_cast<char>('a' + s) + ")";
    BOOST_TEST(line.rfind(label, 0) == 0, line);
    const std::string value = line.substr(line.find_last_of(' ') + 1);
    const std::size_t marked = value.find_first_not_of("0123456789.*");
    const std::string marks = marked == std::string::npos ? std::string() : value.substr(marked);
    BOOST_TEST(marks == expected, line);
  }
  BOOST_TEST(out.out.find("by wilcoxon (correction bonferroni over all") != std::string::npos,
             out.out);
  // --rename shows a run or measure under another name, its marks kept;
  // --baseline still takes the run's own name.
  const Outcome renamed = evaluate(files.folder(), "qrels.txt bm25.run dense.run -m AP -m ndcg_cut_10 --baseline bm25 "
                                                   "--rename bm25=BM25 --rename ndcg_cut_10=nDCG@10");
  BOOST_REQUIRE_MESSAGE(renamed.exit_code == 0, renamed.err);
  BOOST_TEST(renamed.out.rfind("system      AP    nDCG@10\nBM25    0.5203    0.5571\ndense   0.7405*\u2020  0.8128*\u2020\n",
                               0) == 0,
             renamed.out);
  const Outcome unknown = evaluate(files.folder(), "qrels.txt bm25.run dense.run -m AP --rename x=y");
  BOOST_TEST(unknown.exit_code == 1);
  BOOST_TEST(unknown.err == "grk-eval evaluate: --rename x=y: no system or measure is named 'x'; the names: bm25, "
                            "dense, AP\n");
  // A family of one says so in the singular.
  const Outcome one = evaluate(files.folder(), "qrels.txt bm25.run dense.run -m AP --baseline bm25");
  BOOST_REQUIRE_MESSAGE(one.exit_code == 0, one.err);
  BOOST_TEST(one.out.find("(correction holm over the step's one comparison, \u03b1 = 0.05)") != std::string::npos,
             one.out);
}

// Everything is checked before any file is read, every mistake in one
// message; nothing is written.
BOOST_AUTO_TEST_CASE(every_mistake_comes_in_one_message_before_anything_runs) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_small_inputs(files);
  const Outcome out = evaluate(files.folder(), "qrels.txt bm25.run nope.run -m nDGC@10 --test tt -o table.pdf "
                                               "--results results.json");
  BOOST_TEST(out.exit_code == 1);
  BOOST_TEST(out.out.empty());
  const fs::path folder(files.folder());
  BOOST_TEST(out.err ==
             "grk-eval evaluate: evaluate: runs 'nope': '" + (folder / "nope.run").string() + "' does not exist\n"
             "grk-eval evaluate: evaluate [invalid-argument]: parameter 'measures': measure 'nDGC@10': unknown measure "
             "'nDGC' (closest: nDCG)\n"
             "grk-eval evaluate: compare-systems: test: must be one of: bootstrap, randomization, t, wilcoxon, "
             "tukey-hsd, randomized-tukey-hsd; got 'tt'\n"
             // A bad test does not hide the comparisons' other mistakes.
             "grk-eval evaluate: compare-systems: runs 'nope': '" + (folder / "nope.run").string() + "' does not exist\n"
             "grk-eval evaluate: compare-systems [invalid-argument]: metrics: measure 'nDGC@10': unknown measure "
             "'nDGC' (closest: nDCG)\n"
             "grk-eval evaluate: --output table.pdf: cannot tell the format from its extension; use .md, .markdown, "
             ".html, .htm, .tex, .csv or .txt, or say --format\n");
  BOOST_TEST(!fs::exists(folder / "results.json"));
  BOOST_TEST(!fs::exists(folder / "table.pdf"));
  const Outcome twice = evaluate(files.folder(), "qrels.txt bm25.run other/bm25.run");
  BOOST_TEST(twice.err == "grk-eval evaluate: RUN: two runs are named 'bm25' (bm25.run and other/bm25.run); name them "
                          "NAME=PATH\n");
  const Outcome alone = evaluate(files.folder(), "qrels.txt");
  BOOST_TEST(alone.exit_code == 1);
  BOOST_TEST(alone.err == "grk-eval evaluate: give the QRELS file and at least one RUN file after it\n"
                          "Try 'grk-eval evaluate --help'.\n");
}

// --per-query with csv: each value the evaluate result keeps, long, under
// the shown names; trec_eval's P_1 has q3 (complete), ir_measures' AP only
// the queries the run has (q3 counts 0 in its mean, but has no value).
BOOST_AUTO_TEST_CASE(per_query_csv_is_long) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_small_inputs(files);
  const Outcome out = evaluate(files.folder(), "qrels.txt bm25.run -m AP -m P_1 --per-query --format csv "
                                               "--rename P_1=P@1");
  BOOST_TEST(out.exit_code == 0, out.err);
  BOOST_TEST(out.out == "step,system,query,measure,value\r\n"
                        "evaluate,bm25,q1,AP,0.8333333333333333\r\nevaluate,bm25,q1,P@1,1.0\r\n"
                        "evaluate,bm25,q2,AP,0.0\r\nevaluate,bm25,q2,P@1,0.0\r\n"
                        "evaluate,bm25,q3,P@1,0.0\r\n");
}

// -o writes the table atomically and nothing to stdout; --results keeps the
// document that `grk-eval report` renders to the same table.
BOOST_AUTO_TEST_CASE(output_and_results_files) {
  if (!ready()) return;
  const mt::TemporaryFiles files;
  write_small_inputs(files);
  const Outcome out = evaluate(files.folder(), "qrels.txt bm25.run dense.run -m AP -o table.md --results r.json");
  BOOST_TEST(out.exit_code == 0, out.err);
  BOOST_TEST(out.out.empty());
  const fs::path folder(files.folder());
  const std::string table = read_file(folder / "table.md");
  BOOST_TEST(table.find("| system | AP |\n|---|---:|\n| bm25 | 0.2778 |\n| dense | **0.5000** |\n") != std::string::npos,
             table);
  const std::string command = "'" + host() + "' report '" + (folder / "r.json").string() + "' --format markdown";
  FILE* pipe = ::popen(command.c_str(), "r");
  std::string report;
  char buffer[4096];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) report.append(buffer, got);
  BOOST_TEST(::pclose(pipe) == 0);
  BOOST_TEST(report.find("| system | AP |\n|---|---:|\n| bm25 | 0.2778 |\n| dense | **0.5000** |\n") != std::string::npos,
             report);
}

// `report --table` renders a results document's systems x measures table as
// `evaluate` printed it, in every format: the table, marks and note are the
// same bytes; only LaTeX's comment names the command that wrote it.
BOOST_AUTO_TEST_CASE(report_table_renders_what_evaluate_printed) {
  if (!ready()) return;
  const fs::path data = trec_run_data();
  const mt::TemporaryFiles files;
  const fs::path folder(files.folder());
  const std::string inputs = "'" + (data / "qrels.txt").string() + "' '" + (data / "bm25.run").string() + "' '" +
                             (data / "dense.run").string() + "' '" + (data / "rerank.run").string() + "'";
  for (const char* marks : {"--baseline bm25", "--test wilcoxon"}) {
    for (const std::string format : {"text", "markdown", "html", "csv", "latex"}) {
      const Outcome printed =
          evaluate(folder, inputs + " -m nDCG@10 -m P@5 " + marks + " --format " + format + " --results r.json");
      BOOST_TEST_REQUIRE(printed.exit_code == 0, printed.err);
      const Outcome rendered = grk_eval(folder, "report r.json --table --title 'grk-eval evaluate' --format " + format);
      BOOST_TEST_REQUIRE(rendered.exit_code == 0, rendered.err);
      if (format == "latex") {
        const std::string writer = "% Written by grk-eval evaluate.";
        BOOST_TEST_REQUIRE(printed.out.find(writer) != std::string::npos);
        std::string expected = printed.out;
        expected.replace(expected.find(writer), writer.size(), "% Written by grk-eval report.");
        BOOST_TEST(rendered.out == expected, marks);
      } else {
        BOOST_TEST(rendered.out == printed.out, marks << " " << format);
      }
    }
  }
  const Outcome both = grk_eval(folder, "report r.json --table --full");
  BOOST_TEST(both.exit_code == 1);
  BOOST_TEST(both.err.find("grk-eval report: --full and --table ask for different reports; give one\n") == 0, both.err);
}
