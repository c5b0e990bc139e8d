// `grk-eval report` as a user runs it: every format of the fixed results
// documents in documents/ against the golden files in golden/ (README.md
// says how both were made and how to renew the golden files), hostile
// names in every format, documents that are not ones refused, --metric,
// --title, --output, and run --report.
#define BOOST_TEST_MODULE report_render_cli
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <grk/json/writer.hpp>

#include "grk_eval.hpp"

namespace {

namespace fs = std::filesystem;
using grk::test::grk_eval;
using grk::test::read_text;
using grk::test::run_process;
using grk::test::write_text;

fs::path source_dir() { return fs::path(std::getenv("GRK_SOURCE_DIR")); }
fs::path here() { return source_dir() / "tests" / "report_render"; }
fs::path document(const std::string& name) { return here() / "documents" / (name + ".json"); }

fs::path scratch(const std::string& name) {
  const fs::path dir = grk::test::binary_dir() / "tests" / "report_render" / "scratch" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

const std::vector<std::string> documents{"example",     "compare-systems", "compare-systems-per-query",
                                         "compare-tests", "compare-tukey",  "failed-step",
                                         "hostile-names", "evaluate-8x8"};
const std::vector<std::pair<std::string, std::string>> formats{
    {"markdown", ".md"}, {"html", ".html"}, {"latex", ".tex"}, {"csv", ".csv"}};

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

std::vector<std::string> lines_with(const std::string& text, const std::string& start) {
  std::vector<std::string> found;
  for (const auto& line : grk::test::lines_of(text)) {
    if (line.compare(0, start.size(), start) == 0) found.push_back(line);
  }
  return found;
}

/// The '|' of a Markdown table row that are not escaped: its cell borders.
std::size_t cell_borders(const std::string& row) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] == '\\') {
      ++i;
    } else if (row[i] == '|') {
      ++n;
    }
  }
  return n;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_format_of_every_document_matches_its_golden_file) {
  // GRK_UPDATE_GOLDEN=1 rewrites them instead (then look at the diff).
  const bool update = std::getenv("GRK_UPDATE_GOLDEN") != nullptr;
  for (const auto& name : documents) {
    for (const auto& [format, extension] : formats) {
      const auto result = grk_eval({"report", document(name).string(), "--format", format});
      BOOST_TEST_REQUIRE(result.exit_code == 0, name << " " << format << ": " << result.err);
      BOOST_TEST(result.err == "");
      const fs::path golden = here() / "golden" / (name + extension);
      if (update) {
        write_text(golden, result.out);
        continue;
      }
      BOOST_TEST_REQUIRE(fs::exists(golden), golden);
      BOOST_TEST(result.out == read_text(golden), name << " " << format);
    }
    // LaTeX's --full: the paper's tables, then the steps, results and provenance.
    const auto full = grk_eval({"report", document(name).string(), "--format", "latex", "--full"});
    BOOST_TEST_REQUIRE(full.exit_code == 0, name << " --full: " << full.err);
    const fs::path golden = here() / "golden" / (name + "-full.tex");
    if (update) {
      write_text(golden, full.out);
      continue;
    }
    BOOST_TEST_REQUIRE(fs::exists(golden), golden);
    BOOST_TEST(full.out == read_text(golden), name << " --full");
  }
}

BOOST_AUTO_TEST_CASE(full_is_refused_outside_latex) {
  for (const char* format : {"markdown", "html", "csv"}) {
    const auto result = grk_eval({"report", document("example").string(), "--format", format, "--full"});
    BOOST_TEST(result.exit_code == 1, format);
    BOOST_TEST(result.out == "");
    BOOST_TEST(result.err.find("grk-eval report: --full applies to the latex format only; the other formats always "
                               "show everything\n") == 0,
               result.err);
  }
}

BOOST_AUTO_TEST_CASE(table_needs_a_systems_x_measures_table) {
  const std::string file = document("example").string();
  const auto result = grk_eval({"report", file, "--table"});
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.out == "");
  BOOST_TEST(result.err == "grk-eval report: --table: " + file +
                               " has no systems x measures table (no evaluate or trec-eval result)\n");
}

