// grk/groundkit/judgments/load_judgments.hpp: docs/behaviour/judgments.md §1-§2 and the TestLoadJudgments
// cases of docs/behaviour/judgments.md §6.
#include <grk/groundkit/judgments/load_judgments.hpp>

#define BOOST_TEST_MODULE judgments_load_judgments
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

struct TempFile {
  fs::path dir;
  fs::path path;
  TempFile() {
    std::string pattern = (fs::temp_directory_path() / "grk-judgments-XXXXXX").string();
    dir = fs::canonical(::mkdtemp(pattern.data()));
    path = dir / "judgments.jsonl";
  }
  ~TempFile() { fs::remove_all(dir); }
  void write(const std::string& bytes) const { std::ofstream(path, std::ios::binary) << bytes; }
};

std::string row(const std::string& id) {
  return R"({"query_id": ")" + id + R"(", "query": "q", "category": "normal", "gold": [{"doc": "a.md", "quote": "x"}]})";
}

std::string failure(const TempFile& file, grk::Status* status = nullptr) {
  const auto loaded = grk::judgments::load_judgments(file.path.string());
  if (loaded) return "loaded";
  if (status != nullptr) *status = loaded.error().status;
  return loaded.error().message;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_missing_file_cannot_be_read) {
  TempFile file;
  grk::Status status{};
  const std::string p = file.path.string();
  BOOST_TEST(failure(file, &status) ==
             "Cannot read judgments file '" + p + "': [Errno 2] No such file or directory: '" + p + "'");
  BOOST_TEST(static_cast<int>(status) == static_cast<int>(grk::Status::not_found));
}

// A FIFO is refused, not waited on; a device is not read whole (no
// reference: Python's open() would block on the one and read the other).
BOOST_AUTO_TEST_CASE(a_fifo_or_a_device_is_no_judgments_file) {
  TempFile file;
  BOOST_REQUIRE(::mkfifo(file.path.c_str(), 0600) == 0);
  grk::Status status{};
  BOOST_TEST(failure(file, &status) ==
             "Cannot read judgments file '" + file.path.string() + "': a FIFO, not a regular file");
  BOOST_TEST(static_cast<int>(status) == static_cast<int>(grk::Status::invalid_data));
  const auto zeros = grk::judgments::load_judgments("/dev/zero");
  BOOST_REQUIRE(!zeros);
  BOOST_TEST(zeros.error().message == "Cannot read judgments file '/dev/zero': a character device, not a regular file");
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_reported_with_python_text) {
  TempFile file;
  file.write(std::string("\xff\xfe\x00not utf-8", 12));
  BOOST_TEST(failure(file) == "Judgments file '" + file.path.string() +
                                  "' is not valid UTF-8: 'utf-8' codec can't decode byte 0xff in position 0: invalid "
                                  "start byte");
}

BOOST_AUTO_TEST_CASE(a_sorted_file_loads_in_order_and_blank_lines_are_skipped) {
  TempFile file;
  file.write(row("aaa-first") + "\n" + row("bbb-second") + "\n");
  const auto loaded = grk::judgments::load_judgments(file.path.string()).value();
  BOOST_REQUIRE_EQUAL(loaded.size(), 2u);
  BOOST_TEST(loaded[0].query_id == "aaa-first");
  BOOST_TEST(loaded[1].query_id == "bbb-second");
  file.write("\n" + row("a") + "\n\n   \n");
  BOOST_TEST(grk::judgments::load_judgments(file.path.string())->size() == 1u);
  file.write("");
  BOOST_TEST(grk::judgments::load_judgments(file.path.string())->empty());
}

BOOST_AUTO_TEST_CASE(errors_name_the_physical_line) {
  TempFile file;
  const std::string p = file.path.string();
  file.write(row("a") + "\n{bad\n");
  BOOST_TEST(failure(file) ==
             p + ":2: invalid JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)");
  file.write(row("a") + "\n" + row("Bad") + "\n");
  BOOST_TEST(failure(file).rfind(p + ":2: invalid judgment: 1 validation error for Judgment\nquery_id\n", 0) == 0);
  file.write(row("a") + "\n" + row("a") + "\n");
  BOOST_TEST(failure(file) == p + ":2: duplicate query_id 'a'");
  file.write(row("bbb") + "\r\n" + row("aaa") + "\r\n");
  BOOST_TEST(failure(file) == p + ":2: query_id 'aaa' is not in ascending order after 'bbb' (the file must be kept "
                                  "sorted by query_id)");
  // A raw U+2028 inside a string splits the line (docs/behaviour/beir.md §11).
  file.write(R"({"query_id": "a", "query": "x)" "\xE2\x80\xA8" R"(y", "category": "normal", "gold": [{"doc": "a", "quote": "x"}]})" "\n");
  BOOST_TEST(failure(file) == p + ":1: invalid JSON: Unterminated string starting at: line 1 column 28 (char 27)");
}
