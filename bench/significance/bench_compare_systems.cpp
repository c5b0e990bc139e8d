// bench_compare_systems: compare-systems' speed targets
// (docs/behaviour/comparisons.md §10), measured in one run and printed with
// their ratios. The input is a results table's: a baseline and 4 candidates,
// 5 measures, N=1000 queries, written as `trec_eval -q` files; the test is
// the bootstrap with B=10000, so the family holds 20 comparisons.
// - In process (the component's compute, files read included), GRK_THREADS=1
//   against the default thread count, same bytes (target: >= 1.7x on 2 cores).
// - `grk-eval run` end to end against CPython running groundkit's paired
//   bootstrap for the same 20 comparisons one after the other
//   (reference_compare.py), same results (target: >= 200x).
// Each C++ figure is the best of `--repeats` runs (default 3); CPython runs
// once. The files go to the temporary folder, whose file system is printed.
//
// usage: bench_compare_systems [--repeats R] [--resamples B] [--python-script PATH] [--grk-eval PATH]
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>

#include <grk/context.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/param.hpp>
#include <grk/param_checks.hpp>

#include "bench_timing.hpp"
#include "components/statistics.hpp"

namespace fs = std::filesystem;
using grk::bench::best_seconds;
using grk::bench::quote;
using grk::bench::run_command;

