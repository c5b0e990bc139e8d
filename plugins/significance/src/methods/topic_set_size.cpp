#include "methods/topic_set_size.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/distributions/non_central_f.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <grk/json/float_format.hpp>

namespace grk::significance {

namespace {

/// The smallest n in [2, max_topic_set_size] with power_at(n) >= power:
/// doubling to bracket it, then bisection (power grows with n).
Expected<TopicSetSize> smallest_topic_count(const std::function<double(std::uint64_t)>& power_at, double power) {
  std::uint64_t low = 1;  // power_at(low) < power, or low is below the search
  std::uint64_t high = 2;
  double high_power = power_at(high);
  while (high_power < power) {
    if (high == max_topic_set_size) {
      return fail(Status::invalid_data, "no number of topics up to " + std::to_string(max_topic_set_size) +
                                            " reaches power " + json::format_python_float(power));
    }
    low = high;
    high = std::min(high * 2, max_topic_set_size);
    high_power = power_at(high);
  }
  while (high - low > 1) {
    const std::uint64_t middle = low + (high - low) / 2;
    const double middle_power = power_at(middle);
    if (middle_power >= power) {
      high = middle;
      high_power = middle_power;
    } else {
      low = middle;
    }
  }
  return TopicSetSize{high, high_power};
}

}  // namespace

double paired_t_power(std::uint64_t topics, double delta, double sd, double alpha) {
  const double n = static_cast<double>(topics);
  const double df = n - 1.0;
  const double critical = boost::math::quantile(boost::math::complement(boost::math::students_t(df), alpha / 2.0));
  const boost::math::non_central_t noncentral(df, std::sqrt(n) * delta / sd);
  return boost::math::cdf(boost::math::complement(noncentral, critical));
}

double anova_power(std::uint64_t topics, std::size_t systems, double delta, double variance, double alpha) {
  const double n = static_cast<double>(topics);
  const double df1 = static_cast<double>(systems) - 1.0;
  const double df2 = df1 * (n - 1.0);
  const double critical =
      boost::math::quantile(boost::math::complement(boost::math::fisher_f(df1, df2), alpha));
  const boost::math::non_central_f noncentral(df1, df2, n * delta * delta / (2.0 * variance));
  return boost::math::cdf(boost::math::complement(noncentral, critical));
}

Expected<TopicSetSize> t_topic_set_size(double delta, double variance, double alpha, double power) {
  const double sd = std::sqrt(variance);
  return smallest_topic_count([&](std::uint64_t n) { return paired_t_power(n, delta, sd, alpha); }, power);
}

Expected<TopicSetSize> anova_topic_set_size(std::size_t systems, double delta, double variance, double alpha,
                                            double power) {
  return smallest_topic_count([&](std::uint64_t n) { return anova_power(n, systems, delta, variance, alpha); },
                              power);
}

}  // namespace grk::significance
