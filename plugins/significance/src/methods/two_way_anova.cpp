#include "methods/two_way_anova.hpp"

#include <boost/math/distributions/fisher_f.hpp>

#include <cmath>
#include <cstddef>
#include <limits>

namespace grk::significance {

namespace {

/// P(F(df1, df2) >= f), NaN where the statistic is.
double upper_f_tail(double f, double df1, double df2) {
  if (std::isnan(f)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(f)) return 0.0;
  return boost::math::cdf(boost::math::complement(boost::math::fisher_f(df1, df2), f));
}

}  // namespace

TwoWayAnova two_way_anova(const std::vector<std::vector<double>>& scores) {
  const std::size_t k = scores.size();
  const std::size_t n = scores.front().size();
  // Means accumulated in long double, as R's mean() and its QR keep the digits
  // that the 1e-10 comparison with R needs.
  std::vector<long double> system_mean(k, 0.0L);
  std::vector<long double> topic_mean(n, 0.0L);
  long double grand = 0.0L;
  for (std::size_t s = 0; s < k; ++s) {
    for (std::size_t q = 0; q < n; ++q) {
      system_mean[s] += scores[s][q];
      topic_mean[q] += scores[s][q];
    }
    grand += system_mean[s];
    system_mean[s] /= static_cast<long double>(n);
  }
  for (long double& mean : topic_mean) mean /= static_cast<long double>(k);
  grand /= static_cast<long double>(k * n);

  long double ss_system = 0.0L;
  for (const long double mean : system_mean) ss_system += (mean - grand) * (mean - grand);
  ss_system *= static_cast<long double>(n);
  long double ss_topic = 0.0L;
  for (const long double mean : topic_mean) ss_topic += (mean - grand) * (mean - grand);
  ss_topic *= static_cast<long double>(k);
  long double ss_residual = 0.0L;
  for (std::size_t s = 0; s < k; ++s) {
    for (std::size_t q = 0; q < n; ++q) {
      const long double residual = scores[s][q] - system_mean[s] - topic_mean[q] + grand;
      ss_residual += residual * residual;
    }
  }

  TwoWayAnova table;
  table.system.df = static_cast<double>(k - 1);
  table.topic.df = static_cast<double>(n - 1);
  table.residual.df = static_cast<double>((k - 1) * (n - 1));
  table.system.sum_of_squares = static_cast<double>(ss_system);
  table.topic.sum_of_squares = static_cast<double>(ss_topic);
  table.residual.sum_of_squares = static_cast<double>(ss_residual);
  for (AnovaTerm* term : {&table.system, &table.topic, &table.residual}) {
    term->mean_square = term->sum_of_squares / term->df;
  }
  for (AnovaTerm* term : {&table.system, &table.topic}) {
    term->f = term->mean_square / table.residual.mean_square;
    term->p_value = upper_f_tail(term->f, term->df, table.residual.df);
  }
  return table;
}

}  // namespace grk::significance
