// bench_measures: trec-eval on a run of MS MARCO dev's shape (7,000 queries x
// 1,000 results, 84,000 qrels rows), `all_trec` with per-query output written
// to an output folder, against a bare single-thread loop that only splits the
// run's lines and strtod's each score, and trec_eval itself when one is on
// PATH (else the figures for it on its machine are compared). Each
// side runs in a child process so that its peak RSS is its own; then 20 runs
// in one step on GRK_THREADS=1 against 2, and whether their outputs are the
// same bytes. The child's phase times show where the time goes.
//
//   bench_measures [FOLDER]        generate into FOLDER (default: a temporary one) and time them
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <grk/eval/threads.hpp>

#include "catalog/measure_request.hpp"
#include "evaluation/system_evaluation.hpp"
#include "printing/trec_eval_text.hpp"
#include "statistic/result_json.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace fs = std::filesystem;
namespace gm = grk::measures;

namespace {

constexpr int queries = 7000;
constexpr int results_per_query = 1000;
constexpr int qrels_per_query = 12;

std::uint64_t next(std::uint64_t& state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 33;
}

// The run (about 263 MB; `count` queries) and the qrels, from a fixed seed.
void generate(const fs::path& folder, int count = queries, const char* run_name = "run.txt") {
  fs::create_directories(folder);
  std::FILE* run = std::fopen((folder / run_name).c_str(), "wb");
  std::FILE* qrels = std::fopen((folder / "qrels.txt").c_str(), "wb");
  std::uint64_t state = 21;
  std::vector<char> line(256);
  for (int q = 0; q < count; ++q) {
    for (int j = 0; j < qrels_per_query; ++j) {
      // Two thirds of the judged documents are in the run's range of ids.
      const std::uint64_t doc = j % 3 == 2 ? 9000000 + next(state) % 1000000 : next(state) % 8000000;
      std::fprintf(qrels, "%d 0 %llu %d\n", 1000000 + q, static_cast<unsigned long long>(doc),
                   static_cast<int>(next(state) % 4));
    }
    double score = 40.0;
    for (int r = 0; r < results_per_query; ++r) {
      score -= static_cast<double>(next(state) % 1000) / 20000.0;
      std::fprintf(run, "%d Q0 %llu %d %.6f bm25\n", 1000000 + q,
                   static_cast<unsigned long long>(r * 8000 + next(state) % 8000), r + 1, score);
    }
  }
  std::fclose(run);
  std::fclose(qrels);
}

// The floor: read the run, split each line into fields, strtod the score.
int bare_loop(const fs::path& folder) {
  std::FILE* file = std::fopen((folder / "run.txt").c_str(), "rb");
  std::string text;
  text.reserve(fs::file_size(folder / "run.txt") + 1);
  text.resize(fs::file_size(folder / "run.txt"));
  if (std::fread(text.data(), 1, text.size(), file) != text.size()) return 1;
  std::fclose(file);
  text.push_back('\0');
  double sum = 0.0;
  std::size_t lines = 0;
  const char* p = text.data();
  const char* end = text.data() + text.size() - 1;
  while (p < end) {
    const char* fields[6];
    int count = 0;
    while (*p != '\n' && p < end) {
      while (*p == ' ' || *p == '\t') ++p;
      if (count < 6) fields[count] = p;
      ++count;
      while (*p != ' ' && *p != '\t' && *p != '\n' && p < end) ++p;
    }
    ++p;
    ++lines;
    if (count >= 5) sum += std::strtod(fields[4], nullptr);
  }
  std::printf("bare loop: %zu lines, score sum %.3f\n", lines, sum);
  return 0;
}

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The process's CPU seconds (all threads): steadier than the wall clock on a shared machine.
double cpu_now() {
  timespec now{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

// Wall and CPU seconds of each phase, printed in one line.
class Phases {
 public:
  void end(const char* name) {
    line_ += std::string(line_.empty() ? "" : ", ") + name + " " + format(since(wall_)) + "/" + format(cpu_now() - cpu_);
    wall_ = std::chrono::steady_clock::now();
    cpu_ = cpu_now();
  }
  const std::string& line() const { return line_; }

 private:
  static std::string format(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
    return buffer;
  }
  std::chrono::steady_clock::time_point wall_ = std::chrono::steady_clock::now();
  double cpu_ = cpu_now();
  std::string line_;
};

// What the trec-eval step does: read, score all_trec per query, write the text,
// build the result, on GRK_THREADS threads (the machine's cores when unset).
// Each phase's time goes to stderr, to see where the time goes.
int evaluate(const fs::path& folder) {
  auto threads = grk::eval::thread_count();
  if (!threads) return 1;
  Phases phases;
  auto qrels = gm::read_qrels(folder / "qrels.txt", gm::QrelsFormat::automatic);
  auto measures = gm::request_measures({"all_trec"});
  if (!qrels || !measures) return 1;
  phases.end("qrels");
  gm::EvaluationOptions options;
  options.per_query = true;
  const gm::ValueLayout layout(*measures);
  auto run = gm::read_run(folder / "run.txt", *threads);
  if (!run) return 1;
  phases.end("read run");
  auto scored = gm::evaluate_run(*run, "bench", *qrels, layout, options, *threads);
  if (!scored) return 1;
  phases.end("score");
  run = gm::TrecRun{};  // as evaluate_systems drops each run once it is scored
  std::vector<gm::RunScores> scores;
  scores.push_back(std::move(*scored));
  phases.end("free run");
  fs::remove_all(folder / "out");
  if (!gm::publish_trec_eval_texts(folder / "out", {"bench"}, scores, layout, true, *threads)) return 1;
  phases.end("text and write");
  const auto text_bytes = static_cast<std::size_t>(fs::file_size(folder / "out" / "bench.txt"));
  const std::string result = gm::result_text({"bench"}, scores, layout, options);
  phases.end("result");
  std::printf("trec-eval: %zu queries, %zu bytes of text, %zu bytes of result, %u threads\n",
              scores.front().queries.size(), text_bytes, result.size(), *threads);
  std::printf("  phases, wall/CPU seconds: %s\n", phases.line().c_str());
  return 0;
}

// 20 runs in one step, written to OUT as the step writes them.
int evaluate_many(const fs::path& folder, const fs::path& out) {
  auto threads = grk::eval::thread_count();
  auto qrels = gm::read_qrels(folder / "qrels.txt", gm::QrelsFormat::automatic);
  auto measures = gm::request_measures({"all_trec"});
  if (!threads || !qrels || !measures) return 1;
  const gm::ValueLayout layout(*measures);
  gm::EvaluationOptions options;
  options.per_query = true;
  std::vector<std::pair<std::string, fs::path>> runs;
  for (int r = 0; r < 20; ++r) runs.emplace_back("run" + std::to_string(r), folder / "run.txt");
  auto scores = gm::evaluate_systems(runs, *qrels, layout, options, *threads);
  if (!scores) return 1;
  std::vector<std::string> systems;
  for (const auto& run : runs) systems.push_back(run.first);
  fs::remove_all(out);
  return gm::publish_trec_eval_texts(out, systems, *scores, layout, true, *threads) ? 0 : 1;
}

std::string file_bytes(const fs::path& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return {};
  std::string text(fs::file_size(path), '\0');
  const bool read = std::fread(text.data(), 1, text.size(), file) == text.size();
  std::fclose(file);
  return read ? text : std::string();
}

struct Child {
  double seconds = 0.0;
  double cpu_seconds = 0.0;  ///< user + system: steadier than the wall clock on a shared machine
  long peak_kib = 0;
};

// Runs this program with `mode` in a child process, GRK_THREADS set to
// `threads` (unset when empty): its wall and CPU time and its own peak RSS.
Child run_child(const char* self, const char* mode, const fs::path& folder, const std::string& threads = {},
                const fs::path& out = {}) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!threads.empty()) ::setenv("GRK_THREADS", threads.c_str(), 1);
    if (out.empty()) {
      ::execl(self, self, mode, folder.c_str(), static_cast<char*>(nullptr));
    } else {
      ::execl(self, self, mode, folder.c_str(), out.c_str(), static_cast<char*>(nullptr));
    }
    std::_Exit(127);
  }
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  Child child;
  child.seconds = since(start);
  child.peak_kib = usage.ru_maxrss;
  child.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                      static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) std::fprintf(stderr, "%s failed\n", mode);
  return child;
}

