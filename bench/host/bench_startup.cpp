// bench_startup: what grk-eval costs before any work, measured in one run and
// printed with its ratios (docs/design.md §4.12):
// - `grk-eval --version`, the floor: a process that parses its flags;
// - `grk-eval plugins` with a cold probe cache (a new cache file each time:
//   every module probed in a child) and a warm one (target: <= 10 ms);
// - `grk-eval run` of a one-query paired-bootstrap, cold and warm (target:
//   warm <= 2x --version), and warm with a cache that also knows ten other
//   copies of the plugin folder, as a developer's does (a run reads only the
//   lines of its own modules: the same time);
// - what --isolate adds to a step: 20 such steps in one run, in process and
//   isolated (target: under 10 ms a step; docs/design.md §4.13);
// - what --output's checkpoints add to a run of --steps quick steps (default
//   2,000), whose document grows with every step: run once with and once
//   without -o (target: what -o adds stays within the budget of
//   host/src/run/checkpoints.hpp, 2 s plus a quarter of the run).
// Each figure is the best of --repeats runs (default 20), each run a
// posix_spawn of the binary with its output to /dev/null.
//
// usage: bench_startup [--repeats R] [--steps N] [--grk-eval PATH]
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

extern char** environ;

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Runs argv with GRK_PROBE_CACHE=cache; returns the wall seconds, or -1 when
// it did not exit with 0.
double timed_run(const std::vector<std::string>& argv, const std::string& cache) {
  std::vector<std::string> env_text{"GRK_PROBE_CACHE=" + cache};
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::string(*e).rfind("GRK_PROBE_CACHE=", 0) != 0) env_text.emplace_back(*e);
  }
  std::vector<char*> env;
  for (auto& entry : env_text) env.push_back(entry.data());
  env.push_back(nullptr);
  std::vector<std::string> args = argv;
  std::vector<char*> arg_pointers;
  for (auto& arg : args) arg_pointers.push_back(arg.data());
  arg_pointers.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const auto start = Clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, arg_pointers[0], &actions, nullptr, arg_pointers.data(), env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1.0;
  int status = 0;
  waitpid(pid, &status, 0);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? seconds : -1.0;
}