namespace {

constexpr std::size_t query_count = 1000;
const std::vector<std::string> systems = {"bm25", "dense", "fusion", "rerank", "splade"};
const std::vector<std::string> measures = {"P_10", "map", "ndcg_cut_10", "recall_100", "recip_rank"};

std::string file_system_of(const fs::path& path) {
  struct statfs info {};
  if (::statfs(path.c_str(), &info) != 0) return "unknown";
  return info.f_type == 0x01021994 ? "tmpfs" : "disk (not tmpfs)";
}

// One trec_eval -q file per system: every measure per query, four decimals as
// trec_eval prints them (P_10 in tenths), so ties occur as in real runs. Each
// system is a little better than the one before it, with per-query noise.
void write_runs(const fs::path& dir) {
  std::mt19937_64 rng(20261130);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> difficulty(query_count);
  for (double& d : difficulty) d = unit(rng);
  for (std::size_t s = 0; s < systems.size(); ++s) {
    std::ofstream out(dir / (systems[s] + ".txt"));
    out << "runid                 \tall\t" << systems[s] << "\n";
    for (std::size_t q = 0; q < query_count; ++q) {
      for (std::size_t m = 0; m < measures.size(); ++m) {
        double value = std::clamp(difficulty[q] + 0.015 * static_cast<double>(s) + (unit(rng) - 0.5) * 0.4, 0.0, 1.0);
        value = m == 0 ? std::round(value * 10.0) / 10.0 : value;
        char line[96];
        std::snprintf(line, sizeof line, "%-22s\t%zu\t%.4f\n", measures[m].c_str(), 301 + q, value);
        out << line;
      }
    }
  }
}

boost::json::object runs_param(const fs::path& dir) {
  boost::json::object runs;
  for (const auto& system : systems) runs[system] = (dir / (system + ".txt")).string();
  return runs;
}

// The component's result, computed in this process.
std::string compute(const boost::json::object& given) {
  using grk::significance::CompareSystemsStatistic;
  auto params = grk::validate_params(CompareSystemsStatistic::params(), given);
  if (!params) {
    std::fprintf(stderr, "bad params: %s\n", params.error().message.c_str());
    std::exit(1);
  }
  grk::Context context(nullptr, nullptr);
  CompareSystemsStatistic component;
  return grk::json::write_compact(component.compute(grk::Params(std::move(*params)), context));
}

// Whether CPython's rows equal compare-systems' records bit for bit in the
// bootstrap's figures (floats compared as the doubles their shortest
// round-trip text reads back to: both read by the SDK's exact reader, since
// boost::json::parse does not round every decimal correctly).
std::string compare_rows(const boost::json::value& ours, const boost::json::value& python) {
  const auto& records = ours.at("comparisons").as_array();
  const auto& rows = python.at("comparisons").as_array();
  if (records.size() != rows.size()) return "DIFFERENT row counts";
  for (const auto& row : rows) {
    bool found = false;
    for (const auto& record : records) {
      if (record.at("candidate") != row.at("candidate") || record.at("metric") != row.at("metric")) continue;
      found = true;
      for (const char* key : {"effect", "confidence_interval_low", "confidence_interval_high", "p_value_two_sided"}) {
        if (record.at(key).to_number<double>() != row.at(key).to_number<double>()) {
          return std::string("DIFFERENT ") + key + " for " + std::string(row.at("candidate").as_string()) + " on " +
                 std::string(row.at("metric").as_string());
        }
      }
    }
    if (!found) return "a CPython row is MISSING from compare-systems";
  }
  return "identical: effect, interval and p of all " + std::to_string(rows.size()) + " rows";
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = 3;
  std::int64_t resamples = 10000;
  std::string script = GRK_BENCH_COMPARE_SCRIPT;
  std::string host = GRK_BENCH_HOST;
  const std::string plugin_dir = GRK_BENCH_PLUGIN_DIR;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--repeats" && i + 1 < argc) repeats = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--resamples" && i + 1 < argc) resamples = std::max<std::int64_t>(1, std::atoll(argv[++i]));
    else if (arg == "--python-script" && i + 1 < argc) script = argv[++i];
    else if (arg == "--grk-eval" && i + 1 < argc) host = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_compare_systems [--repeats R] [--resamples B] [--python-script PATH] "
                           "[--grk-eval PATH]\n");
      return 2;
    }
  }

  const fs::path dir = fs::temp_directory_path() / ("grk-bench-compare-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  write_runs(dir);
  const std::size_t comparisons = (systems.size() - 1) * measures.size();
  std::printf("compare-systems: %zu systems (baseline bm25) x %zu measures, N=%zu, bootstrap B=%lld: %zu "
              "comparisons\n",
              systems.size(), measures.size(), query_count, static_cast<long long>(resamples), comparisons);
  std::printf("files: trec_eval -q in %s (%s); %u hardware threads\n", dir.c_str(),
              file_system_of(dir).c_str(), std::thread::hardware_concurrency());

  const boost::json::object params{{"runs", runs_param(dir)}, {"baseline", "bm25"}, {"resamples", resamples}};

  // In process: one thread against the default.
  std::string one_thread_result, default_result;
  ::setenv("GRK_THREADS", "1", 1);
  const double one_thread = best_seconds(repeats, [&] { one_thread_result = compute(params); });
  ::unsetenv("GRK_THREADS");
  const double all_threads = best_seconds(repeats, [&] { default_result = compute(params); });
  std::printf("\nin process (best of %d)\n", repeats);
  std::printf("  GRK_THREADS=1                                  %10.4f s\n", one_thread);
  std::printf("  default threads                                %10.4f s\n", all_threads);
  std::printf("  ratio                                          %10.2f   (target >= 1.7 on 2 cores); results %s\n",
              one_thread / all_threads, one_thread_result == default_result ? "the same bytes" : "DIFFER");

  // End to end, and CPython.
  {
    std::ofstream config(dir / "config.json");
    config << boost::json::serialize(boost::json::object{
        {"steps", boost::json::array{boost::json::object{
                      {"id", "table"}, {"statistic", "compare-systems"}, {"params", params}}}}});
  }
  std::string output;
  int status = 0;
  const bool have_host = fs::exists(host);
  double host_wall = 0.0;
  boost::json::value host_results;
  std::printf("\nend to end\n");
  if (have_host) {
    const std::string command = quote(host) + " run " + quote((dir / "config.json").string()) + " --plugin-dir " +
                                quote(plugin_dir) + " --output " + quote((dir / "results.json").string()) +
                                " > /dev/null 2>&1";
    host_wall = best_seconds(repeats, [&] { run_command(command, output, status); });
    std::ifstream in(dir / "results.json");
    std::stringstream text;
    text << in.rdbuf();
    auto document = grk::json::read(text.str());
    if (status != 0 || !document) {
      std::printf("  grk-eval run failed (status %d): run it by hand to see why\n", status);
    } else {
      host_results = document->at("steps").at(0).at("result");
      std::printf("  grk-eval run (default threads, best of %d)     %10.4f s   (result %s the in-process one)\n",
                  repeats, host_wall,
                  grk::json::write_compact(host_results) == default_result ? "equals" : "DIFFERS from");
    }
  } else {
    std::printf("  grk-eval: %s absent (build the host first)\n", host.c_str());
  }

  std::string arguments;
  for (const auto& system : systems) arguments += " " + quote(system + "=" + (dir / (system + ".txt")).string());
  const double python_wall = run_command("python3 " + quote(script) + " " + std::to_string(resamples) + " 7 0.95" +
                                             arguments + " 2>/dev/null",
                                         output, status);
  auto python = grk::json::read(output);
  if (status != 0 || !python) {
    std::printf("  CPython: python3 or %s unavailable (column skipped)\n", script.c_str());
  } else {
    std::printf("  CPython, %zu x groundkit's bootstrap, whole process %10.4f s   (bootstrap only %.4f s)\n",
                comparisons, python_wall, python->at("seconds").to_number<double>());
    std::printf("  compared with compare-systems: %s\n",
                compare_rows(grk::json::read(default_result).value(), *python).c_str());
    if (host_wall > 0.0) {
      std::printf("  ratio CPython process / grk-eval run           %10.1f   (target >= 200)\n", python_wall / host_wall);
    }
    std::printf("  ratio CPython / in process, default threads    %10.1f\n", python_wall / all_threads);
  }
  fs::remove_all(dir);
  return 0;
}
