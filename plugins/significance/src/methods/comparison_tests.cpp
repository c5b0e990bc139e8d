#include "methods/comparison_tests.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include <grk/eval/choices.hpp>
#include <grk/json/float_format.hpp>
#include <grk/python/repr.hpp>

#include "inputs/comparison_input.hpp"
#include "methods/paired_bootstrap.hpp"
#include "methods/paired_t.hpp"
#include "methods/randomization.hpp"
#include "methods/tukey_hsd.hpp"
#include "methods/wilcoxon.hpp"

namespace grk::significance {

namespace {

/// `bootstrap percentile (resamples 10000, seed 7)`: the record's interval_method.
std::string bootstrap_interval_method(const TestSettings& settings) {
  return "bootstrap percentile (resamples " + std::to_string(settings.resamples) + ", seed " +
         std::to_string(settings.seed) + ")";
}

/// How a setting's value is checked.
enum class Range { open_unit_interval, positive, any };

/// A shared setting: its parameter and its check, in one place.
struct Setting {
  std::string_view name;
  ParamType type;
  /// The default, and where the value goes (a number's or an integer's).
  double default_value;
  double TestSettings::*number;
  std::int64_t TestSettings::*integer;
  Range range;
  std::string_view description;
};

constexpr Setting shared_settings[] = {
    {"confidence_level", ParamType::number, 0.95, &TestSettings::confidence_level, nullptr,
     Range::open_unit_interval, "two-sided CI level, 0 < x < 1"},
    {"alpha", ParamType::number, 0.05, &TestSettings::alpha, nullptr, Range::open_unit_interval,
     "significance level: `significant` is p_value_adjusted < alpha, 0 < x < 1"},
    {"resamples", ParamType::integer, 10000, nullptr, &TestSettings::resamples, Range::positive,
     "bootstrap resamples B of the percentile interval (> 0), as paired-bootstrap's"},
    {"permutations", ParamType::integer, 10000, nullptr, &TestSettings::permutations, Range::positive,
     "sign vectors drawn (> 0); all 2^n are enumerated instead when 2^n <= permutations"},
    {"seed", ParamType::integer, 7, nullptr, &TestSettings::seed, Range::any,
     "random.Random seed; any signed 64-bit integer, the sign is ignored as in CPython"},
};

const Setting* find_setting(std::string_view name) {
  for (const Setting& setting : shared_settings) {
    if (setting.name == name) return &setting;
  }
  return nullptr;
}

/// The number param must lie strictly between 0 and 1 (written as a
/// negation so that NaN fails too), shown as Python's str() shows it: `1`
/// for a JSON integer, as paired-bootstrap's message shows it, `1.5`.
Expected<double> open_unit_interval(const Params& params, std::string_view name) {
  const double value = params.number(name);
  if (0.0 < value && value < 1.0) return value;
  const boost::json::value& raw = params.value(name);
  const std::string shown = raw.is_int64()    ? std::to_string(raw.get_int64())
                            : raw.is_uint64() ? std::to_string(raw.get_uint64())
                                              : json::format_python_float(value);
  return fail(Status::invalid_argument, std::string(name) + " must be between 0 and 1, got " + shown);
}

/// Reads one setting into `settings`, checked.
Expected<void> read_setting(const Params& params, const Setting& setting, TestSettings& settings) {
  if (setting.range == Range::open_unit_interval) {
    GRK_TRY(settings.*setting.number, open_unit_interval(params, setting.name));
    return {};
  }
  const std::int64_t value = params.integer(setting.name);
  if (setting.range == Range::positive && value <= 0) {
    return fail(Status::invalid_argument,
                std::string(setting.name) + " must be positive, got " + std::to_string(value));
  }
  settings.*setting.integer = value;
  return {};
}

}  // namespace

Failure refused(const TestRun& run, const Failure& failure) {
  return Failure{failure.status, run.refusal_prefix + failure.message, {}};
}

Expected<BootstrapEstimate> set_bootstrap_interval(ComparisonRecord& record, const std::vector<double>& deltas,
                                                   const TestSettings& settings, const TestRun& run) {
  GRK_TRY(BootstrapEstimate estimate, bounded_bootstrap(deltas, settings.resamples, settings.seed,
                                                        settings.confidence_level, run.progress,
                                                        run.bootstrap_threads));
  record.confidence_interval = estimate.confidence_interval;
  record.interval_method = bootstrap_interval_method(settings);
  return estimate;
}

Expected<MatrixAnalysis> analyse_anova(const std::vector<std::vector<double>>& scores, const TestSettings& settings,
                                       std::string_view test) {
  MatrixAnalysis analysis;
  analysis.systems = scores.size();
  analysis.queries = scores.front().size();
  if (analysis.queries < 2) {
    return fail(Status::invalid_data, std::string(test) + " needs at least 2 queries (the ANOVA's residual has " +
                                          "(k - 1)(n - 1) degrees of freedom), got 1");
  }
  analysis.anova = two_way_anova(scores);
  // Residuals within the rounding of the fitted values are zero: Tukey's
  // statistic would divide by rounding noise (R prints p-values of it).
  const TwoWayAnova& table = analysis.anova;
  const double total = table.system.sum_of_squares + table.topic.sum_of_squares + table.residual.sum_of_squares;
  constexpr double rounding = 64.0 * std::numeric_limits<double>::epsilon();
  if (!(table.residual.sum_of_squares > rounding * rounding * total)) {
    return fail(Status::invalid_data, std::string(test) +
                                          ": the residual mean square is 0 (every score is its system's plus its "
                                          "query's effect), so Tukey's statistic is undefined (R: NaN)");
  }
  analysis.critical_value =
      tukey_critical_value(settings.confidence_level, analysis.systems, analysis.anova.residual.df);
  return analysis;
}

void set_tukey_interval(ComparisonRecord& record, const MatrixAnalysis& matrix) {
  record.confidence_interval =
      tukey_hsd_interval(record.effect, matrix.queries, matrix.anova.residual.mean_square, matrix.critical_value);
  record.interval_method = "tukey-hsd (studentized range, " + std::to_string(matrix.systems) + " systems, df " +
                           std::to_string((matrix.systems - 1) * (matrix.queries - 1)) + ")";
}

double anova_effect_size(const ComparisonRecord& record, const MatrixAnalysis& matrix) {
  return record.effect / std::sqrt(matrix.anova.residual.mean_square);
}

Expected<const ComparisonTest*> find_family_test(std::string_view name) {
  for (const ComparisonTest* test : comparison_tests) {
    if (test->family_name == name) return test;
  }
  std::vector<std::string_view> listed;
  for (const ComparisonTest* test : comparison_tests) listed.push_back(test->family_name);
  return eval::not_one_of("test", listed, name);
}

std::vector<std::string> family_test_names() {
  std::vector<std::string> names;
  for (const ComparisonTest* test : comparison_tests) names.emplace_back(test->family_name);
  return names;
}

std::vector<ParamSpec> comparison_params(const ComparisonTest& test) {
  std::vector<ParamSpec> specs = comparison_input_params();
  for (ParamSpec& spec : test.params()) specs.push_back(std::move(spec));
  return specs;
}

std::vector<ParamSpec> setting_params(std::initializer_list<std::string_view> names) {
  std::vector<ParamSpec> specs;
  for (const std::string_view name : names) {
    const Setting& setting = *find_setting(name);
    const boost::json::value fallback = setting.type == ParamType::number
                                            ? boost::json::value(setting.default_value)
                                            : boost::json::value(static_cast<std::int64_t>(setting.default_value));
    specs.push_back(with_default(std::string(setting.name), setting.type, fallback, std::string(setting.description)));
  }
  return specs;
}

Expected<TestSettings> read_test_settings(const Params& params, const std::vector<std::string_view>& names) {
  TestSettings settings;
  for (const std::string_view name : names) {
    if (const Setting* setting = find_setting(name)) GRK_TRY_VOID(read_setting(params, *setting, settings));
  }
  return settings;
}

Expected<TestSettings> read_test_settings(const Params& params, const ComparisonTest& test) {
  const std::vector<ParamSpec> specs = test.params();
  std::vector<std::string_view> names;
  for (const ParamSpec& spec : specs) names.push_back(spec.name);
  return read_test_settings(params, names);
}

}  // namespace grk::significance
