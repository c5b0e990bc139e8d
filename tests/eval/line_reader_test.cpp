// grk::eval::LineReader (sdk/include/grk/eval/line_reader.hpp): every line of a
// file as a whole-file split gives it, across its reads; the longest line
// taken and the first refused, with the exact message; what is refused before
// a byte is read (a FIFO, a folder, a missing file).
#define BOOST_TEST_MODULE eval_line_reader
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <grk/error.hpp>
#include <grk/eval/line_reader.hpp>

namespace fs = std::filesystem;
using grk::eval::LineReader;

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("grk-eval-line-reader-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
  fs::path write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path / name, std::ios::binary) << bytes;
    return path / name;
  }
};

struct Read {
  std::vector<std::string> lines;
  std::vector<std::size_t> numbers;
  std::string failure;  // "<status>: <message>" of a refusal, else empty
};

Read read_all(const fs::path& path, std::size_t longest_line = grk::eval::default_longest_line) {
  Read read;
  auto reader = LineReader::open(path, "collection file", longest_line);
  if (!reader) {
    read.failure = std::string(grk::status_name(reader.error().status)) + ": " + reader.error().message;
    return read;
  }
  LineReader& lines = **reader;
  std::string_view line;
  for (;;) {
    const auto more = lines.next(line);
    if (!more) {
      read.failure = std::string(grk::status_name(more.error().status)) + ": " + more.error().message;
      read.numbers.push_back(lines.number());
      return read;
    }
    if (!*more) return read;
    read.lines.emplace_back(line);
    read.numbers.push_back(lines.number());
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(lines_end_at_a_newline_without_it_or_a_carriage_return_before_it) {
  TempDir dir;
  const Read read = read_all(dir.write("a.tsv", "1\tone\r\n\n2\ttwo\n\r\n3\tthree\r"));
  BOOST_TEST(read.failure == "");
  BOOST_TEST(read.lines == (std::vector<std::string>{"1\tone", "", "2\ttwo", "", "3\tthree"}),
             boost::test_tools::per_element());
  BOOST_TEST(read.numbers == (std::vector<std::size_t>{1, 2, 3, 4, 5}), boost::test_tools::per_element());
  BOOST_TEST(read_all(dir.write("empty.tsv", "")).lines.empty());
  BOOST_TEST(read_all(dir.write("one.tsv", "\n")).lines == (std::vector<std::string>{""}),
             boost::test_tools::per_element());
  // A "\r" inside a line is the line's.
  BOOST_TEST(read_all(dir.write("cr.tsv", "a\rb\n")).lines == (std::vector<std::string>{"a\rb"}),
             boost::test_tools::per_element());
}

// Lines of every length up to a few reads long, split as a whole-file split
// splits them: the reader's buffer moves and grows between reads unseen.
BOOST_AUTO_TEST_CASE(lines_across_reads_are_the_whole_files_lines) {
  TempDir dir;
  std::mt19937 random(20261205);
  std::string text;
  std::vector<std::string> expected;
  for (int i = 0; i < 3000; ++i) {
    const std::size_t length = i % 97 == 0 ? random() % 200000 : random() % 300;
    std::string line(length, 'x');
    for (char& c : line) c = static_cast<char>('a' + random() % 26);
    expected.push_back(line);
    text += line + (i % 5 == 0 ? "\r\n" : "\n");
  }
  text += "last line without a newline";
  expected.emplace_back("last line without a newline");
  const Read read = read_all(dir.write("big.tsv", text));
  BOOST_TEST(read.failure == "");
  BOOST_REQUIRE_EQUAL(read.lines.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) BOOST_TEST(read.lines[i] == expected[i], "line " << i + 1);
}

BOOST_AUTO_TEST_CASE(the_longest_line_is_taken_and_a_longer_one_refused_with_its_number) {
  TempDir dir;
  const std::string at_bound(100, 'a');
  const Read taken = read_all(dir.write("ok.tsv", "x\n" + at_bound + "\r\n" + at_bound), 100);
  BOOST_TEST(taken.failure == "");
  BOOST_TEST(taken.lines.size() == 3U);
  const fs::path over = dir.write("over.tsv", "x\ny\n" + at_bound + "b\nz\n");
  const Read refused = read_all(over, 100);
  BOOST_TEST(refused.lines == (std::vector<std::string>{"x", "y"}), boost::test_tools::per_element());
  BOOST_TEST(refused.failure == "invalid-data: collection file '" + over.string() +
                                    "' line 3: longer than 100 bytes, the longest line it may have");
  BOOST_TEST(refused.numbers.back() == 3U);
  // A file without line breaks is refused once the bound is passed, at the
  // default bound too.
  const fs::path unbroken = dir.write("unbroken.tsv", std::string((std::size_t{1} << 20) + 2, 'q'));
  BOOST_TEST(read_all(unbroken).failure ==
             "invalid-data: collection file '" + unbroken.string() +
                 "' line 1: longer than 1048576 bytes, the longest line it may have");
}

BOOST_AUTO_TEST_CASE(what_is_no_regular_file_is_refused_before_a_read) {
  TempDir dir;
  const fs::path fifo = dir.path / "fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Opened without blocking and refused: no writer is needed for the test to end.
  BOOST_TEST(read_all(fifo).failure ==
             "invalid-data: cannot read collection file '" + fifo.string() + "': it is a FIFO, not a regular file");
  const fs::path missing = dir.path / "missing.tsv";
  BOOST_TEST(read_all(missing).failure == "not-found: cannot read collection file '" + missing.string() +
                                              "': [Errno 2] No such file or directory: '" + missing.string() + "'");
  BOOST_TEST(read_all(dir.path).failure == "io-error: cannot read collection file '" + dir.path.string() +
                                               "': [Errno 21] Is a directory: '" + dir.path.string() + "'");
}
