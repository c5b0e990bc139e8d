// bench_measures: trec-eval on a run of MS MARCO dev's shape (7,000 queries x
// 1,000 results, 84,000 qrels rows), `all_trec` with per-query output written
// to an output folder, against a bare single-thread loop that only splits the
// run's lines and strtod's each score. Each side runs in a child process so
// that its peak RSS is its own. trec_eval itself is not installed here; the
// issue's figures for it on its machine are printed for reference.
//
//   bench_measures [FOLDER]        generate into FOLDER (default: a temporary one) and time both
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
#include <vector>

#include "catalog/measure_request.hpp"
#include "evaluation/system_evaluation.hpp"
#include "printing/trec_eval_text.hpp"
#include "statistic/output_files.hpp"
#include "statistic/result_json.hpp"
#include "trec/qrels_reader.hpp"

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

// What the trec-eval step does: read, score all_trec per query, write the text, build the result.
int evaluate(const fs::path& folder) {
  auto qrels = gm::read_qrels(folder / "qrels.txt", gm::QrelsFormat::automatic);
  auto measures = gm::request_measures({"all_trec"});
  if (!qrels || !measures) return 1;
  gm::EvaluationOptions options;
  options.per_query = true;
  const gm::ValueLayout layout(*measures);
  auto scores = gm::evaluate_systems({{"bench", folder / "run.txt"}}, *qrels, layout, options, 1);
  if (!scores) {
    std::fprintf(stderr, "%s\n", scores.error().message.c_str());
    return 1;
  }
  const std::string text = gm::trec_eval_text(scores->front(), layout, true);
  fs::remove_all(folder / "out");
  if (!gm::publish_outputs(folder / "out", {{"bench.txt", text}})) return 1;
  const auto result = gm::result_json({"bench"}, *scores, layout, true);
  std::printf("trec-eval: %zu queries, %zu bytes of text, %zu systems in the result\n", scores->front().queries.size(),
              text.size(), result.at("systems").as_object().size());
  return 0;
}

// 20 runs in one step on 1 thread and on 2: the speed-up, and the same bytes.
void thread_scaling(const fs::path& folder) {
  const fs::path small = folder / "small";
  if (!fs::exists(small / "run.txt")) generate(small, queries / 10);
  auto qrels = gm::read_qrels(small / "qrels.txt", gm::QrelsFormat::automatic);
  auto measures = gm::request_measures({"all_trec"});
  if (!qrels || !measures) return;
  const gm::ValueLayout layout(*measures);
  gm::EvaluationOptions options;
  options.per_query = true;
  std::vector<std::pair<std::string, fs::path>> runs;
  for (int r = 0; r < 20; ++r) runs.emplace_back("run" + std::to_string(r), small / "run.txt");
  double seconds[2] = {0, 0};
  std::string texts[2];
  for (unsigned threads : {1u, 2u}) {
    const auto start = std::chrono::steady_clock::now();
    auto scores = gm::evaluate_systems(runs, *qrels, layout, options, threads);
    if (!scores) return;
    for (const auto& run : *scores) texts[threads - 1] += gm::trec_eval_text(run, layout, true);
    seconds[threads - 1] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  std::printf("20 runs of %d queries x %d: 1 thread %.2f s, 2 threads %.2f s, speed-up %.2f, same bytes: %s\n",
              queries / 10, results_per_query, seconds[0], seconds[1], seconds[0] / seconds[1],
              texts[0] == texts[1] ? "yes" : "NO");
}

struct Child {
  double seconds = 0.0;
  double cpu_seconds = 0.0;  ///< user + system: steadier than the wall clock on a shared machine
  long peak_kib = 0;
};

Child run_child(const char* self, const char* mode, const fs::path& folder) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl(self, self, mode, folder.c_str(), static_cast<char*>(nullptr));
    std::_Exit(127);
  }
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  Child child;
  child.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  child.peak_kib = usage.ru_maxrss;
  child.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                      static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) std::fprintf(stderr, "%s failed\n", mode);
  return child;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--bare") == 0) return bare_loop(argv[2]);
  if (argc == 3 && std::strcmp(argv[1], "--evaluate") == 0) return evaluate(argv[2]);
  const fs::path folder = argc == 2 ? fs::path(argv[1]) : fs::temp_directory_path() / "grk-bench-measures";
  if (!fs::exists(folder / "run.txt")) generate(folder);
  std::printf("run: %d queries x %d results, %.0f MB; qrels: %d rows\n", queries, results_per_query,
              static_cast<double>(fs::file_size(folder / "run.txt")) / 1e6, queries * qrels_per_query);
  const Child bare = run_child(argv[0], "--bare", folder);
  const Child ours = run_child(argv[0], "--evaluate", folder);
  std::printf("bare strtod loop (1 thread):   %6.2f s wall, %6.2f s CPU, peak RSS %6.0f MB\n", bare.seconds,
              bare.cpu_seconds, bare.peak_kib / 1024.0);
  std::printf("trec-eval, all_trec -q to out: %6.2f s wall, %6.2f s CPU, peak RSS %6.0f MB\n", ours.seconds,
              ours.cpu_seconds, ours.peak_kib / 1024.0);
  std::printf("ratio ours / bare loop: %.2f wall, %.2f CPU\n", ours.seconds / bare.seconds,
              ours.cpu_seconds / bare.cpu_seconds);
  thread_scaling(folder);
  std::printf("trec_eval 10.0 is not installed here; the issue reports 6.3 s and 536 MB on its machine\n");
  std::printf("(ratio trec_eval / ours there, if our time held: %.1f; peak RSS ours / trec_eval's: %.2f)\n",
              6.3 / ours.seconds, ours.peak_kib / 1024.0 / 536.0);
  return 0;
}