BOOST_AUTO_TEST_CASE(markdown_is_the_default_and_output_takes_the_format_from_its_extension) {
  const auto markdown = grk_eval({"report", document("example").string()});
  BOOST_TEST(markdown.exit_code == 0);
  BOOST_TEST(markdown.out == read_text(here() / "golden" / "example.md"));
  const fs::path dir = scratch("output");
  for (const auto& [format, extension] : formats) {
    const fs::path file = dir / "sub" / ("report" + extension);
    const auto result = grk_eval({"report", document("example").string(), "-o", file.string()});
    BOOST_TEST(result.exit_code == 0, format);
    BOOST_TEST(result.out == "report: " + file.string() + "\n");
    BOOST_TEST(result.err == "");
    BOOST_TEST(read_text(file) == read_text(here() / "golden" / ("example" + extension)), format);
  }
  // --format wins over the extension.
  const fs::path file = dir / "report.txt";
  BOOST_TEST(grk_eval({"report", document("example").string(), "--format", "csv", "-o", file.string()}).exit_code == 0);
  BOOST_TEST(read_text(file) == read_text(here() / "golden" / "example.csv"));
}

// -o names the format only by an extension that says it, in any case; any
// other is refused with nothing written, never rendered as Markdown.
BOOST_AUTO_TEST_CASE(output_extensions_that_name_no_format_are_refused) {
  const fs::path dir = scratch("extensions");
  for (const char* name : {"report.HTML", "report.htm", "report.Html"}) {
    const auto result = grk_eval({"report", document("example").string(), "-o", (dir / name).string()});
    BOOST_TEST(result.exit_code == 0, name << ": " << result.err);
    BOOST_TEST(read_text(dir / name) == read_text(here() / "golden" / "example.html"), name);
  }
  BOOST_TEST(grk_eval({"report", document("example").string(), "-o", (dir / "t.TEX").string()}).exit_code == 0);
  BOOST_TEST(read_text(dir / "t.TEX") == read_text(here() / "golden" / "example.tex"));
  for (const char* name : {"report.pdf", "report.text", "report"}) {
    const fs::path file = dir / name;
    const auto result = grk_eval({"report", document("example").string(), "-o", file.string()});
    BOOST_TEST(result.exit_code == 1, name);
    BOOST_TEST(result.out == "");
    BOOST_TEST(result.err == "grk-eval report: --output " + file.string() +
                                 ": cannot tell the format from its extension; use .md, .markdown, .html, .htm, .tex, "
                                 ".csv or .txt, or say --format\nTry 'grk-eval report --help'.\n");
    BOOST_TEST(!fs::exists(file), name);
  }
}

BOOST_AUTO_TEST_CASE(title_and_metric_choose_what_is_shown) {
  const auto result = grk_eval({"report", document("compare-systems").string(), "--metric", "mrr", "--metric",
                                "recall_at_1", "--title", "Table 2 <draft>"});
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  const std::string head = "# Table 2 \\<draft\\>\n\n## Comparisons\n\n### recall\\_at\\_1\n";
  BOOST_TEST(result.out.compare(0, head.size(), head) == 0, result.out.substr(0, 60));
  BOOST_TEST(lines_with(result.out, "### ").size() == 2 + 1 + 2);  // two metrics, one step, inputs, modules
  BOOST_TEST(result.out.find("### recall\\_at\\_1\n") < result.out.find("### mrr\n"));  // document order
  BOOST_TEST(result.out.find("### ndcg") == std::string::npos);
  BOOST_TEST(result.out.find("| ndcg") == std::string::npos);
  BOOST_TEST(result.out.find("6 comparisons in the tables above") != std::string::npos);

  const auto unknown = grk_eval({"report", document("compare-systems").string(), "--metric", "map"});
  BOOST_TEST(unknown.exit_code == 1);
  BOOST_TEST(unknown.out == "");
  BOOST_TEST(unknown.err ==
             "grk-eval report: --metric map: no comparison or score table has this measure; the report's: "
             "recall_at_1, recall_at_5, recall_at_10, mrr, ndcg_at_10\n");
}

