// Nothing written on rejection, ever (docs/behaviour/beir.md §15.3-§15.5).
// A run killed (SIGKILL) before any of its file-system steps leaves the
// output folder untouched or complete; a write failure (file too large, as a
// full disk would) leaves it untouched; a corpus that changes between the two
// reads is refused; the next run recognises and removes a killed run's
// staging folder.
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

#include "rules/adaptation_policies.hpp"
#include "pipeline/adapt.hpp"
#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using beir_test::snapshot;
using beir_test::TempDir;
using beir_test::write_file;
using Snapshot = std::map<std::string, std::string>;

constexpr int document_count = 60;

// The dataset in two forms: plain, which the defaults adapt, and with the
// published quirks the opt-in policies are about (docs/behaviour/beir.md §16): a raw U+0085
// inside a referenced passage, qrels without a header and with grades, a pair
// naming an absent document and one whose query id is the document's; or with
// ids groundkit refuses, which `document_ids: encode` and `query_ids: encode`
// rename (docs/behaviour/beir.md §16.8), so that id_map.tsv is published too.
enum class Quirks { none, published, ids };

// The policies that adapt the quirky form.
grk::beir::AdaptationPolicies opt_ins() {
  grk::beir::AdaptationPolicies policies;
  policies.line_breaks = grk::beir::LineBreaks::newline;
  policies.unicode_separators = grk::beir::UnicodeSeparators::escape;
  policies.qrels_header = grk::beir::QrelsHeader::automatic;
  policies.graded = 2;
  policies.missing_documents = grk::beir::MissingPolicy::drop;
  policies.identical_ids = grk::beir::IdenticalIds::exclude;
  return policies;
}

grk::beir::AdaptationPolicies policies_for(Quirks quirks) {
  if (quirks == Quirks::published) return opt_ins();
  grk::beir::AdaptationPolicies policies;
  if (quirks == Quirks::ids) {
    policies.document_ids = grk::beir::IdPolicy::encode;
    policies.query_ids = grk::beir::IdPolicy::encode;
  }
  return policies;
}

// Odd documents get an id no file may have; "D2" and "d2" collide once case is folded.
std::string document_id(int i, Quirks quirks) {
  if (quirks != Quirks::ids || i == 0) return "d" + std::to_string(i);
  if (i == 3) return "D2";
  return i % 2 == 1 ? "<doc:D" + std::to_string(i) + ">" : "d" + std::to_string(i);
}