// Best of `repeats`; `cache_for(i)` gives run i's cache file.
template <class CacheFor>
double best(int repeats, const std::vector<std::string>& argv, CacheFor cache_for) {
  double best_seconds = 1e300;
  for (int i = 0; i < repeats; ++i) {
    const double seconds = timed_run(argv, cache_for(i));
    if (seconds < 0) {
      std::fprintf(stderr, "failed: %s (run it by hand to see why)\n", argv[1].c_str());
      std::exit(1);
    }
    best_seconds = std::min(best_seconds, seconds);
  }
  return best_seconds;
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = 20;
  int steps = 2000;
  std::string host = GRK_BENCH_HOST;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--repeats" && i + 1 < argc) repeats = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--steps" && i + 1 < argc) steps = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--grk-eval" && i + 1 < argc) host = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_startup [--repeats R] [--steps N] [--grk-eval PATH]\n");
      return 2;
    }
  }
  if (!fs::exists(host)) {
    std::fprintf(stderr, "grk-eval: %s absent (build the host first)\n", host.c_str());
    return 1;
  }
  const fs::path dir = fs::temp_directory_path() / ("grk-bench-startup-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "scores.json") << R"({"baseline": {"q1": 0.25}, "candidate": {"q1": 0.75}})";
  const std::string warm = (dir / "warm.json").string();
  int fresh = 0;  // every cold run gets a cache file no run has written
  const auto cold = [&](int) { return (dir / ("cold-" + std::to_string(fresh++) + ".json")).string(); };
  const auto warm_cache = [&](int) { return warm; };

  const std::vector<std::string> version{host, "--version"};
  const std::vector<std::string> plugins{host, "plugins"};
  const std::vector<std::string> run{host,          "run",           "--component",
                                     "paired-bootstrap", "--set",   "scores=" + (dir / "scores.json").string(),
                                     "--set",       "baseline=a",    "--set",
                                     "candidate=b", "--set",         "metric=mrr",
                                     "--set",       "resamples=1000"};
  timed_run(plugins, warm);  // fills the warm cache

  const double floor = best(repeats, version, warm_cache);
  const double plugins_cold = best(repeats, plugins, cold);
  const double plugins_warm = best(repeats, plugins, warm_cache);
  const double run_cold = best(repeats, run, cold);
  const double run_warm = best(repeats, run, warm_cache);
  // The same cache after ten other install folders were listed with it.
  const std::string crowded = (dir / "crowded.json").string();
  const fs::path shipped = fs::path(host).parent_path() / ".." / "lib" / "grk" / "plugins";
  for (int k = 0; k < 10; ++k) {
    const fs::path copy = dir / ("install-" + std::to_string(k));
    fs::create_directories(copy);
    for (const auto& entry : fs::directory_iterator(shipped)) {
      if (entry.path().extension() == ".so") fs::copy_file(entry.path(), copy / entry.path().filename());
    }
    timed_run({host, "plugins", "--no-default-plugins", "--plugin-dir", copy.string()}, crowded);
  }
  timed_run(plugins, crowded);
  // In turns with the warm run: a slower moment of the machine hits both.
  double run_beside = 1e300;
  double run_crowded = 1e300;
  for (int i = 0; i < repeats; ++i) {
    run_beside = std::min(run_beside, best(1, run, warm_cache));
    run_crowded = std::min(run_crowded, best(1, run, [&](int) { return crowded; }));
  }
  // A config of `count` one-query steps.
  const auto write_config = [&](const fs::path& file, int count) {
    std::ofstream config(file);
    config << "{\"steps\": [";
    for (int i = 0; i < count; ++i) {
      config << (i ? ", " : "") << "{\"id\": \"s" << i << "\", \"statistic\": \"paired-bootstrap\", \"params\": "
             << "{\"scores\": \"scores.json\", \"baseline\": \"a\", \"candidate\": \"b\", \"metric\": \"mrr\", "
             << "\"resamples\": 1000}}";
    }
    config << "]}";
  };
  // --isolate: 20 steps, in process and isolated.
  write_config(dir / "twenty.json", 20);
  const std::vector<std::string> twenty{host, "run", (dir / "twenty.json").string()};
  std::vector<std::string> twenty_isolated = twenty;
  twenty_isolated.push_back("--isolate");
  const double in_process = best(repeats, twenty, warm_cache);
  const double isolated = best(repeats, twenty_isolated, warm_cache);
  // --output: many steps, once each way (a run this long is its own average).
  write_config(dir / "many.json", steps);
  const std::vector<std::string> many{host, "run", (dir / "many.json").string()};
  std::vector<std::string> many_output = many;
  many_output.insert(many_output.end(), {"-o", (dir / "many-results.json").string()});
  const double many_stdout = best(1, many, warm_cache);
  const double many_file = best(1, many_output, warm_cache);
  const auto document_bytes = fs::file_size(dir / "many-results.json");
  std::size_t modules = 0;
  for (const auto& entry : fs::directory_iterator(shipped)) {
    modules += entry.path().extension() == ".so";
  }
  std::printf("grk-eval start-up, best of %d, %zu modules in the shipped folder\n", repeats, modules);
  std::printf("  --version                                  %8.2f ms\n", floor * 1e3);
  std::printf("  plugins, cold probe cache                  %8.2f ms\n", plugins_cold * 1e3);
  std::printf("  plugins, warm probe cache                  %8.2f ms   (target <= 10 ms)\n", plugins_warm * 1e3);
  std::printf("  run paired-bootstrap (1 query), cold       %8.2f ms   %.2fx --version\n", run_cold * 1e3,
              run_cold / floor);
  std::printf("  run paired-bootstrap (1 query), warm       %8.2f ms   %.2fx --version (target <= 2x)\n",
              run_warm * 1e3, run_warm / floor);
  std::printf("  the same, the cache knowing 10 other copies %7.2f ms   %.2fx the warm run, in turns (%.0f KB cache)\n",
              run_crowded * 1e3, run_crowded / run_beside, static_cast<double>(fs::file_size(crowded)) / 1e3);
  std::printf("  run of 20 one-query steps, in process     %8.2f ms\n", in_process * 1e3);
  std::printf("  the same with --isolate                    %8.2f ms   %.2f ms a step (target < 10 ms)\n",
              isolated * 1e3, (isolated - in_process) / 20.0 * 1e3);
  std::printf("  run of %d one-query steps, to stdout    %8.2f s\n", steps, many_stdout);
  std::printf("  the same with -o (%.1f MB document)       %8.2f s   %.2fx; checkpoints %.2f s (budget: 2 s + a "
              "quarter of the run, %.2f s, plus the final write)\n",
              static_cast<double>(document_bytes) / 1e6, many_file, many_file / many_stdout, many_file - many_stdout,
              2.0 + 0.25 * many_file);
  fs::remove_all(dir);
  return 0;
}
