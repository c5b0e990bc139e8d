// docs/design.md §4.8: a path parameter naming a folder (the beir adapter's
// source_dir) is recorded in the results document's inputs with a hash over
// its files, recomputed here independently by Python from the rule's text;
// the adapter's output_dir, declared an output, is not hashed although it
// exists before the step.
#define BOOST_TEST_MODULE beir_source_provenance
#include <boost/test/unit_test.hpp>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <sys/stat.h>

#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;

// The rule of docs/design.md §4.8, as Python: every regular file and symbolic link
// under the folder (links not followed, other kinds left out), sorted by the
// bytes of the relative path; per file "path NUL size NUL sha256-hex LF", per
// link "path NUL symlink NUL target LF". Prints "<hex> <files>".
const char* const oracle = R"(
import hashlib, os, stat, sys
root = os.fsencode(sys.argv[1])
lines, files = [], 0
for dirpath, dirnames, filenames in os.walk(root):
    for name in dirnames + filenames:
        full = os.path.join(dirpath, name)
        rel = os.path.relpath(full, root)
        mode = os.lstat(full).st_mode
        if stat.S_ISLNK(mode):
            lines.append((rel, rel + b"\0symlink\0" + os.readlink(full) + b"\n"))
        elif stat.S_ISREG(mode):
            data = open(full, "rb").read()
            lines.append((rel, rel + b"\0" + str(len(data)).encode() + b"\0" +
                          hashlib.sha256(data).hexdigest().encode() + b"\n"))
            files += 1
lines.sort()
print(hashlib.sha256(b"".join(line for _, line in lines)).hexdigest(), files)
)";

std::string python_folder_digest(const fs::path& folder) {
  const fs::path script = folder.parent_path() / "oracle.py";
  beir_test::write_file(script, oracle);
  const std::string command = "python3 '" + script.string() + "' '" + folder.string() + "'";
  FILE* pipe = ::popen(command.c_str(), "r");
  BOOST_REQUIRE(pipe != nullptr);
  char buffer[256] = {};
  const std::size_t n = std::fread(buffer, 1, sizeof buffer - 1, pipe);
  BOOST_REQUIRE_EQUAL(::pclose(pipe), 0);
  std::string out(buffer, n);
  return out.substr(0, out.find('\n'));
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_source_folder_is_hashed_and_the_output_folder_is_not) {
  const char* binary_dir = std::getenv("GRK_BINARY_DIR");
  BOOST_REQUIRE(binary_dir != nullptr);
  beir_test::TempDir tmp;
  const fs::path src = tmp / "src", out = tmp / "out";
  beir_test::write_file(src / "corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"two\"}\n");
  beir_test::write_file(src / "queries.jsonl", "{\"_id\": \"q1\", \"text\": \"q\"}\n");
  beir_test::write_file(src / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
  // What else a dataset folder holds: nested files, an empty folder, names
  // whose bytes sort differently from their characters, a link pointing
  // outside (recorded, never followed) and a fifo (left out).
  beir_test::write_file(src / "extra/notes.txt", "notes");
  beir_test::write_file(src / "z.txt", "z");
  beir_test::write_file(src / "\xC3\xA9.txt", "e");
  beir_test::write_file(src / "Z.txt", "Z");
  fs::create_directories(src / "empty");
  beir_test::write_file(tmp / "outside/secret.txt", "secret");
  fs::create_directory_symlink("../outside", src / "link");
  BOOST_REQUIRE_EQUAL(::mkfifo((src / "fifo").c_str(), 0600), 0);
  // The output folder exists already, with a file of the user's.
  beir_test::write_file(out / "README.md", "mine");

  // The inputs the results document records for one run into `output`.
  const auto recorded_inputs = [&](const fs::path& output) {
    const std::string command = "'" + (fs::path(binary_dir) / "bin/grk-eval").string() +
                                "' run --component beir --set 'source_dir=" + src.string() +
                                "' --set 'output_dir=" + output.string() + "' --output '" +
                                (tmp / "results.json").string() + "' 2> /dev/null";
    BOOST_REQUIRE_EQUAL(std::system(command.c_str()), 0);
    const auto results = grk::json::read(beir_test::read_file(tmp / "results.json")).value();
    return grk::json::write_compact(results.as_object().at("provenance").as_object().at("inputs"));
  };
  const auto expected_inputs = [&](const std::string& oracle_line) {
    BOOST_TEST(oracle_line.substr(oracle_line.find(' ') + 1) == "7");
    return R"([{"step":"beir","param":"source_dir","path":")" + src.string() + R"(","sha256":")" +
           oracle_line.substr(0, oracle_line.find(' ')) + R"(","files":7}])";
  };
  const std::string first = python_folder_digest(src);
  BOOST_TEST(recorded_inputs(out) == expected_inputs(first));

  // One changed byte changes the hash, which still matches the oracle's.
  beir_test::write_file(src / "extra/notes.txt", "Notes");
  const std::string second = python_folder_digest(src);
  BOOST_TEST(second != first);
  BOOST_TEST(recorded_inputs(tmp / "out2") == expected_inputs(second));
}
