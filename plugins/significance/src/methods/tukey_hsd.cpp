#include "methods/tukey_hsd.hpp"

#include <cmath>

#include "methods/studentized_range.hpp"
#include "methods/comparison_tests.hpp"

namespace grk::significance {

double tukey_critical_value(double confidence_level, std::size_t systems, double residual_df) {
  return studentized_range::quantile(confidence_level, static_cast<int>(systems), residual_df);
}

ConfidenceInterval tukey_hsd_interval(double diff, std::size_t queries, double residual_mean_square,
                                      double critical_value) {
  const double standard_error = std::sqrt(residual_mean_square / static_cast<double>(queries));
  return ConfidenceInterval{diff - critical_value * standard_error, diff + critical_value * standard_error};
}

TukeyPair tukey_hsd_pair(double diff, std::size_t systems, std::size_t queries, double residual_mean_square,
                         double residual_df, double critical_value) {
  const double standard_error = std::sqrt(residual_mean_square / static_cast<double>(queries));
  TukeyPair pair;
  pair.q_statistic = std::fabs(diff) / standard_error;
  pair.p_value_adjusted = studentized_range::upper_tail(pair.q_statistic, static_cast<int>(systems), residual_df);
  pair.confidence_interval = tukey_hsd_interval(diff, queries, residual_mean_square, critical_value);
  return pair;
}

// Its row of the table (methods/comparison_tests.hpp).
std::vector<ParamSpec> tukey_test_params() { return setting_params({"confidence_level", "alpha"}); }
Expected<MatrixAnalysis> analyse_tukey(const std::vector<std::vector<double>>& scores, const TestSettings& settings,
                                       unsigned /*threads*/, const std::function<void()>& /*poll: it takes milliseconds*/) {
  return analyse_anova(scores, settings, tukey_row.name);
}

// Tukey's p adj is the family-wise p: both p-values of the record.
Expected<void> fill_tukey(ComparisonRecord& record, const std::vector<double>& /*deltas*/,
                          const TestSettings& settings, const TestRun& run) {
  const MatrixAnalysis& matrix = *run.matrix;
  set_tukey_interval(record, matrix);
  const TukeyPair pair = tukey_hsd_pair(record.effect, matrix.systems, matrix.queries,
                                        matrix.anova.residual.mean_square, matrix.anova.residual.df,
                                        matrix.critical_value);
  set_p_value(record, pair.p_value_adjusted, settings.alpha);
  record.details = {{"q_statistic", pair.q_statistic},
                    {"degrees_of_freedom", matrix.anova.residual.df},
                    {"effect_size_anova", anova_effect_size(record, matrix)}};
  return {};
}

}  // namespace grk::significance
