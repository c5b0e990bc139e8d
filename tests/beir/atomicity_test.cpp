// Issue point 4: nothing written on rejection, ever. A run killed (SIGKILL)
// before any of its file-system steps leaves the output folder untouched or
// complete; a write failure (file too large, as a full disk would) leaves it
// untouched; a corpus that changes between the two reads is refused; the next
// run recognises and removes a killed run's staging folder.
#define BOOST_TEST_MODULE beir_atomicity
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>

#include <csignal>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "adaptation_steps.hpp"
#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using beir_test::snapshot;
using beir_test::TempDir;
using beir_test::write_file;
using Snapshot = std::map<std::string, std::string>;

constexpr int document_count = 60;

void write_dataset(const fs::path& src) {
  std::string corpus, qrels = "query-id\tcorpus-id\tscore\n";
  for (int i = 0; i < document_count; ++i) {
    const std::string id = "d" + std::to_string(i);
    corpus += "{\"_id\": \"" + id + "\", \"title\": \"T" + std::to_string(i) + "\", \"text\": \"body " + id + "\"}\n";
    if (i % 10 == 0) qrels += "q-" + std::to_string(i % 30) + "\t" + id + "\t1\n";
  }
  write_file(src / "corpus.jsonl", corpus);
  write_file(src / "queries.jsonl", "{\"_id\": \"q-0\", \"text\": \"a\"}\n{\"_id\": \"q-10\", \"text\": \"b\"}\n"
                                    "{\"_id\": \"q-20\", \"text\": \"c\"}\n");
  write_file(src / "qrels/test.tsv", qrels);
}

// The states an output folder can be in before a run (docs/behaviour/beir.md §7 steps
// 11-12 allow all of them).
enum class Before { absent, empty, previous_judgments, user_files };

void make_before(const fs::path& out, Before before) {
  fs::remove_all(out);
  if (before == Before::absent) return;
  fs::create_directories(out);
  if (before == Before::previous_judgments) {
    write_file(out / "judgments.jsonl", "{\"old\": true}\n");
    fs::create_directories(out / "corpus");
  }
  if (before == Before::user_files) {
    write_file(out / "README.md", "mine");
    write_file(out / "judgments.jsonl", "{\"old\": true}\n");
  }
}

// Runs the adapter in a child killed with SIGKILL just before its
// `kill_at`-th file-system step (0: never). Returns the number of steps the
// child reached and whether it was killed.
std::pair<int, bool> run_child(const fs::path& src, const fs::path& out, int kill_at) {
  int pipe_fds[2];
  BOOST_REQUIRE(::pipe(pipe_fds) == 0);
  const pid_t pid = ::fork();
  BOOST_REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(pipe_fds[0]);
    int steps = 0;
    grk::beir::AdaptationHooks hooks;
    hooks.before_write_step = [&](const char*) {
      ++steps;
      if (::write(pipe_fds[1], "s", 1) != 1) ::_exit(3);
      if (steps == kill_at) ::raise(SIGKILL);
    };
    try {
      grk::beir::adapt_beir_dataset({src.string(), out.string(), "test"}, hooks);
    } catch (...) {
      ::_exit(2);
    }
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  int steps = 0;
  char byte;
  while (::read(pipe_fds[0], &byte, 1) == 1) ++steps;
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {steps, WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL};
}

std::size_t staging_leftovers(const fs::path& dir) {
  std::size_t count = 0;
  if (!fs::is_directory(dir)) return 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    count += entry.path().filename().string().find("grk-beir-staging-") != std::string::npos ? 1 : 0;
  }
  return count;
}

// Only what a reader of the dataset sees: corpus/ and judgments.jsonl.
Snapshot dataset_view(const Snapshot& all) {
  Snapshot view;
  for (const auto& [name, value] : all) {
    if (name == "corpus" || name.rfind("corpus/", 0) == 0 || name == "judgments.jsonl" || name == "README.md" ||
        name == ".") {
      view[name] = value;
    }
  }
  return view;
}

void kill_at_every_step(Before before) {
  TempDir tmp;
  const fs::path src = tmp / "src", out = tmp / "parent/out";
  write_dataset(src);
  fs::create_directories(tmp / "parent");
  // The complete result, from an uninterrupted run.
  make_before(out, before);
  const auto [total_steps, killed] = run_child(src, out, 0);
  BOOST_REQUIRE(!killed);
  const Snapshot complete = dataset_view(snapshot(out));
  BOOST_REQUIRE_EQUAL(complete.count("corpus/d0.txt"), 1u);
  BOOST_TEST(staging_leftovers(tmp / "parent") == 0u);
  BOOST_TEST(staging_leftovers(out) == 0u);
  BOOST_TEST_MESSAGE("file-system steps of one run: " << total_steps);

  int untouched_count = 0, complete_count = 0;
  // Every step around the start and the publication, and a sample of the
  // per-document writes in between (each kill costs two runs).
  std::vector<int> kill_points;
  for (int step = 1; step <= total_steps; ++step) {
    if (step <= 6 || step > total_steps - 8 || step % 9 == 0) kill_points.push_back(step);
  }
  for (int kill_at : kill_points) {
    make_before(out, before);
    const Snapshot untouched = dataset_view(snapshot(out));
    const auto [reached, was_killed] = run_child(src, out, kill_at);
    BOOST_REQUIRE(was_killed);
    BOOST_REQUIRE_EQUAL(reached, kill_at);
    const Snapshot after = dataset_view(snapshot(out));
    const bool is_untouched = after == untouched;
    const bool is_complete = after == complete;
    untouched_count += is_untouched;
    complete_count += is_complete;
    if (before == Before::user_files && !is_untouched && !is_complete) {
      // Two renames publish into a folder holding the user's files: between
      // them only judgments.jsonl is new and corpus/ is still absent, so the
      // folder cannot pass for a dataset (every gold span names a missing file).
      BOOST_TEST(after.count("corpus") == 0u, "kill before step " << kill_at);
      BOOST_TEST(after.at("judgments.jsonl") == complete.at("judgments.jsonl"));
    } else {
      BOOST_TEST((is_untouched || is_complete), "kill before step " << kill_at << " left a partial output");
    }
    // The next run cleans the killed run's staging folder and completes, or
    // (when the killed run had published) is refused and changes nothing.
    const auto [next_steps, next_killed] = run_child(src, out, 0);
    BOOST_TEST(!next_killed);
    (void)next_steps;
    BOOST_TEST((dataset_view(snapshot(out)) == complete), "rerun after kill before step " << kill_at);
    if (!is_complete) {
      BOOST_TEST(staging_leftovers(tmp / "parent") == 0u, "leftover after rerun, kill at " << kill_at);
      BOOST_TEST(staging_leftovers(out) == 0u, "leftover inside after rerun, kill at " << kill_at);
    }
  }
  BOOST_TEST(untouched_count > 0);
  BOOST_TEST_MESSAGE("kills leaving the folder untouched: " << untouched_count << ", complete: " << complete_count);
}

}  // namespace

