// What the significance benchmarks time with: wall seconds, the best of
// several runs, and a shell command's wall time and output.
#ifndef GRK_BENCH_SIGNIFICANCE_BENCH_TIMING_HPP
#define GRK_BENCH_SIGNIFICANCE_BENCH_TIMING_HPP

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

namespace grk::bench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The fastest of `repeats` runs of `work`: the figure least disturbed by
/// other load on a shared machine.
template <class Work>
double best_seconds(int repeats, Work work) {
  double best = 1e300;
  for (int i = 0; i < repeats; ++i) {
    const auto start = Clock::now();
    work();
    best = std::min(best, seconds_since(start));
  }
  return best;
}

/// Runs a shell command; returns its wall time, with its stdout in `output`
/// and its wait status in `status` (-1 when it could not start).
inline double run_command(const std::string& command, std::string& output, int& status) {
  const auto start = Clock::now();
  FILE* pipe = ::popen(command.c_str(), "r");
  output.clear();
  if (pipe == nullptr) {
    status = -1;
    return 0.0;
  }
  char buffer[4096];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, got);
  status = ::pclose(pipe);
  return seconds_since(start);
}

/// `text` in single quotes for the shell (paths here hold no quote).
inline std::string quote(const std::string& text) { return "'" + text + "'"; }

}  // namespace grk::bench

#endif