// --metric speaks the measure language: an alias or another dialect finds
// the measure as the document names it, in the score table and the
// comparisons alike.
BOOST_AUTO_TEST_CASE(metric_takes_any_dialect_of_the_measure_language) {
  const auto csv = [](const std::vector<std::string>& metrics) {
    std::vector<std::string> arguments{"report", document("evaluate-8x8").string(), "--format", "csv"};
    for (const auto& metric : metrics) {
      arguments.push_back("--metric");
      arguments.push_back(metric);
    }
    return grk_eval(arguments);
  };
  const auto by_alias = csv({"MAP", "NDCG@10"});
  BOOST_TEST_REQUIRE(by_alias.exit_code == 0, by_alias.err);
  const auto as_printed = csv({"AP", "nDCG@10"});
  BOOST_TEST_REQUIRE(as_printed.exit_code == 0, as_printed.err);
  BOOST_TEST(by_alias.out == as_printed.out);
  const std::string header = by_alias.out.substr(0, by_alias.out.find('\n'));
  BOOST_TEST(header.find("AP") != std::string::npos, header);
  BOOST_TEST(header.find("nDCG@10") != std::string::npos, header);
  BOOST_TEST(header.find("P@10") == std::string::npos, header);
  BOOST_TEST(header.find("nDCG@20") == std::string::npos, header);

  // trec_eval's names find ir_measures' printed ones, and the other way round.
  const auto by_trec_eval = csv({"map", "ndcg_cut.10"});
  BOOST_TEST_REQUIRE(by_trec_eval.exit_code == 0, by_trec_eval.err);
  BOOST_TEST(by_trec_eval.out == as_printed.out);
  const auto typo = csv({"nDGC@10"});
  BOOST_TEST(typo.exit_code == 1);
  BOOST_TEST(typo.err == "grk-eval report: --metric nDGC@10: measure 'nDGC@10': unknown measure 'nDGC' (closest: "
                         "nDCG)\n");
  const auto absent = csv({"ERR@20"});
  BOOST_TEST(absent.exit_code == 1);
  BOOST_TEST(absent.err == "grk-eval report: --metric ERR@20: no comparison or score table has this measure; the "
                           "report's: AP, nDCG@10, P@10, R@100, RR, nDCG@20, P(rel=2)@5, Judged@10\n");
}

// A FIFO or a device is never read as a results document: the check is on
// the descriptor that would be read, and nothing hangs or fills memory.
BOOST_AUTO_TEST_CASE(a_fifo_or_a_device_is_not_a_results_document) {
  const fs::path dir = scratch("special");
  const fs::path fifo = dir / "results.json";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto from_fifo = grk_eval({"report", fifo.string()});
  BOOST_TEST(from_fifo.exit_code == 1);
  BOOST_TEST(from_fifo.err == "grk-eval report: " + fifo.string() + ": a FIFO, not a results document\n");
  const auto zeros = grk_eval({"report", "/dev/zero"});
  BOOST_TEST(zeros.exit_code == 1);
  BOOST_TEST(zeros.err == "grk-eval report: /dev/zero: a character device, not a results document\n");
}

// A document beyond the memory the process may take (`ulimit -v`) ends the
// report with exit 5 and a message, not an abort (SIGABRT, 134); the same
// limit leaves room for an ordinary document. AddressSanitizer reserves
// terabytes of address space and cannot start under such a limit.
BOOST_AUTO_TEST_CASE(a_document_beyond_the_memory_limit_is_said_to_be_not_aborted_on) {
#if defined(__SANITIZE_ADDRESS__)
  BOOST_TEST_MESSAGE("skipped: an address-space limit does not apply to an AddressSanitizer build");
#else
  const fs::path dir = scratch("memory");
  std::string text = read_text(document("compare-systems"));
  const std::string padding = "{\"padding\": \"" + std::string(std::size_t{100} << 20, 'x') + "\", ";
  text.replace(text.find("{"), 1, padding);
  write_text(dir / "huge.json", text);
  const auto limited = [](const fs::path& file) {
    return grk::test::run_process({"/bin/sh", "-c", "ulimit -v 300000 && exec \"$0\" \"$@\"",
                                   grk::test::grk_eval_binary().string(), "report", file.string()},
                                  {});
  };
  const auto huge = limited(dir / "huge.json");
  BOOST_TEST(huge.exit_code == 5);
  BOOST_TEST(huge.err == "grk-eval report: out of memory: this input needs more memory than the process may take "
                         "(see `ulimit -v` and the machine's free memory)\n");
  fs::remove(dir / "huge.json");
  BOOST_TEST(limited(document("compare-systems")).exit_code == 0);
#endif
}

