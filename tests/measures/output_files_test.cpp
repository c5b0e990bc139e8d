// output_dir is published whole or not at all: a process killed (SIGKILL) at
// any file-system step of the publication leaves the folder as it was or
// complete, and the next run still publishes (docs/behaviour/trec-eval.md §8.3).
#define BOOST_TEST_MODULE measures_output_files
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "measures_test_support.hpp"
#include "printing/trec_eval_text.hpp"

namespace fs = std::filesystem;
namespace gm = grk::measures;
namespace mt = grk::measures::testing;

namespace {

using Snapshot = std::map<std::string, std::string>;

// Every file below `folder` (hidden staging folders included) and its bytes.
Snapshot snapshot(const fs::path& folder) {
  Snapshot files;
  if (!fs::exists(folder)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) files[fs::relative(entry.path(), folder).string()] = mt::file_bytes(entry.path());
  }
  return files;
}

const std::vector<std::pair<std::string, std::string>> outputs = {{"bm25.txt", "new bm25\n"},
                                                                  {"dense.txt", "new dense\n"}};

// Publishes in a child killed at its `step`-th file-system step; true when it was killed.
bool killed_at(const fs::path& folder, int step) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    int seen = 0;
    auto observer = [&](const char*) {
      if (++seen == step) ::raise(SIGKILL);
    };
    std::_Exit(gm::publish_outputs(folder, outputs, observer) ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFSIGNALED(status);
}

// Kills a publication into `folder` (prepared by `prepare`) at each of its
// steps in turn, checks what is visible with `allowed`, and that the next run
// still publishes; returns how many steps there were.
template <typename Prepare, typename Allowed>
int kill_at_every_step(const fs::path& folder, Prepare prepare, Allowed allowed) {
  int step = 1;
  for (; step < 100; ++step) {
    fs::remove_all(folder);
    prepare();
    const Snapshot before = snapshot(folder);
    const bool killed = killed_at(folder, step);
    Snapshot visible;
    for (const auto& [name, bytes] : snapshot(folder)) {
      if (name.front() != '.') visible[name] = bytes;  // a killed run's staging folder stays hidden
    }
    BOOST_TEST_CONTEXT("killed at step " << step) {
      BOOST_TEST(allowed(before, visible));
      BOOST_TEST(static_cast<bool>(gm::publish_outputs(folder, outputs)));
      const Snapshot after = snapshot(folder);
      BOOST_TEST(after.at("bm25.txt") == "new bm25\n");
      BOOST_TEST(after.at("dense.txt") == "new dense\n");
      const std::size_t others = before.size() - before.count("bm25.txt") - before.count("dense.txt");
      BOOST_TEST(after.size() == others + 2);  // nothing else, and no staging folder left
    }
    if (!killed) break;
  }
  return step;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_folder_of_run_files_only_is_replaced_whole_or_not_at_all) {
  const mt::TemporaryFiles files;
  const fs::path folder = files.folder() / "out";
  const Snapshot complete = {{"bm25.txt", "new bm25\n"}, {"dense.txt", "new dense\n"}};
  for (const bool existed : {false, true}) {
    const int steps = kill_at_every_step(
        folder,
        [&] {
          if (!existed) return;
          fs::create_directories(folder);
          mt::TemporaryFiles::write_into(folder, "bm25.txt", "old bm25\n");
        },
        [&](const Snapshot& before, const Snapshot& visible) { return visible == before || visible == complete; });
    BOOST_TEST(steps > 2);  // several steps, each of them tried
  }
}

