// bench_report: the time `grk-eval report` takes on the results of a
// compare-systems of 50 systems against a baseline on 5 metrics (250
// comparison records), in every format, against the target of one second
// (docs/design.md §4.10). Two figures per format, each the best of
// `repeats` runs (default 5; --quick for 1):
// - in process: modelling the parsed document and rendering it;
// - end to end: the grk-eval binary reading the file and writing the report
//   (process start, JSON reading, rendering, the atomic write).
// Run once more with --per-query N: each record then also holds N per-query
// deltas, which the HTML draws as N bars per comparison.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include <grk/json/writer.hpp>

#include "report/format.hpp"
#include "report/model.hpp"

namespace {

using Clock = std::chrono::steady_clock;

boost::json::value fifty_by_five(std::size_t per_query) {
  boost::json::array comparisons;
  const char* metrics[] = {"ndcg_at_10", "mrr", "recall_at_1", "recall_at_5", "recall_at_10"};
  for (int system = 0; system < 50; ++system) {
    for (const char* metric : metrics) {
      const double effect = (system - 25) / 97.0;
      boost::json::object record{
          {"baseline", "bm25"}, {"candidate", "system-" + std::to_string(system)}, {"metric", metric},
          {"test", "paired-bootstrap"}, {"query_count", 1000}, {"baseline_mean", 0.4567},
          {"candidate_mean", 0.4567 + effect}, {"effect", effect}, {"confidence_interval_low", effect - 0.0513},
          {"confidence_interval_high", effect + 0.0498}, {"p_value_two_sided", 0.0123 * (system + 1) / 50},
          {"effect_size", effect * 3.1}, {"wins", 400}, {"ties", 200}, {"losses", 400},
          {"p_value_adjusted", 0.0456}, {"alpha", 0.05}, {"significant", system % 3 == 0}};
      if (per_query > 0) {
        boost::json::object deltas;
        for (std::size_t q = 0; q < per_query; ++q) {
          deltas["q" + std::to_string(q)] = static_cast<double>((q * 7919 + system) % 2001) / 1000.0 - 1.0;
        }
        record["per_query_deltas"] = std::move(deltas);
      }
      comparisons.push_back(std::move(record));
    }
  }
  return boost::json::object{
      {"steps", boost::json::array{boost::json::object{
                    {"id", "fifty-systems"}, {"component", "compare-systems"}, {"kind", "statistic"},
                    {"status", "ok"},
                    {"result", boost::json::object{{"test", "bootstrap"}, {"correction", "holm"}, {"alpha", 0.05},
                                                   {"family_size", 250}, {"comparisons", std::move(comparisons)}}}}}},
      {"provenance", boost::json::object{{"host_version", "1.0.0"}, {"sdk_version", "1.0.0"}, {"abi_version", 1},
                                         {"inputs", boost::json::array{}},
                                         {"started_at", "2026-11-30T12:00:00.000000+00:00"}}}};
}

template <class Work>
double best_seconds(int repeats, Work work) {
  double best = 1e300;
  for (int i = 0; i < repeats; ++i) {
    const auto start = Clock::now();
    work();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
  }
  return best;
}

int run(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::fflush(stdout);  // or the child's stdout would print it again
  const pid_t pid = fork();
  if (pid == 0) {
    // Its "report: FILE" line is not a figure.
    if (std::freopen("/dev/null", "w", stdout) == nullptr) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = 5;
  std::size_t per_query = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) repeats = 1;
    if (std::strcmp(argv[i], "--per-query") == 0 && i + 1 < argc) per_query = std::strtoul(argv[++i], nullptr, 10);
  }
  const auto folder = std::filesystem::temp_directory_path() / ("grk-bench-report-" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  const auto input = folder / "results.json";
  const boost::json::value document = fifty_by_five(per_query);
  std::ofstream(input) << grk::json::write_pretty(document) << "\n";
  std::printf("50 systems x 5 metrics (250 comparison records), %zu per-query deltas each; results document %ju bytes;"
              " best of %d; working folder %s\n",
              per_query, static_cast<std::uintmax_t>(std::filesystem::file_size(input)), repeats,
              folder.string().c_str());
  std::printf("%-9s %14s %14s %12s %s\n", "format", "in process", "end to end", "bytes", "under 1 s");
  bool all_under = true;
  for (const auto& [format, name, extensions, render] : grk::host::report_formats) {
    const char* const extension = extensions[0];
    std::size_t bytes = 0;
    const double in_process = best_seconds(repeats, [&] {
      auto model = grk::host::model_of(document, "results.json");
      model->title = "bench";
      bytes = grk::host::render_report(*model, format).size();
    });
    const std::string output = (folder / (std::string("report") + extension)).string();
    int status = 0;
    const double end_to_end = best_seconds(repeats, [&] {
      status = run({GRK_BENCH_HOST, "report", input.string(), "--output", output});
    });
    const bool under = status == 0 && end_to_end < 1.0;
    all_under = all_under && under;
    std::printf("%-9s %12.1f ms %12.1f ms %12zu %s\n", name, in_process * 1e3, end_to_end * 1e3, bytes,
                status != 0 ? "FAILED" : under ? "yes" : "no");
  }
  std::filesystem::remove_all(folder);
  return all_under ? 0 : 1;
}