BOOST_AUTO_TEST_CASE(what_is_not_a_results_document_is_refused_with_exit_1) {
  const fs::path dir = scratch("refused");
  struct Case {
    std::string name, content, message;
  };
  const std::vector<Case> cases{
      {"config.json", read_text(source_dir() / "configs" / "example.json"),
       "not a results document of grk-eval run: expected a JSON object with \"steps\" and \"provenance\""},
      {"list.json", "[1, 2]\n",
       "not a results document of grk-eval run: expected a JSON object with \"steps\" and \"provenance\""},
      {"text.md", "# a report\n",
       "not a results document of grk-eval run: invalid JSON at line 1, column 1: Expecting value"},
      {"no-version.json", "{\"steps\": [], \"provenance\": {}}",
       "not a results document of grk-eval run: its provenance has no host_version"},
      {"bad-step.json", "{\"steps\": [{\"id\": \"a\"}], \"provenance\": {\"host_version\": \"1.0.0\"}}",
       "not a results document of grk-eval run: steps[0]: a step needs a string \"id\" and \"status\""},
      {"future.json", "{\"steps\": [], \"provenance\": {\"host_version\": \"2.0.0\"}}",
       "results document version 2.0.0 (provenance.host_version) is not one this grk-eval reads; "
       "grk-eval 1.2.0 reads versions 1.x"},
  };
  for (const auto& c : cases) {
    const fs::path file = dir / c.name;
    write_text(file, c.content);
    const auto result = grk_eval({"report", file.string()});
    BOOST_TEST(result.exit_code == 1, c.name);
    BOOST_TEST(result.out == "", c.name);
    BOOST_TEST(result.err == "grk-eval report: " + file.string() + ": " + c.message + "\n", c.name);
  }
  const auto missing = grk_eval({"report", (dir / "absent.json").string()});
  BOOST_TEST(missing.exit_code == 1);
  BOOST_TEST(missing.err == "grk-eval report: " + (dir / "absent.json").string() + ": no such results document\n");
  // A newer minor of this host's version is read.
  write_text(dir / "minor.json", "{\"steps\": [], \"provenance\": {\"host_version\": \"1.7.0\"}}");
  BOOST_TEST(grk_eval({"report", (dir / "minor.json").string()}).exit_code == 0);
}

BOOST_AUTO_TEST_CASE(usage_mistakes) {
  const auto none = grk_eval({"report"});
  BOOST_TEST(none.exit_code == 1);
  BOOST_TEST(none.err ==
             "grk-eval report: which results document? Give its file, e.g. 'grk-eval report results.json'\n"
             "Try 'grk-eval report --help'.\n");
  const auto format = grk_eval({"report", document("example").string(), "--format", "pdf"});
  BOOST_TEST(format.exit_code == 1);
  BOOST_TEST(format.err ==
             "grk-eval report: --format pdf: expected markdown, html, latex, csv or text\nTry 'grk-eval report --help'.\n");
  const auto help = grk_eval({"report", "--help"});
  BOOST_TEST(help.exit_code == 0);
  BOOST_TEST(help.out.compare(0, 46, "Usage: grk-eval report RESULTS [--format markd") == 0);
  const auto top = grk_eval({"--help"});
  BOOST_TEST(top.out.find("\n  report RESULTS     render a results document") != std::string::npos, top.out);
}

