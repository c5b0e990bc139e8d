// Sakai's topic set size design: how many topics a test collection needs so
// that a test at level alpha detects a difference of minimum_difference with
// the given power, from a variance estimated on existing data. No JSON: the
// component (components/topic_set_size.hpp) reads the input and the variance.
#ifndef GRK_SIGNIFICANCE_METHODS_TOPIC_SET_SIZE_HPP
#define GRK_SIGNIFICANCE_METHODS_TOPIC_SET_SIZE_HPP

#include <cstddef>
#include <cstdint>

#include <grk/expected.hpp>

namespace grk::significance {

/// The most topics searched, R's power.t.test upper bound (1e7).
inline constexpr std::uint64_t max_topic_set_size = 10'000'000;

struct TopicSetSize {
  /// The smallest number of topics whose power reaches the target (at least 2).
  std::uint64_t topics = 0;
  /// The power at `topics`.
  double achieved_power = 0.0;
};

/// The power of the two-sided paired t-test on `topics` pairs, as R's
/// power.t.test(n, delta, sd, sig.level = alpha, type = "paired") gives it
/// (strict = FALSE: the upper tail only): P(T > qt(1 - alpha/2, n - 1)) for
/// T noncentral t with n - 1 df and ncp sqrt(n) delta / sd.
double paired_t_power(std::uint64_t topics, double delta, double sd, double alpha);

/// The power of the one-way F test of `systems` means over `topics` topics
/// in the worst case of two systems `delta` apart and the others at the
/// grand mean: 1 - pf(qf(1 - alpha, m - 1, (m - 1)(n - 1)), m - 1,
/// (m - 1)(n - 1), ncp = n delta^2 / (2 variance)).
double anova_power(std::uint64_t topics, std::size_t systems, double delta, double variance, double alpha);

/// The smallest n >= 2 with paired_t_power(n, ...) >= power: R's
/// power.t.test(delta, sd = sqrt(variance), sig.level = alpha, power, type =
/// "paired")$n rounded up. Fails with invalid_data when even
/// max_topic_set_size topics fall short:
/// `no number of topics up to 10000000 reaches power 0.8`.
Expected<TopicSetSize> t_topic_set_size(double delta, double variance, double alpha, double power);

/// The smallest n >= 2 with anova_power(n, ...) >= power; fails as
/// t_topic_set_size does.
Expected<TopicSetSize> anova_topic_set_size(std::size_t systems, double delta, double variance, double alpha,
                                            double power);

}  // namespace grk::significance

#endif
