// bench_comparisons: the speed targets of issue 10's comparison tests,
// measured in one run and printed with their ratios (plugins/significance/README.md):
// - randomization at N=1000 with 10,000 sign vectors against the paired
//   bootstrap at the same N and B (target: <= 0.5x, a sign vector needs one
//   bit per query where a resample needs a bounded random integer);
// - paired-t and wilcoxon at N=100,000 (target: under 10 ms each).
// Each figure is the best of `repeats` runs (default 5; --quick for 1).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "bench_timing.hpp"
#include "resampling/bootstrap.hpp"
#include "methods/paired_t.hpp"
#include "methods/randomization.hpp"
#include "methods/wilcoxon.hpp"

namespace {

using grk::bench::best_seconds;

// Per-query deltas of two correlated metric columns in [0, 1], rounded to
// four decimals as trec_eval prints them, so ties and zeros occur as in real
// runs (they decide wilcoxon's distribution and its tie correction).
std::vector<double> synthetic_deltas(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> deltas(n);
  for (auto& delta : deltas) {
    const double baseline = std::round(unit(rng) * 10000.0) / 10000.0;
    const double candidate = std::round(std::min(1.0, baseline * 0.9 + unit(rng) * 0.2) * 10000.0) / 10000.0;
    delta = candidate - baseline;
  }
  return deltas;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int repeats = quick ? 1 : 5;
  using namespace grk::significance;

  const std::vector<double> small = synthetic_deltas(1000, 1);
  double sink = 0.0;
  const double randomization = best_seconds(repeats, [&] { sink += randomization_test(small, 10000, 7).p_value_two_sided; });
  const double bootstrap = best_seconds(repeats, [&] { sink += bootstrap_deltas(small, 10000, 7, 0.95).p_value_two_sided; });
  std::printf("N=1000, B=10000 (best of %d)\n", repeats);
  std::printf("  randomization (monte-carlo sign vectors)   %9.4f s\n", randomization);
  std::printf("  paired bootstrap (same N and B)            %9.4f s   ratio randomization/bootstrap = %.3f (target <= 0.5)\n",
              bootstrap, randomization / bootstrap);

  const std::vector<double> large = synthetic_deltas(100000, 2);
  const double t = best_seconds(repeats, [&] {
    const auto estimate = paired_t_test(large, 0.95);
    sink += estimate ? estimate->p_value_two_sided : 0.0;
  });
  const double wilcoxon = best_seconds(repeats, [&] {
    const auto estimate = wilcoxon_signed_rank(large);
    sink += estimate ? estimate->p_value_two_sided : 0.0;
  });
  std::printf("N=100000 (best of %d)\n", repeats);
  std::printf("  paired-t                                    %9.2f ms   (target < 10 ms)\n", t * 1e3);
  std::printf("  wilcoxon (normal approximation, ties)       %9.2f ms   (target < 10 ms)\n", wilcoxon * 1e3);
  // Printed so the work cannot be optimised away.
  std::printf("(checksum %.6f)\n", sink);
  return 0;
}
