// bench_tukey: the speed targets of issue 22's Tukey tests on a 20 systems x
// 1,000 queries matrix, measured in one run and printed with their ratios
// (plugins/significance/README.md):
// - randomized-tukey-hsd with 10,000 permutations on 1 and 2 threads
//   (target: under 1 s on 2 cores);
// - tukey-hsd, the ANOVA, qtukey once and the 190 pairs' ptukey (target:
//   under 10 ms), once on one thread and once spread as compare-systems
//   spreads its records; then the same with every difference scaled so
//   that no pair's p is 0 at once (q from 0.4 to 7: each pair pays the
//   whole quadrature, as a matrix of close systems does).
// Each figure is the best of `repeats` runs (default 3; --quick for 1).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include <grk/eval/threads.hpp>

#include "bench_timing.hpp"
#include "methods/randomized_tukey_hsd.hpp"
#include "methods/tukey_hsd.hpp"
#include "methods/two_way_anova.hpp"

namespace {

using grk::bench::best_seconds;

// Scores in [0, 1] to four decimals with a topic effect and a small system
// effect, as a metric column of real runs looks.
std::vector<std::vector<double>> synthetic_matrix(std::size_t systems, std::size_t queries, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> topic(queries);
  for (double& effect : topic) effect = unit(rng);
  std::vector<std::vector<double>> scores(systems, std::vector<double>(queries));
  for (std::size_t s = 0; s < systems; ++s) {
    for (std::size_t q = 0; q < queries; ++q) {
      const double value = 0.7 * topic[q] + 0.01 * static_cast<double>(s) + 0.3 * unit(rng);
      scores[s][q] = std::round(std::fmin(1.0, value) * 10000.0) / 10000.0;
    }
  }
  return scores;
}

std::vector<double> mean_differences(const std::vector<std::vector<double>>& scores) {
  std::vector<double> means;
  for (const auto& row : scores) {
    double sum = 0.0;
    for (const double x : row) sum += x;
    means.push_back(sum / static_cast<double>(row.size()));
  }
  std::vector<double> differences;
  for (std::size_t a = 0; a < means.size(); ++a) {
    for (std::size_t b = a + 1; b < means.size(); ++b) differences.push_back(means[b] - means[a]);
  }
  return differences;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int repeats = quick ? 1 : 3;
  using namespace grk::significance;
  constexpr std::size_t k = 20;
  constexpr std::size_t n = 1000;
  const auto scores = synthetic_matrix(k, n, 1);
  const std::vector<double> differences = mean_differences(scores);
  double sink = 0.0;

  const auto tukey = [&](unsigned threads, double scale) {
    const TwoWayAnova anova = two_way_anova(scores);
    const double critical = tukey_critical_value(0.95, k, anova.residual.df);
    std::vector<double> p(differences.size());
    grk::eval::for_each_part(differences.size(), threads, [&](std::size_t i) {
      p[i] = tukey_hsd_pair(scale * differences[i], k, n, anova.residual.mean_square, anova.residual.df, critical)
                 .p_value_adjusted;
    });
    for (const double value : p) sink += value;
  };
  std::printf("tukey-hsd, %zu systems x %zu queries, %zu pairs (best of %d)\n", k, n, differences.size(), repeats);
  for (const double scale : {1.0, 0.1}) {
    const double tukey_one = best_seconds(repeats, [&] { tukey(1, scale); });
    const double tukey_two = best_seconds(repeats, [&] { tukey(2, scale); });
    std::printf("  differences x %.1f%s\n", scale, scale < 1.0 ? " (no p is 0: every pair integrates)" : "");
    std::printf("  1 thread                                   %9.4f s\n", tukey_one);
    std::printf("  2 threads                                  %9.4f s   (target < 0.010 s; speed-up %.2fx)\n",
                tukey_two, tukey_one / tukey_two);
  }

  const auto randomized = [&](unsigned threads) {
    sink += randomized_tukey_hsd(scores, differences, 10000, 7, threads).pairs.front().p_value;
  };
  const double random_one = best_seconds(repeats, [&] { randomized(1); });
  const double random_two = best_seconds(repeats, [&] { randomized(2); });
  std::printf("randomized-tukey-hsd, %zu systems x %zu queries, 10000 permutations (best of %d)\n", k, n, repeats);
  std::printf("  1 thread                                   %9.4f s\n", random_one);
  std::printf("  2 threads                                  %9.4f s   (target < 1 s; speed-up %.2fx)\n", random_two,
              random_one / random_two);
  std::printf("  per permutation and query (2 threads)      %9.1f ns\n", random_two / 10000.0 / n * 1e9);
  return sink > 0.0 ? 0 : 1;
}