// A folder holding other files is published file by file: each run's file is
// its old bytes or its new ones, never a part, and the other files stay.
BOOST_AUTO_TEST_CASE(a_folder_with_other_files_gets_each_file_whole) {
  const mt::TemporaryFiles files;
  const fs::path folder = files.folder() / "out";
  kill_at_every_step(
      folder,
      [&] {
        fs::create_directories(folder);
        mt::TemporaryFiles::write_into(folder, "bm25.txt", "old bm25\n");
        mt::TemporaryFiles::write_into(folder, "notes.txt", "kept\n");
      },
      [&](const Snapshot&, const Snapshot& visible) {
        const auto bm25 = visible.find("bm25.txt");
        const auto dense = visible.find("dense.txt");
        return visible.at("notes.txt") == "kept\n" && bm25 != visible.end() &&
               (bm25->second == "old bm25\n" || bm25->second == "new bm25\n") &&
               (dense == visible.end() || dense->second == "new dense\n");
      });
}

// 200 queries are four parts of 64 lines each: they reach the sink in
// order, the same bytes on 1 and 3 threads, and a sink that fails ends the
// text: its failure is returned and no piece is handed after it, though the
// other threads had printed theirs.
BOOST_AUTO_TEST_CASE(trec_eval_text_reaches_its_sink_in_order_and_stops_at_its_failure) {
  mt::TemporaryFiles files;
  std::string qrels;
  std::string run;
  for (int q = 0; q < 200; ++q) {
    const std::string qid = "q" + std::to_string(1000 + q);
    qrels += qid + " 0 d1 1\n";
    run += qid + " Q0 d1 1 2.5 tag\n" + qid + " Q0 d2 2 1.5 tag\n";
  }
  const auto qrels_read = gm::read_qrels(files.write("qrels", qrels), gm::QrelsFormat::automatic);
  BOOST_TEST_REQUIRE(static_cast<bool>(qrels_read));
  const auto requested = gm::request_measures({"map", "P.5"});
  BOOST_TEST_REQUIRE(static_cast<bool>(requested));
  const gm::ValueLayout layout(*requested);
  gm::EvaluationOptions options;
  options.per_query = true;
  const auto scores = gm::evaluate_run_file(files.write("run", run), "run", *qrels_read, layout, options);
  BOOST_TEST_REQUIRE(static_cast<bool>(scores));

  std::vector<std::string> pieces[2];
  for (const unsigned threads : {1u, 3u}) {
    auto& got = pieces[threads == 1 ? 0 : 1];
    const auto put = gm::put_trec_eval_text(*scores, layout, true, gm::NumberFormat::trec_eval, threads,
                                            [&got](std::string_view piece) -> grk::Expected<void> {
                                              got.emplace_back(piece);
                                              return {};
                                            });
    BOOST_TEST(static_cast<bool>(put));
  }
  BOOST_TEST_REQUIRE(pieces[0].size() == 5u);  // four parts and the summary
  BOOST_TEST(pieces[1] == pieces[0], boost::test_tools::per_element());
  BOOST_TEST(pieces[0][0].rfind("map                   \tq1000\t", 0) == 0u, pieces[0][0].substr(0, 40));
  BOOST_TEST(pieces[0][3].find("\tq1199\t") != std::string::npos);
  BOOST_TEST(pieces[0][4].rfind("map                   \tall\t", 0) == 0u, pieces[0][4].substr(0, 40));
  std::string joined;
  for (const auto& piece : pieces[0]) joined += piece;
  BOOST_TEST(joined == gm::trec_eval_text(*scores, layout, true));

  std::vector<std::string> handed;
  const auto failed = gm::put_trec_eval_text(*scores, layout, true, gm::NumberFormat::trec_eval, 3,
                                             [&handed](std::string_view piece) -> grk::Expected<void> {
                                               handed.emplace_back(piece);
                                               if (handed.size() == 2) {
                                                 return grk::fail(grk::Status::io_error, "disk full");
                                               }
                                               return {};
                                             });
  BOOST_TEST_REQUIRE(!failed);
  BOOST_TEST(failed.error().message == "disk full");
  BOOST_TEST(handed.size() == 2u);
  BOOST_TEST(handed[0] == pieces[0][0]);
  BOOST_TEST(handed[1] == pieces[0][1]);
}