BOOST_AUTO_TEST_CASE(hostile_names_never_break_a_format) {
  const std::string file = document("hostile-names").string();
  const std::string script = "<script>alert(\"x\")</script> & \"q\" 100% a_b $x$ back\\slash #1 {b}";

  const auto html = grk_eval({"report", file, "--format", "html"}).out;
  BOOST_TEST(html.find("<script") == std::string::npos);
  BOOST_TEST(html.find("<b>") == std::string::npos);
  BOOST_TEST(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;q&quot; 100% a_b $x$ "
                       "back\\slash #1 {b}") != std::string::npos);
  BOOST_TEST(html.find("data-candidate=\"x|y\"") != std::string::npos);
  BOOST_TEST(html.find("<bdi>מערכת-עברית نظام</bdi>") != std::string::npos);

  const auto markdown = grk_eval({"report", file}).out;
  // Every row of every table has as many cell borders as its header.
  std::size_t header_borders = 0, rows = 0;
  for (const auto& line : grk::test::lines_of(markdown)) {
    if (line.empty() || line[0] != '|') {
      header_borders = 0;
      continue;
    }
    if (header_borders == 0) header_borders = cell_borders(line);
    BOOST_TEST(cell_borders(line) == header_borders, line);
    ++rows;
  }
  BOOST_TEST(rows > 30u);
  BOOST_TEST(markdown.find("\\<script\\>alert(\"x\")\\</script\\> \\& \"q\" 100% a\\_b \\$x\\$ back\\\\slash \\#1 {b}") !=
             std::string::npos);
  BOOST_TEST(markdown.find("naïve–Ünïcødé \\| pipe new line") != std::string::npos);

  const auto latex = grk_eval({"report", file, "--format", "latex"}).out;
  // Quotes from the typewriter font: \\textquotedbl needs T1, which a plain article lacks.
  BOOST_TEST(latex.find("\\textless{}script\\textgreater{}alert({\\ttfamily\\char34}x{\\ttfamily\\char34})"
                        "\\textless{}/script\\textgreater{} \\& {\\ttfamily\\char34}q{\\ttfamily\\char34} 100\\% "
                        "a\\_b \\$x\\$ back\\textbackslash{}slash \\#1 \\{b\\}") != std::string::npos);
  BOOST_TEST(latex.find("\\textquotedbl") == std::string::npos);
  // Hebrew and Arabic, which pdflatex cannot set without packages, as code points.
  BOOST_TEST(latex.find("\\texttt{\\textless{}U+05DE\\textgreater{}}") != std::string::npos);
  BOOST_TEST(latex.find("naïve–Ünïcødé \\textbar{} pipe new line") != std::string::npos);
  BOOST_TEST(latex.find("bm25 \\textasciitilde{}\\textasciicircum{} 'quote'") != std::string::npos);
  // Outside comments, every unescaped & is a column separator (each row
  // of a table has as many as its header) and no %, #, _ or $ is bare but
  // in the report's own math ($^\dagger$, $\alpha$).
  std::optional<std::size_t> columns;  // the separators of the table's header row
  bool header_next = false;
  for (auto line : grk::test::lines_of(latex)) {
    if (line.empty() || line[0] == '%') continue;
    if (line == "\\toprule") {
      header_next = true;
      continue;
    }
    for (const std::string math : {"$^{\\dagger}$", "$^\\dagger$", "$\\alpha$", "$-$"}) {
      for (auto at = line.find(math); at != std::string::npos; at = line.find(math)) line.erase(at, math.size());
    }
    std::size_t separators = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\') {
        ++i;
      } else if (line[i] == '&') {
        ++separators;
      } else {
        BOOST_TEST(std::string("%#_$").find(line[i]) == std::string::npos, line);
      }
    }
    if (line.find(" \\\\") == std::string::npos) continue;
    if (header_next) columns = separators;
    header_next = false;
    BOOST_TEST_REQUIRE(columns.has_value(), line);
    BOOST_TEST(separators == *columns, line);
  }
  BOOST_TEST(columns.has_value());

  // CSV read back by Python's csv module (an RFC 4180 reader independent of
  // the writer) gives every name back exactly, line break included.
  const fs::path csv = scratch("hostile") / "hostile.csv";
  BOOST_TEST(grk_eval({"report", file, "-o", csv.string()}).exit_code == 0);
  const auto parsed = run_process(
      {"/usr/bin/env", "python3", "-c",
       "import csv, json, sys; rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')));"
       "print(json.dumps([[r['step'], r['baseline'], r['candidate'], r['p_value_two_sided']] for r in rows]))",
       csv.string()});
  BOOST_TEST_REQUIRE(parsed.exit_code == 0, parsed.err);
  const auto table = grk::test::parse_json(parsed.out).as_array();
  BOOST_TEST_REQUIRE(table.size() == 7u);
  BOOST_TEST(table[0].as_array()[0].as_string() == "hostile <&> \"%_$\\#{}\"");
  BOOST_TEST(table[0].as_array()[1].as_string() == "bm25 ~^ 'quote'");
  BOOST_TEST(table[0].as_array()[2].as_string() == script);
  BOOST_TEST(table[2].as_array()[2].as_string() == "naïve–Ünïcødé | pipe\nnew line");
  BOOST_TEST(table[4].as_array()[2].as_string() == "מערכת-עברית نظام");
  BOOST_TEST(table[6].as_array()[2].as_string() == "x|y");
  BOOST_TEST(table[6].as_array()[3].as_string() == "0.00001234");  // full precision, as the JSON writes it
}

