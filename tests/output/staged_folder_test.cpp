// grk/output/staged_folder.hpp (docs/design.md §5.6): each way of publishing, the
// destination left as found when the run fails, declared entries only, and a
// dead run's staging folder removed by the next run.
#include <grk/output/staged_folder.hpp>

#define BOOST_TEST_MODULE output_staged_folder
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using Snapshot = std::map<std::string, std::string>;

struct TempDir {
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "grk-output-test-XXXXXX").string();
    path = fs::canonical(::mkdtemp(pattern.data()));
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  fs::path path;
};

void write(const fs::path& file, const std::string& bytes) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << bytes;
}

// Every entry under `root`, hidden ones too: relative path -> "dir" or the bytes.
Snapshot snapshot(const fs::path& root) {
  Snapshot entries;
  if (!fs::exists(root)) return entries;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string name = fs::relative(entry.path(), root).string();
    if (entry.is_directory()) {
      entries[name] = "dir";
    } else {
      std::ifstream in(entry.path(), std::ios::binary);
      entries[name] = std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
  }
  return entries;
}

grk::output::StagingOptions dataset_entries(std::vector<std::string>* steps = nullptr) {
  grk::output::StagingOptions options;
  options.entries = {"judgments.jsonl", "corpus"};
  options.marker = "test-staging-";
  if (steps != nullptr) options.observer = [steps](const char* step) { steps->emplace_back(step); };
  return options;
}

// Writes corpus/a.txt and judgments.jsonl, then publishes.
grk::Expected<void> write_dataset(const fs::path& out, std::vector<std::string>* steps = nullptr) {
  auto folder = grk::output::StagedFolder::create(out.string(), dataset_entries(steps));
  if (!folder) return grk::unexpected(folder.error());
  if (auto made = (*folder)->make_folder("corpus"); !made) return grk::unexpected(made.error());
  if (auto written = (*folder)->write_file("corpus/a.txt", "new a"); !written) return written;
  if (auto written = (*folder)->write_file("judgments.jsonl", "new j\n"); !written) return written;
  return (*folder)->publish();
}

const Snapshot published = {{"corpus", "dir"}, {"corpus/a.txt", "new a"}, {"judgments.jsonl", "new j\n"}};

}  // namespace