void write_dataset(const fs::path& src, Quirks quirks = Quirks::none) {
  const bool quirky = quirks == Quirks::published;
  std::string corpus, qrels = quirky ? "" : "query-id\tcorpus-id\tscore\n";
  const std::string query_prefix = quirks == Quirks::ids ? "Q_" : "q-";
  for (int i = 0; i < document_count; ++i) {
    const std::string id = document_id(i, quirks);
    const std::string body = quirky && i == 10 ? "body \xC2\x85 " + id : "body " + id;
    corpus += "{\"_id\": \"" + id + "\", \"title\": \"T" + std::to_string(i) + "\", \"text\": \"" + body + "\"}\n";
    if (i % 10 == 0) qrels += query_prefix + std::to_string(i % 30) + "\t" + id + (quirky ? "\t2\n" : "\t1\n");
    if (quirky && i % 10 == 5) qrels += "q-" + std::to_string(i % 30) + "\t" + id + "\t1\n";
    if (quirks == Quirks::ids && i % 10 == 5) qrels += "Q_" + std::to_string((i - 5) % 30) + "\t" + id + "\t1\n";
  }
  if (quirks == Quirks::ids) qrels += "Q_0\td2\t1\nQ_10\tD2\t1\n";
  if (quirky) {
    corpus += "{\"_id\": \"q-0\", \"text\": \"shares its id with a query\"}\n";
    qrels += "q-0\tq-0\t3\nq-10\tabsent-doc\t2\n";
  }
  write_file(src / "corpus.jsonl", corpus);
  write_file(src / "queries.jsonl", "{\"_id\": \"" + query_prefix + "0\", \"text\": \"a\"}\n{\"_id\": \"" +
                                        query_prefix + "10\", \"text\": \"b\"}\n{\"_id\": \"" + query_prefix +
                                        "20\", \"text\": \"c\"}\n");
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
std::pair<int, bool> run_child(const fs::path& src, const fs::path& out, int kill_at,
                               const grk::beir::AdaptationPolicies& policies = {}) {
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
      grk::beir::adapt_beir_dataset({src.string(), out.string(), "test", policies}, hooks);
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

// Only what a reader of the dataset sees: corpus/, judgments.jsonl and id_map.tsv.
Snapshot dataset_view(const Snapshot& all) {
  Snapshot view;
  for (const auto& [name, value] : all) {
    if (name == "corpus" || name.rfind("corpus/", 0) == 0 || name == "judgments.jsonl" || name == "id_map.tsv" ||
        name == "README.md" ||
        name == ".") {
      view[name] = value;
    }
  }
  return view;
}

void kill_at_every_step(Before before, Quirks quirks = Quirks::none) {
  TempDir tmp;
  const fs::path src = tmp / "src", out = tmp / "parent/out";
  write_dataset(src, quirks);
  const grk::beir::AdaptationPolicies policies = policies_for(quirks);
  fs::create_directories(tmp / "parent");
  // The complete result, from an uninterrupted run.
  make_before(out, before);
  const auto [total_steps, killed] = run_child(src, out, 0, policies);
  BOOST_REQUIRE(!killed);
  const Snapshot complete = dataset_view(snapshot(out));
  BOOST_REQUIRE_EQUAL(complete.count("corpus/d0.txt"), 1u);
  if (quirks == Quirks::published) {
    // The opt-ins acted: the escaped separator is in the judgments.
    BOOST_REQUIRE(complete.at("judgments.jsonl").find("body \\u0085 d10") != std::string::npos);
  }
  if (quirks == Quirks::ids) {
    // The encodings acted: renamed files, kebab-case query ids, id_map.tsv.
    BOOST_REQUIRE_EQUAL(complete.count("corpus/__3cdoc_3a_441_3e.txt"), 1u);
    BOOST_REQUIRE_EQUAL(complete.count("corpus/_d2.txt"), 1u);
    BOOST_REQUIRE(complete.at("judgments.jsonl").find("\"query_id\": \"q-10\"") != std::string::npos);
    BOOST_REQUIRE(complete.at("id_map.tsv").find("query\tQ_10\tq-10\n") != std::string::npos);
  }
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
    const auto [reached, was_killed] = run_child(src, out, kill_at, policies);
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
      // id_map.tsv, when written, is renamed before them (docs/behaviour/beir.md §16.8).
      BOOST_TEST(after.count("corpus") == 0u, "kill before step " << kill_at);
      const bool judgments_new = after.at("judgments.jsonl") == complete.at("judgments.jsonl");
      BOOST_TEST((judgments_new || after.at("judgments.jsonl") == untouched.at("judgments.jsonl")));
      if (complete.count("id_map.tsv") != 0) {
        BOOST_TEST(after.at("id_map.tsv") == complete.at("id_map.tsv"), "kill before step " << kill_at);
      } else {
        BOOST_TEST(judgments_new, "kill before step " << kill_at);
      }
    } else {
      BOOST_TEST((is_untouched || is_complete), "kill before step " << kill_at << " left a partial output");
    }
    // The next run cleans the killed run's staging folder and completes, or
    // (when the killed run had published) is refused and changes nothing.
    const auto [next_steps, next_killed] = run_child(src, out, 0, policies);
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

// The same with the opt-in policies on, adapting the quirky dataset.
BOOST_AUTO_TEST_CASE(with_opt_ins_killed_at_any_step_into_an_absent_folder) {
  kill_at_every_step(Before::absent, Quirks::published);
}
BOOST_AUTO_TEST_CASE(with_opt_ins_killed_at_any_step_into_an_empty_folder) {
  kill_at_every_step(Before::empty, Quirks::published);
}
BOOST_AUTO_TEST_CASE(with_opt_ins_killed_at_any_step_over_previous_judgments) {
  kill_at_every_step(Before::previous_judgments, Quirks::published);
}
BOOST_AUTO_TEST_CASE(with_opt_ins_killed_at_any_step_beside_user_files) {
  kill_at_every_step(Before::user_files, Quirks::published);
}

// The same with ids renamed (docs/behaviour/beir.md §16.8): id_map.tsv is published with the rest.
BOOST_AUTO_TEST_CASE(with_encoded_ids_killed_at_any_step_into_an_absent_folder) {
  kill_at_every_step(Before::absent, Quirks::ids);
}
BOOST_AUTO_TEST_CASE(with_encoded_ids_killed_at_any_step_into_an_empty_folder) {
  kill_at_every_step(Before::empty, Quirks::ids);
}
BOOST_AUTO_TEST_CASE(with_encoded_ids_killed_at_any_step_over_previous_judgments) {
  kill_at_every_step(Before::previous_judgments, Quirks::ids);
}
BOOST_AUTO_TEST_CASE(with_encoded_ids_killed_at_any_step_beside_user_files) {
  kill_at_every_step(Before::user_files, Quirks::ids);
}

namespace {

void write_failure_leaves_the_output_folder_untouched(Quirks quirks) {
  TempDir tmp;
  write_dataset(tmp / "src", quirks);
  const grk::beir::AdaptationPolicies policies = policies_for(quirks);
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
      grk::beir::adapt_beir_dataset({(tmp / "src").string(), (tmp / "out").string(), "test", policies});
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

}  // namespace

BOOST_AUTO_TEST_CASE(a_write_failure_leaves_the_output_folder_untouched) {
  write_failure_leaves_the_output_folder_untouched(Quirks::none);
}

BOOST_AUTO_TEST_CASE(with_opt_ins_a_write_failure_leaves_the_output_folder_untouched) {
  write_failure_leaves_the_output_folder_untouched(Quirks::published);
}

BOOST_AUTO_TEST_CASE(with_encoded_ids_a_write_failure_leaves_the_output_folder_untouched) {
  write_failure_leaves_the_output_folder_untouched(Quirks::ids);
}

namespace {

void changing_corpus_is_refused(Quirks quirks) {
  const grk::beir::AdaptationPolicies policies = policies_for(quirks);
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
      write_dataset(tmp / "src", quirks);
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
        grk::beir::adapt_beir_dataset({(tmp / "src").string(), (tmp / "out").string(), "test", policies}, hooks);
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

}  // namespace

BOOST_AUTO_TEST_CASE(a_corpus_that_changes_between_its_two_reads_is_refused) { changing_corpus_is_refused(Quirks::none); }

BOOST_AUTO_TEST_CASE(with_opt_ins_a_corpus_that_changes_between_its_two_reads_is_refused) {
  changing_corpus_is_refused(Quirks::published);
}

BOOST_AUTO_TEST_CASE(with_encoded_ids_a_corpus_that_changes_between_its_two_reads_is_refused) {
  changing_corpus_is_refused(Quirks::ids);
}