// A name a spreadsheet would run as a formula gets a leading ' ; numbers,
// negative ones included, are written as they are.
BOOST_AUTO_TEST_CASE(csv_text_that_a_spreadsheet_would_run_is_defused) {
  auto document_value = grk::test::parse_json(read_text(document("compare-systems")));
  auto& steps = document_value.at("steps").as_array();
  auto& comparisons = steps.at(0).at("result").at("comparisons").as_array();
  const std::vector<std::string> names{"=HYPERLINK(\"http://x\",\"y\")", "+cmd", "-2+3", "@SUM(A1)",
                                       "a;=cmd|' /C calc'!A0", std::string("\0=1+1", 5), "b\t=1"};
  for (std::size_t i = 0; i < names.size(); ++i) comparisons.at(i).as_object()["candidate"] = names[i];
  steps.at(0).as_object()["id"] = "=1+1";
  const fs::path file = scratch("formulas") / "formulas.json";
  write_text(file, boost::json::serialize(document_value));
  const auto result = grk_eval({"report", file.string(), "--format", "csv"});
  BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
  const auto lines = grk::test::lines_of(result.out);
  BOOST_TEST_REQUIRE(lines.size() > 4u);
  BOOST_TEST(lines[1].rfind("'=1+1,compare-systems,", 0) == 0, lines[1]);
  BOOST_TEST(lines[1].find(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",") != std::string::npos, lines[1]);
  BOOST_TEST(lines[2].find(",'+cmd,") != std::string::npos, lines[2]);
  BOOST_TEST(lines[3].find(",'-2+3,") != std::string::npos, lines[3]);
  BOOST_TEST(lines[4].find(",'@SUM(A1),") != std::string::npos, lines[4]);
  // A semicolon or a tab inside a name is quoted, so that a spreadsheet that
  // splits on it keeps one cell; a NUL first is defused as a formula is.
  BOOST_TEST(lines[5].find(",\"a;=cmd|' /C calc'!A0\",") != std::string::npos, lines[5]);
  BOOST_TEST(lines[6].find(std::string(",'\0=1+1,", 8)) != std::string::npos, lines[6]);
  BOOST_TEST(lines[7].find(",\"b\t=1\",") != std::string::npos, lines[7]);
  // The first comparison's effect is negative and stays a number.
  const double effect = comparisons.at(0).at("effect").to_number<double>();
  BOOST_TEST_REQUIRE(effect < 0.0);
  BOOST_TEST(lines[1].find("," + grk::json::write_compact(boost::json::value(effect)) + ",") != std::string::npos, lines[1]);
  BOOST_TEST(lines[1].find(",'-0.") == std::string::npos, lines[1]);
}

