// output_dir is published whole or not at all: a process killed (SIGKILL) at
// any file-system step of the publication leaves the folder as it was or
// complete, and the next run still publishes (docs/behaviour/trec-eval.md §8.3).
#define BOOST_TEST_MODULE measures_output_files
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <map>

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
