// The table of the module's paired tests: one row per test, holding its
// names, its description, its parameters beyond the shared inputs and the
// function that fills a comparison record from the paired deltas. The
// single-pair components (components/statistics.hpp) and compare-systems
// both run a test through its row, so each record is filled in one place
// and each test's name is spelled once (docs/behaviour/comparisons.md §1).
#ifndef GRK_SIGNIFICANCE_METHODS_COMPARISON_TESTS_HPP
#define GRK_SIGNIFICANCE_METHODS_COMPARISON_TESTS_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "methods/paired_bootstrap.hpp"
#include "methods/paired_t.hpp"
#include "methods/randomization.hpp"
#include "methods/randomized_tukey_hsd.hpp"
#include "methods/tukey_hsd.hpp"
#include "methods/two_way_anova.hpp"
#include "methods/wilcoxon.hpp"
#include "resampling/bootstrap.hpp"
#include "methods/comparison_record.hpp"

namespace grk::significance {

/// One paired test.
struct ComparisonTest {
  /// The component that runs it alone, and every record's `test`. A test of
  /// the matrix has no component of its own: two systems are no family.
  std::string_view name;
  /// Its value of compare-systems' `test` param.
  std::string_view family_name;
  /// The test in prose, in paired_deltas' messages (`paired t-test requires ...`).
  std::string_view prose;
  /// The component's description (`describe`).
  std::string_view description;
  /// Its parameters after the shared inputs, in the order they are checked.
  TestParams* params;
  TestFill* fill;
  /// Set for a test of the matrix, whose p-value is already family-wise
  /// over every pair of the family's systems: compare-systems runs it
  /// before the records, refuses a correction with it and lends fill its
  /// answer (TestRun::matrix).
  TestAnalysis* analyse;
  /// Where its component stands among the module's (`grk-eval plugins`,
  /// `describe`): the order the tests were shipped in, which is not the
  /// table's; a new test takes the next number. A test of the matrix has none.
  int listed;
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
  /// Threads for the bootstrap interval's resamples: a single-pair
  /// component's thread count; one in compare-systems, whose comparisons
  /// already share the cores.
  unsigned bootstrap_threads = 1;
  /// Put before the message of the test's own refusal (`paired-t fusion vs
  /// bm25 on mrr: `); the pairing and the interval's limits are not prefixed.
  std::string refusal_prefix;
  /// A test of the matrix: its metric's analysis, and the pair's two rows
  /// in the matrix.
  const MatrixAnalysis* matrix = nullptr;
  std::size_t baseline_row = 0;
  std::size_t candidate_row = 0;
};

/// A test of the matrix's answer for one metric.
struct MatrixAnalysis {
  std::size_t systems = 0;
  std::size_t queries = 0;
  /// R's summary(aov(score ~ system + topic)).
  TwoWayAnova anova;
  /// qtukey(confidence_level, k, residual df): the intervals' multiplier.
  double critical_value = 0.0;
  /// randomized-tukey-hsd's answer; its pairs indexed by pair_index.
  RangeTest range_test;

  /// Where the pair of rows a and b (either order) is in range_test.pairs.
  [[nodiscard]] std::size_t pair_index(std::size_t a, std::size_t b) const {
    return a < b ? a * systems + b : b * systems + a;
  }
};

// What the rows' functions share (comparison_tests.cpp).

/// The test's own refusal, named by the caller's prefix.
[[nodiscard]] Failure refused(const TestRun& run, const Failure& failure);

/// paired-bootstrap's percentile interval of `deltas`, bit for bit: the
/// interval wilcoxon and randomization report, with bounded_bootstrap's
/// failures (too many queries, resample means beyond memory). Returns the
/// whole estimate, whose effect and p-value the bootstrap row reports too.
Expected<BootstrapEstimate> set_bootstrap_interval(ComparisonRecord& record, const std::vector<double>& deltas,
                                                   const TestSettings& settings, const TestRun& run);

/// The ANOVA and the intervals' multiplier of both Tukey tests. Refuses a
/// matrix without residual degrees of freedom, and one whose residual mean
/// square is 0, where Tukey's statistic divides by zero (R answers NaN).
Expected<MatrixAnalysis> analyse_anova(const std::vector<std::vector<double>>& scores, const TestSettings& settings,
                                       std::string_view test);

/// Both Tukey tests' interval, and Sakai's effect size diff / sqrt(MSE).
void set_tukey_interval(ComparisonRecord& record, const MatrixAnalysis& matrix);
[[nodiscard]] double anova_effect_size(const ComparisonRecord& record, const MatrixAnalysis& matrix);

// The rows. A row is a constant of its own, so that a component can take it
// as a template argument (components/statistics.hpp).
inline constexpr ComparisonTest bootstrap_row{
    "paired-bootstrap", "bootstrap", "paired bootstrap",
    "Paired bootstrap CI and achieved significance level of a candidate-minus-baseline metric delta, identical "
    "to groundkit's (CPython 3.11)",
    &bootstrap_test_params, &fill_bootstrap, nullptr, 0};
inline constexpr ComparisonTest randomization_row{
    "randomization", "randomization", "randomization test",
    "Fisher's paired randomization (sign-flip) test of a candidate-minus-baseline metric delta, exact or Monte "
    "Carlo, with a bootstrap interval and effect size",
    &randomization_test_params, &fill_randomization, nullptr, 3};
inline constexpr ComparisonTest t_row{
    "paired-t", "t", "paired t-test",
    "Student's paired t-test of a candidate-minus-baseline metric delta, with its t interval and effect size "
    "(R's t.test(paired = TRUE))",
    &t_test_params, &fill_t, nullptr, 1};
inline constexpr ComparisonTest wilcoxon_row{
    "wilcoxon", "wilcoxon", "wilcoxon signed-rank test",
    "Wilcoxon signed-rank test of a candidate-minus-baseline metric delta (R's wilcox.test(paired = TRUE, "
    "correct = FALSE)), with a bootstrap interval and effect size",
    &wilcoxon_test_params, &fill_wilcoxon, nullptr, 2};

inline constexpr ComparisonTest tukey_row{
    "tukey-hsd", "tukey-hsd", "Tukey HSD",
    "Tukey's HSD of every pair of systems after the two-way ANOVA score ~ system + topic (R's TukeyHSD)",
    &tukey_test_params, &fill_tukey, &analyse_tukey, -1};
inline constexpr ComparisonTest randomized_tukey_row{
    "randomized-tukey-hsd", "randomized-tukey-hsd", "randomised Tukey HSD",
    "The randomised Tukey HSD: each query's scores shuffled among the systems, max - min of the system means",
    &randomized_tukey_test_params, &fill_randomized_tukey, &analyse_randomized_tukey, -1};

/// The table, in the order compare-systems lists its `test` values.
inline constexpr const ComparisonTest* comparison_tests[] = {
    &bootstrap_row, &randomization_row, &t_row, &wilcoxon_row, &tukey_row, &randomized_tukey_row};

/// The row whose family_name is `name`; otherwise the SDK's refusal
/// (eval::not_one_of) listing the family names in the table's order.
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