BOOST_AUTO_TEST_CASE(csv_numbers_read_back_to_the_documents_doubles) {
  const auto csv = grk_eval({"report", document("compare-systems").string(), "--format", "csv"}).out;
  const auto lines = grk::test::lines_of(csv);
  BOOST_TEST_REQUIRE(lines.size() == 16u);  // header and 15 comparisons
  BOOST_TEST(lines[0] ==
             "step,component,correction,baseline,candidate,metric,test,query_count,baseline_mean,candidate_mean,"
             "effect,confidence_interval_low,confidence_interval_high,interval_method,p_value_two_sided,"
             "effect_size,wins,ties,losses,p_value_adjusted,alpha,significant\r");
  const std::string json = read_text(document("compare-systems"));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    BOOST_TEST(lines[i].compare(0, 31, "systems-vs-bm25,compare-systems") == 0);
    // "effect": the 11th column, written in the JSON with the same digits.
    std::string line = lines[i];
    std::size_t at = 0;
    for (int column = 0; column < 10; ++column) at = line.find(',', at) + 1;
    const std::string effect = line.substr(at, line.find(',', at) - at);
    BOOST_TEST(json.find("\"effect\": " + effect + ",") != std::string::npos, effect);
  }
}

BOOST_AUTO_TEST_CASE(failed_and_skipped_steps_are_listed) {
  const auto markdown = grk_eval({"report", document("failed-step").string()}).out;
  BOOST_TEST(markdown.find("### missing-dataset (beir)\n\nStatus: failed \\[not-found\\]: cannot read BEIR file "
                           "'configs/data/no-such-dataset/corpus.jsonl': \\[Errno 2\\] No such file or directory: "
                           "'configs/data/no-such-dataset/corpus.jsonl'\n") != std::string::npos);
  BOOST_TEST(markdown.find("### dense-vs-bm25 (paired-bootstrap)\n\nStatus: skipped after an earlier failure\n") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(run_report_writes_what_the_report_verb_makes_of_the_results) {
  const fs::path dir = scratch("run");
  grk::test::ProcessOptions from_root;
  from_root.cwd = source_dir();
  for (const auto& [format, extension] : formats) {
    const fs::path results = dir / "results.json";
    const fs::path report = dir / ("report" + extension);
    const auto run = grk_eval({"run", "configs/compare-tests.json", "-o", results.string(), "--report",
                               report.string()}, from_root);
    BOOST_TEST_REQUIRE(run.exit_code == 0, run.err);
    BOOST_TEST(run.out.find("results: " + results.string() + "\nreport: " + report.string() + "\n") !=
               std::string::npos, run.out);
    const auto rendered = grk_eval({"report", results.string(), "--format", format});
    BOOST_TEST(read_text(report) == rendered.out, format);
  }
  // A family's report made in memory names its family and size as the file's does.
  const fs::path family_results = dir / "family.json";
  const fs::path family_report = dir / "family.md";
  const auto family = grk_eval({"run", "configs/compare-systems.json", "-o", family_results.string(), "--report",
                                family_report.string()}, from_root);
  BOOST_TEST_REQUIRE(family.exit_code == 0, family.err);
  BOOST_TEST(read_text(family_report) == grk_eval({"report", family_results.string(), "--format", "markdown"}).out);
  BOOST_TEST(read_text(family_report).find("(correction holm over all 15 comparisons of the step, ") !=
             std::string::npos);

  // Without --output the results go to stdout, so the report's line goes to stderr.
  const fs::path report = dir / "stdout.md";
  const auto run = grk_eval({"run", "configs/compare-tests.json", "--report", report.string()}, from_root);
  BOOST_TEST(run.exit_code == 0);
  BOOST_TEST(grk::test::parse_json(run.out).is_object());
  BOOST_TEST(run.err.find("report: " + report.string() + "\n") != std::string::npos);
  BOOST_TEST(read_text(report).compare(0, 26, "# grk-eval report: results") == 0);

  // A run with a failed step still writes its report, which lists the failure
  // (a folder without the dataset's files: a missing one is refused before
  // any step runs, docs/design.md §4.7 step 5).
  const fs::path config = dir / "failing.json";
  fs::create_directories(dir / "no-such-dataset");
  write_text(config, "{\"steps\": [{\"id\": \"gone\", \"adapter\": \"beir\", \"params\": {\"source_dir\": "
                     "\"no-such-dataset\", \"output_dir\": \"out\"}}]}");
  const fs::path failed_report = dir / "failed.md";
  const auto failed = grk_eval({"run", config.string(), "-o", (dir / "failed.json").string(), "--report",
                                failed_report.string()});
  BOOST_TEST(failed.exit_code == 3);
  BOOST_TEST(read_text(failed_report).find("### gone (beir)\n\nStatus: failed \\[not-found\\]: cannot read BEIR file") !=
             std::string::npos);

  // An extension that names no format is refused before anything runs.
  const fs::path results = dir / "never.json";
  const auto refused = grk_eval({"run", "configs/compare-tests.json", "-o", results.string(), "--report",
                                 (dir / "report.pdf").string()}, from_root);
  BOOST_TEST(refused.exit_code == 1);
  BOOST_TEST(refused.out == "");
  BOOST_TEST(refused.err == "grk-eval run: --report " + (dir / "report.pdf").string() +
                                ": cannot tell the format from its extension; use .md, .markdown, .html, .htm, .tex, "
                                ".csv or .txt, or say --format\n");
  BOOST_TEST(!fs::exists(results));
}

BOOST_AUTO_TEST_CASE(fifty_systems_by_five_metrics_render_in_every_format) {
  // The document a compare-systems of 50 systems against a baseline on 5
  // metrics would give; the time it takes is measured by bench/report.
  boost::json::array comparisons;
  const char* metrics[] = {"ndcg_at_10", "mrr", "recall_at_1", "recall_at_5", "recall_at_10"};
  for (int system = 0; system < 50; ++system) {
    for (const char* metric : metrics) {
      const double effect = (system - 25) / 100.0;
      comparisons.push_back(boost::json::object{
          {"baseline", "baseline"}, {"candidate", "system-with-a-long-name-" + std::to_string(system)},
          {"metric", metric}, {"test", "paired-bootstrap"}, {"baseline_mean", 0.5}, {"candidate_mean", 0.5 + effect},
          {"effect", effect}, {"confidence_interval_low", effect - 0.1}, {"confidence_interval_high", effect + 0.1},
          {"p_value_two_sided", 0.01}, {"p_value_adjusted", 0.04}, {"alpha", 0.05}, {"significant", system % 3 == 0}});
    }
  }
  const boost::json::object document{
      {"steps", boost::json::array{boost::json::object{
                    {"id", "large"}, {"component", "compare-systems"}, {"kind", "statistic"}, {"status", "ok"},
                    {"result", boost::json::object{{"test", "bootstrap"}, {"correction", "holm"},
                                                   {"comparisons", comparisons}}}}}},
      {"provenance", boost::json::object{{"host_version", "1.0.0"}, {"inputs", boost::json::array{}}}}};
  const fs::path file = scratch("large") / "large.json";
  write_text(file, grk::json::write_pretty(document));
  const auto html = grk_eval({"report", file.string(), "--format", "html"});
  BOOST_TEST_REQUIRE(html.exit_code == 0);
  BOOST_TEST(count(html.out, "<g class=\"forest-row") == 250u);
  BOOST_TEST(count(html.out, "<svg class=\"forest-plot\"") == 5u);
  // The plot grows with its rows: 50 rows of 22 units, plus the margins.
  BOOST_TEST(count(html.out, "viewBox=\"0 0 820.0 1152.0\"") == 5u);
  BOOST_TEST(count(html.out, "<text class=\"label\"") == 250u);
  BOOST_TEST(count(html.out, "\xe2\x80\xa6</tspan>") > 0u);        // long labels are cut
  const auto csv = grk_eval({"report", file.string(), "--format", "csv"});
  BOOST_TEST(grk::test::lines_of(csv.out).size() == 251u);
  const auto latex = grk_eval({"report", file.string(), "--format", "latex"});
  BOOST_TEST(count(latex.out, "system-with-a-long-name-49 &") == 5u);  // no limit on systems
  BOOST_TEST(grk_eval({"report", file.string()}).exit_code == 0);
}