BOOST_AUTO_TEST_CASE(killed_at_any_step_into_an_absent_folder) { kill_at_every_step(Before::absent); }
BOOST_AUTO_TEST_CASE(killed_at_any_step_into_an_empty_folder) { kill_at_every_step(Before::empty); }
BOOST_AUTO_TEST_CASE(killed_at_any_step_over_previous_judgments) { kill_at_every_step(Before::previous_judgments); }
BOOST_AUTO_TEST_CASE(killed_at_any_step_beside_user_files) { kill_at_every_step(Before::user_files); }

BOOST_AUTO_TEST_CASE(a_write_failure_leaves_the_output_folder_untouched) {
  TempDir tmp;
  write_dataset(tmp / "src");
  fs::create_directories(tmp / "out");
  write_file(tmp / "out/judgments.jsonl", "old\n");
  const Snapshot before = snapshot(tmp / "out");
  const pid_t pid = ::fork();
  if (pid == 0) {
    // A file-size limit makes write(2) fail with EFBIG part way, as a full disk
    // fails with ENOSPC; the message must be the OS error and nothing may stay.
    std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit {6, 6};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    try {
      grk::beir::adapt_beir_dataset({(tmp / "src").string(), (tmp / "out").string(), "test"});
    } catch (const grk::Error& error) {
      const std::string expected = "[Errno 27] File too large: '" + (tmp / "out/corpus/d0.txt").string() + "'";
      ::_exit(error.what() == expected && error.status() == grk::Status::io_error ? 0 : 1);
    }
    ::_exit(2);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  BOOST_TEST((snapshot(tmp / "out") == before));
  BOOST_TEST(staging_leftovers(tmp.path()) == 0u);
}

BOOST_AUTO_TEST_CASE(a_corpus_that_changes_between_its_two_reads_is_refused) {
  struct Change {
    const char* what;
    std::string (*edit)(std::string);
    bool keep_times;
  };
  const Change changes[] = {
      {"a record appended", [](std::string s) { return s + "{\"_id\": \"late\", \"text\": \"x\"}\n"; }, false},
      {"one byte changed, times restored", [](std::string s) { s[s.find("body")] = 'B'; return s; }, true},
      {"a record removed", [](std::string s) { return s.substr(s.find('\n') + 1); }, false},
      {"one byte of the last record changed, times restored", [](std::string s) { s[s.rfind("body")] = 'B'; return s; },
       true},
  };
  // Also with the first pass reading the file in two halves (each half's
  // fingerprint is checked on its own).
  for (const bool split : {false, true}) {
    for (const Change& change : changes) {
      TempDir tmp;
      write_dataset(tmp / "src");
      const fs::path corpus = tmp / "src/corpus.jsonl";
      const Snapshot before = snapshot(tmp.path());
      grk::beir::AdaptationHooks hooks;
      if (split) hooks.parallel_survey_min_bytes = 0;
      hooks.between_corpus_passes = [&] {
        struct stat st {};
        ::stat(corpus.c_str(), &st);
        const std::string edited = change.edit(beir_test::read_file(corpus));
        // In place (same inode), as a concurrent writer would do it.
        FILE* file = std::fopen(corpus.c_str(), "r+");
        std::fwrite(edited.data(), 1, edited.size(), file);
        std::fclose(file);
        ::truncate(corpus.c_str(), static_cast<off_t>(edited.size()));
        if (change.keep_times) {
          const struct timespec times[2] = {st.st_atim, st.st_mtim};
          ::utimensat(AT_FDCWD, corpus.c_str(), times, 0);
        }
      };
      try {
        grk::beir::adapt_beir_dataset({(tmp / "src").string(), (tmp / "out").string(), "test"}, hooks);
        BOOST_ERROR(change.what << ": adapted a changing corpus");
      } catch (const grk::Error& error) {
        BOOST_TEST(std::string(error.what()) == "BEIR file '" + corpus.string() +
                                                    "' changed while it was being adapted; refused. Nothing was written.",
                   change.what);
        BOOST_TEST(static_cast<int>(error.status()) == static_cast<int>(grk::Status::failed_precondition));
      }
      BOOST_TEST(!fs::exists(tmp / "out"), change.what);
      BOOST_TEST(staging_leftovers(tmp.path()) == 0u);
    }
  }
}
