// The table of the module's paired tests: one row per test, holding its
// names, its description, its parameters beyond the shared inputs and the
// function that fills a comparison record from the paired deltas. The
// single-pair components (components/statistics.hpp) and compare-systems
// both run a test through its row, so each record is filled in one place
// and each test's name is spelled once (docs/behaviour/comparisons.md §1).
#ifndef GRK_SIGNIFICANCE_COMPONENTS_COMPARISON_TESTS_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_COMPARISON_TESTS_HPP

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "resampling/bootstrap.hpp"
#include "results/comparison_record.hpp"

namespace grk::significance {

struct TestSettings;
struct TestRun;

/// Sets the record's interval, interval_method, p-value (set_p_value at
/// settings.alpha) and test-specific `details` from `deltas` (paired_deltas'
/// output, so finite and non-empty); the descriptive part is already set.
using FillRecord = Expected<void> (*)(ComparisonRecord& record, const std::vector<double>& deltas,
                                      const TestSettings& settings, const TestRun& run);

/// One paired test.
struct ComparisonTest {
  /// The component that runs it alone, and every record's `test`.
  std::string_view name;
  /// Its value of compare-systems' `test` param.
  std::string_view family_name;
  /// The test in prose, in paired_deltas' messages (`paired t-test requires ...`).
  std::string_view prose;
  /// The component's description (`describe`).
  std::string_view description;
  /// Its parameters after the shared inputs, in the order they are checked.
  std::vector<ParamSpec> (*params)();
  FillRecord fill;
};

/// The settings a test may read; a component reads only those its row lists.
struct TestSettings {
  double confidence_level = 0.95;
  double alpha = 0.05;
  std::int64_t resamples = 10000;
  std::int64_t permutations = 10000;
  std::int64_t seed = 7;
};

/// What the caller of a row's fill lends it.
struct TestRun {
  /// Hears of the bootstrap interval's resamples (the components' progress).
  BootstrapProgress progress;
  /// Put before the message of the test's own refusal (`paired-t fusion vs
  /// bm25 on mrr: `); the pairing and the interval's limits are not prefixed.
  std::string refusal_prefix;
};

// Each row's parameters and fill (comparison_tests.cpp).
std::vector<ParamSpec> bootstrap_test_params();
std::vector<ParamSpec> randomization_test_params();
std::vector<ParamSpec> t_test_params();
std::vector<ParamSpec> wilcoxon_test_params();
Expected<void> fill_bootstrap(ComparisonRecord&, const std::vector<double>&, const TestSettings&, const TestRun&);
Expected<void> fill_randomization(ComparisonRecord&, const std::vector<double>&, const TestSettings&, const TestRun&);
Expected<void> fill_t(ComparisonRecord&, const std::vector<double>&, const TestSettings&, const TestRun&);
Expected<void> fill_wilcoxon(ComparisonRecord&, const std::vector<double>&, const TestSettings&, const TestRun&);

// The rows. A row is a constant of its own, so that a component can take it
// as a template argument (components/statistics.hpp).
inline constexpr ComparisonTest bootstrap_row{
    "paired-bootstrap", "bootstrap", "paired bootstrap",
    "Paired bootstrap CI and achieved significance level of a candidate-minus-baseline metric delta, identical "
    "to groundkit's (CPython 3.11)",
    &bootstrap_test_params, &fill_bootstrap};
inline constexpr ComparisonTest randomization_row{
    "randomization", "randomization", "randomization test",
    "Fisher's paired randomization (sign-flip) test of a candidate-minus-baseline metric delta, exact or Monte "
    "Carlo, with a bootstrap interval and effect size",
    &randomization_test_params, &fill_randomization};
inline constexpr ComparisonTest t_row{
    "paired-t", "t", "paired t-test",
    "Student's paired t-test of a candidate-minus-baseline metric delta, with its t interval and effect size "
    "(R's t.test(paired = TRUE))",
    &t_test_params, &fill_t};
inline constexpr ComparisonTest wilcoxon_row{
    "wilcoxon", "wilcoxon", "wilcoxon signed-rank test",
    "Wilcoxon signed-rank test of a candidate-minus-baseline metric delta (R's wilcox.test(paired = TRUE, "
    "correct = FALSE)), with a bootstrap interval and effect size",
    &wilcoxon_test_params, &fill_wilcoxon};

/// The table, in the order compare-systems lists its `test` values.
inline constexpr const ComparisonTest* comparison_tests[] = {&bootstrap_row, &randomization_row, &t_row,
                                                             &wilcoxon_row};

/// The row whose family_name is `name`; otherwise invalid_argument
/// `test must be one of 'bootstrap', 'randomization', 't', 'wilcoxon', got 'x'`.
Expected<const ComparisonTest*> find_family_test(std::string_view name);

/// The family names in the table's order (compare-systems' one_of list).
[[nodiscard]] std::vector<std::string> family_test_names();

/// The shared inputs' specs, then the row's own.
[[nodiscard]] std::vector<ParamSpec> comparison_params(const ComparisonTest& test);

/// The specs of shared settings, in the order given: `confidence_level`,
/// `alpha`, `resamples` (of the percentile interval), `permutations`, `seed`
/// (of the bootstrap interval and of randomization's sign vectors).
[[nodiscard]] std::vector<ParamSpec> setting_params(std::initializer_list<std::string_view> names);

/// Reads the settings `names` lists, checking each in that order:
/// `confidence_level` and `alpha` strictly between 0 and 1 (NaN fails):
/// invalid_argument `<name> must be between 0 and 1, got <value>`, the value
/// as Python's str() shows it (`1` for a JSON integer, `1.5`); `resamples`
/// and `permutations` > 0: `<name> must be positive, got <value>`; `seed`
/// any integer. A name of no setting is skipped.
Expected<TestSettings> read_test_settings(const Params& params, const std::vector<std::string_view>& names);

/// read_test_settings over the row's own parameters, in their order.
Expected<TestSettings> read_test_settings(const Params& params, const ComparisonTest& test);

}  // namespace grk::significance

#endif
