#include "methods/paired_t.hpp"

#include <cfloat>
#include <cmath>
#include <string>

#include <boost/math/distributions/students_t.hpp>

#include "methods/comparison_tests.hpp"

namespace grk::significance {

SampleMoments sample_moments(const std::vector<double>& values) {
  const auto n = static_cast<long double>(values.size());
  long double sum = 0.0L;
  for (double value : values) sum += value;
  long double mean = sum / n;
  if (std::isfinite(static_cast<double>(mean))) {
    long double residuals = 0.0L;
    for (double value : values) residuals += value - mean;
    mean += residuals / n;
  }
  SampleMoments moments;
  moments.mean = static_cast<double>(mean);
  long double squares = 0.0L;
  for (double value : values) {
    const double residual = value - moments.mean;
    squares += residual * residual;
  }
  moments.variance = static_cast<double>(squares / (n - 1.0L));
  return moments;
}

Expected<PairedTEstimate> paired_t_test(const std::vector<double>& deltas, double confidence_level) {
  if (deltas.size() < 2) {
    return fail(Status::invalid_data, "a t-test needs at least 2 queries, got " + std::to_string(deltas.size()) +
                                          " (R: not enough 'x' observations)");
  }
  const SampleMoments moments = sample_moments(deltas);
  const double n = static_cast<double>(deltas.size());
  const double df = n - 1.0;
  const double stderr_ = std::sqrt(moments.variance / n);
  // R's own threshold; an all-zero sample passes it in R and gives NaN.
  if (stderr_ < 10.0 * DBL_EPSILON * std::fabs(moments.mean) || stderr_ == 0.0) {
    return fail(Status::invalid_data,
                "every query has the same delta, so the t statistic is undefined (R: data are essentially constant)");
  }
  const boost::math::students_t distribution(df);
  PairedTEstimate estimate;
  estimate.t_statistic = moments.mean / stderr_;
  estimate.degrees_of_freedom = df;
  estimate.p_value_two_sided = 2.0 * boost::math::cdf(distribution, -std::fabs(estimate.t_statistic));
  // R forms the interval from t, not from the mean: (t -+ q) * stderr.
  const double alpha = 1.0 - confidence_level;
  const double q = boost::math::quantile(distribution, 1.0 - alpha / 2.0);
  estimate.confidence_interval = {(estimate.t_statistic - q) * stderr_, (estimate.t_statistic + q) * stderr_};
  return estimate;
}

// Its row of the table (methods/comparison_tests.hpp).
std::vector<ParamSpec> t_test_params() { return setting_params({"confidence_level", "alpha"}); }
Expected<void> fill_t(ComparisonRecord& record, const std::vector<double>& deltas, const TestSettings& settings,
                      const TestRun& run) {
  auto estimate = paired_t_test(deltas, settings.confidence_level);
  if (!estimate) return unexpected(refused(run, estimate.error()));
  record.confidence_interval = estimate->confidence_interval;
  record.interval_method = "t";
  set_p_value(record, estimate->p_value_two_sided, settings.alpha);
  record.details = {{"t_statistic", estimate->t_statistic}, {"degrees_of_freedom", estimate->degrees_of_freedom}};
  return {};
}

}  // namespace grk::significance
