#include "methods/two_way_anova.hpp"

#include <cmath>
#include <cstddef>
#include <limits>

#include <boost/math/distributions/fisher_f.hpp>

namespace grk::significance {

namespace {

/// F and its upper tail against the residual row.
void test_against(AnovaTerm& term, const AnovaTerm& residual) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  term.mean_square = term.sum_of_squares / term.df;
  if (!(residual.mean_square > 0.0)) {
    term.f = nan;
    term.p = nan;
    return;
  }
  term.f = term.mean_square / residual.mean_square;
  const boost::math::fisher_f_distribution<double> f(term.df, residual.df);
  term.p = boost::math::cdf(boost::math::complement(f, term.f));
}

}  // namespace

TwoWayAnova two_way_anova(const std::vector<std::vector<double>>& scores) {
  const std::size_t systems = scores.size();
  const std::size_t queries = scores.front().size();
  std::vector<double> system_means(systems, 0.0);
  std::vector<double> query_means(queries, 0.0);
  double grand = 0.0;
  for (std::size_t s = 0; s < systems; ++s) {
    for (std::size_t q = 0; q < queries; ++q) {
      system_means[s] += scores[s][q];
      query_means[q] += scores[s][q];
      grand += scores[s][q];
    }
  }
  for (double& mean : system_means) mean /= static_cast<double>(queries);
  for (double& mean : query_means) mean /= static_cast<double>(systems);
  grand /= static_cast<double>(systems * queries);

  TwoWayAnova anova;
  for (const double mean : system_means) anova.system.sum_of_squares += (mean - grand) * (mean - grand);
  anova.system.sum_of_squares *= static_cast<double>(queries);
  for (const double mean : query_means) anova.topic.sum_of_squares += (mean - grand) * (mean - grand);
  anova.topic.sum_of_squares *= static_cast<double>(systems);
  // The residuals themselves rather than total minus the two effects: no
  // cancellation when the effects dwarf the noise.
  for (std::size_t s = 0; s < systems; ++s) {
    for (std::size_t q = 0; q < queries; ++q) {
      const double residual = scores[s][q] - system_means[s] - query_means[q] + grand;
      anova.residual.sum_of_squares += residual * residual;
    }
  }
  anova.system.df = static_cast<double>(systems - 1);
  anova.topic.df = static_cast<double>(queries - 1);
  anova.residual.df = anova.system.df * anova.topic.df;
  anova.residual.mean_square = anova.residual.sum_of_squares / anova.residual.df;
  anova.residual.f = std::numeric_limits<double>::quiet_NaN();
  anova.residual.p = std::numeric_limits<double>::quiet_NaN();
  test_against(anova.system, anova.residual);
  test_against(anova.topic, anova.residual);
  return anova;
}

}  // namespace grk::significance