// The first `trec_eval` on PATH, or empty.
std::string trec_eval_on_path() {
  const char* path = std::getenv("PATH");
  std::string folders = path == nullptr ? "" : path;
  for (std::size_t begin = 0; begin <= folders.size();) {
    const std::size_t end = std::min(folders.find(':', begin), folders.size());
    const fs::path candidate = fs::path(folders.substr(begin, end - begin)) / "trec_eval";
    if (end > begin && ::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    begin = end + 1;
  }
  return {};
}

// trec_eval itself on the same files, when installed: `-q -m all_trec` to a file.
double time_trec_eval(const std::string& binary, const fs::path& folder, long& peak_kib) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::FILE* out = std::freopen((folder / "trec_eval.txt").c_str(), "wb", stdout);
    if (out == nullptr) std::_Exit(127);
    ::execl(binary.c_str(), binary.c_str(), "-q", "-m", "all_trec", (folder / "qrels.txt").c_str(),
            (folder / "run.txt").c_str(), static_cast<char*>(nullptr));
    std::_Exit(127);
  }
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  peak_kib = usage.ru_maxrss;
  return since(start);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--bare") == 0) return bare_loop(argv[2]);
  if (argc == 3 && std::strcmp(argv[1], "--evaluate") == 0) return evaluate(argv[2]);
  if (argc == 4 && std::strcmp(argv[1], "--many") == 0) return evaluate_many(argv[2], argv[3]);
  const fs::path folder = argc == 2 ? fs::path(argv[1]) : fs::temp_directory_path() / "grk-bench-measures";
  if (!fs::exists(folder / "run.txt")) generate(folder);
  std::printf("run: %d queries x %d results, %.0f MB; qrels: %d rows; %u cores\n", queries, results_per_query,
              static_cast<double>(fs::file_size(folder / "run.txt")) / 1e6, queries * qrels_per_query,
              std::thread::hardware_concurrency());
  std::fflush(stdout);
  const Child bare = run_child(argv[0], "--bare", folder);
  const Child ours = run_child(argv[0], "--evaluate", folder);
  std::printf("bare strtod loop (1 thread):   %6.2f s wall, %6.2f s CPU, peak RSS %6.0f MB\n", bare.seconds,
              bare.cpu_seconds, bare.peak_kib / 1024.0);
  std::printf("trec-eval, all_trec -q to out: %6.2f s wall, %6.2f s CPU, peak RSS %6.0f MB\n", ours.seconds,
              ours.cpu_seconds, ours.peak_kib / 1024.0);
  std::printf("ratio bare loop / ours: %.2f wall (target > 1)\n", bare.seconds / ours.seconds);
  const std::string trec_eval = trec_eval_on_path();
  if (trec_eval.empty()) {
    // Machines differ: the trec_eval took 6.3 s where its bare loop
    // took 0.75 s, so scaled by the bare loops it would take 8.4 times ours here.
    const double scaled = 6.3 / 0.75 * bare.seconds;
    std::printf("trec_eval: not found on PATH; the issue reports 6.3 s and 536 MB on its machine, where the bare\n"
                "  loop took 0.75 s: scaled by this machine's bare loop, %.1f s here\n",
                scaled);
    std::printf("  ratio 6.3 s / ours %.1f, scaled %.1f s / ours %.1f (target >= 10), peak RSS ours / 536 MB %.2f "
                "(target <= 0.5)\n",
                6.3 / ours.seconds, scaled, scaled / ours.seconds, ours.peak_kib / 1024.0 / 536.0);
  } else {
    long peak_kib = 0;
    const double seconds = time_trec_eval(trec_eval, folder, peak_kib);
    std::printf("trec_eval (%s): %6.2f s wall, peak RSS %6.0f MB\n", trec_eval.c_str(), seconds, peak_kib / 1024.0);
    std::printf("  ratio trec_eval / ours %.1f (target >= 10), peak RSS ours / trec_eval %.2f (target <= 0.5)\n",
                seconds / ours.seconds, static_cast<double>(ours.peak_kib) / static_cast<double>(peak_kib));
  }
  // 20 runs of a tenth of the size in one step, GRK_THREADS=1 against 2.
  const fs::path small = folder / "small";
  if (!fs::exists(small / "run.txt")) generate(small, queries / 10);
  std::fflush(stdout);
  const Child one = run_child(argv[0], "--many", small, "1", small / "out-1");
  const Child two = run_child(argv[0], "--many", small, "2", small / "out-2");
  bool same = true;
  for (int r = 0; r < 20; ++r) {
    const std::string name = "run" + std::to_string(r) + ".txt";
    const std::string left = file_bytes(small / "out-1" / name);
    same = same && !left.empty() && left == file_bytes(small / "out-2" / name);
  }
  std::printf("20 runs of %d queries x %d: GRK_THREADS=1 %.2f s (%.2f s CPU), GRK_THREADS=2 %.2f s (%.2f s CPU), "
              "speed-up %.2f (target >= 1.7), same bytes: %s\n",
              queries / 10, results_per_query, one.seconds, one.cpu_seconds, two.seconds, two.cpu_seconds,
              one.seconds / two.seconds, same ? "yes" : "NO");
  return 0;
}