BOOST_AUTO_TEST_CASE(an_absent_destination_appears_in_one_rename) {
  TempDir tmp;
  std::vector<std::string> steps;
  BOOST_REQUIRE(write_dataset(tmp.path / "a/b/out", &steps).has_value());
  BOOST_TEST(snapshot(tmp.path / "a/b/out") == published);
  BOOST_TEST(snapshot(tmp.path / "a/b").size() == 1u + published.size(), "no staging folder is left");
  const std::vector<std::string> expected = {"mkdir-parents", "mkdir-staging", "mkdir-folder", "write-file",
                                             "write-file",    "sync",          "rename-output"};
  BOOST_TEST(steps == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_destination_of_declared_entries_is_swapped_whole) {
  TempDir tmp;
  const fs::path out = tmp.path / "out";
  write(out / "judgments.jsonl", "old j\n");
  write(out / "corpus/old.txt", "old");
  std::vector<std::string> steps;
  BOOST_REQUIRE(write_dataset(out, &steps).has_value());
  BOOST_TEST(snapshot(out) == published);
  BOOST_TEST(steps.at(6) == "exchange-output");
  BOOST_TEST(snapshot(tmp.path).size() == 1u + published.size());
}

// The user's own files stay; each declared entry is renamed in, in order,
// and a non-empty folder of that name is replaced.
BOOST_AUTO_TEST_CASE(a_destination_with_other_files_gets_each_entry_in_order) {
  TempDir tmp;
  const fs::path out = tmp.path / "out";
  write(out / "README.md", "mine");
  write(out / "corpus/old.txt", "old");
  std::vector<std::string> steps;
  BOOST_REQUIRE(write_dataset(out, &steps).has_value());
  Snapshot expected = published;
  expected["README.md"] = "mine";
  BOOST_TEST(snapshot(out) == expected);
  const std::vector<std::string> tail = {"sync", "rename-entry", "rename-entry", "remove-replaced", "remove-staging"};
  BOOST_TEST(std::vector<std::string>(steps.end() - 5, steps.end()) == tail, boost::test_tools::per_element());
}

// Run A stops between its two entry renames while run B publishes into the
// same destination: without the destination's lock B's renames land between
// A's, leaving A's corpus beside B's judgments.
BOOST_AUTO_TEST_CASE(two_runs_publishing_into_one_destination_never_mix) {
  TempDir tmp;
  const fs::path out = tmp.path / "out";
  write(out / "notes.txt", "mine");  // another file: each entry is renamed in on its own
  const auto run = [&](const std::string& who, grk::output::StepObserver observer) {
    auto options = dataset_entries();
    options.observer = std::move(observer);
    auto folder = grk::output::StagedFolder::create(out.string(), std::move(options));
    BOOST_REQUIRE(folder);
    BOOST_REQUIRE((*folder)->make_folder("corpus"));
    BOOST_REQUIRE((*folder)->write_file("corpus/a.txt", who));
    BOOST_REQUIRE((*folder)->write_file("judgments.jsonl", who));
    BOOST_REQUIRE((*folder)->publish());
  };
  std::atomic<bool> a_renaming{false};
  std::thread a([&] {
    int renames = 0;
    run("A", [&](const char* step) {
      // Called before each change: the second rename is A's corpus, after its judgments.
      if (std::string(step) != "rename-entry" || ++renames != 2) return;
      a_renaming = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
    });
  });
  while (!a_renaming) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  run("B", nullptr);
  a.join();
  const Snapshot got = snapshot(out);
  BOOST_TEST(got.at("judgments.jsonl") == got.at("corpus/a.txt"));
  BOOST_TEST(got.at("judgments.jsonl") == "B");  // B waited for A, then replaced it whole
  BOOST_TEST(got.at("notes.txt") == "mine");
}

BOOST_AUTO_TEST_CASE(a_failed_run_leaves_the_destination_as_found) {
  TempDir tmp;
  const fs::path out = tmp.path / "out";
  write(out / "README.md", "mine");
  const Snapshot before = snapshot(tmp.path);
  {
    auto folder = grk::output::StagedFolder::create(out.string(), dataset_entries()).value();
    BOOST_REQUIRE(folder->make_folder("corpus").has_value());
    BOOST_REQUIRE(folder->write_file("corpus/a.txt", "x").has_value());
    const auto again = folder->write_file("corpus/a.txt", "y");
    BOOST_REQUIRE(!again.has_value());
    BOOST_TEST((again.error().status == grk::Status::io_error));
    BOOST_TEST(again.error().message == "[Errno 17] File exists: '" + (out / "corpus/a.txt").string() + "'");
    const auto undeclared = folder->write_file("notes.txt", "z");
    BOOST_REQUIRE(!undeclared.has_value());
    BOOST_TEST((undeclared.error().status == grk::Status::internal));
    BOOST_TEST(undeclared.error().message ==
               "staged folder: 'notes.txt' is not inside a declared entry of " + out.string());
    BOOST_TEST(!folder->write_file("corpus/../notes.txt", "z").has_value());
  }  // destroyed unpublished
  BOOST_TEST(snapshot(tmp.path) == before);
}

// A run killed after creating its staging folder leaves it; the next run with
// the same marker removes it (its process is gone) and publishes.
BOOST_AUTO_TEST_CASE(a_killed_runs_staging_folder_is_removed_by_the_next_run) {
  TempDir tmp;
  const fs::path out = tmp.path / "out";
  const pid_t child = ::fork();
  BOOST_REQUIRE(child >= 0);
  if (child == 0) {
    auto folder = grk::output::StagedFolder::create(out.string(), dataset_entries());
    if (folder) (void)(*folder)->make_folder("corpus");
    ::_exit(9);  // no destructor runs: as a kill
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  BOOST_REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 9);
  BOOST_REQUIRE_EQUAL(snapshot(tmp.path).size(), 2u);  // .out.test-staging-<pid>-<nonce>/ and its corpus/
  BOOST_TEST(!fs::exists(out));
  BOOST_REQUIRE(write_dataset(out).has_value());
  BOOST_TEST(snapshot(tmp.path).size() == 1u + published.size());
}

// Dead is unlocked, not a missing pid: a folder named for a pid that does not
// exist here but locked by a live process (as a run in another PID namespace
// is) stays, and so do another user's folder, a symbolic link and a file
// that bear a staging name. Only the unlocked folder of our user goes.
BOOST_AUTO_TEST_CASE(only_unlocked_staging_folders_of_our_user_are_removed) {
  TempDir tmp;
  const std::string prefix = ".out.test-staging-";
  const fs::path live = tmp.path / (prefix + "999999999-live"), dead = tmp.path / (prefix + "999999999-dead");
  fs::create_directory(live);
  write(dead / "corpus/a.txt", "left by a dead run");
  write(tmp.path / (prefix + "1-file"), "a file");
  write(tmp.path / "target/kept.txt", "behind a link");
  fs::create_directory_symlink(tmp.path / "target", tmp.path / (prefix + "1-link"));
  const fs::path theirs = tmp.path / (prefix + "999999999-theirs");
  const bool root = ::geteuid() == 0;
  if (root) {
    fs::create_directory(theirs);
    BOOST_REQUIRE(::chown(theirs.c_str(), 65534, 65534) == 0);
  }
  const int held = ::open(live.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  BOOST_REQUIRE(held >= 0);
  BOOST_REQUIRE(::flock(held, LOCK_EX) == 0);  // another open file description: conflicts as another process would
  BOOST_REQUIRE(write_dataset(tmp.path / "out").has_value());
  ::close(held);
  BOOST_TEST(fs::is_directory(live));
  BOOST_TEST(!fs::exists(dead));
  BOOST_TEST(fs::is_regular_file(tmp.path / (prefix + "1-file")));
  BOOST_TEST(fs::is_symlink(tmp.path / (prefix + "1-link")));
  BOOST_TEST(fs::exists(tmp.path / "target/kept.txt"));
  if (root) BOOST_TEST(fs::is_directory(theirs));
  BOOST_TEST(snapshot(tmp.path / "out") == published);
}
