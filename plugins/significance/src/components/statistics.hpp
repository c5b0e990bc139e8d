// The components of the `significance` module: one template over the table
// of tests (methods/comparison_tests.hpp) for the single-pair tests,
// paired-bootstrap, whose result is groundkit's, and compare-systems.
#ifndef GRK_SIGNIFICANCE_COMPONENTS_STATISTICS_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_STATISTICS_HPP

#include <boost/json/value.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/component_list.hpp>
#include <grk/statistic.hpp>

#include "methods/comparison_tests.hpp"
#include "results/result_json.hpp"

namespace grk::significance {

/// A single-pair comparison component: reads the shared inputs, then the
/// row's settings, pairs the scores and lets the row fill the record.
/// Check order: GRK_THREADS (when the step runs: the bootstrap interval's
/// threads), the shared inputs (read_comparison_input), the row's
/// parameters in its order, the pairing (paired_deltas, worded with the row's
/// prose), then the test's own refusals, which name the comparison
/// (`paired-t fusion vs bm25 on mrr: ...`).
/// The cheap checks before the run (docs/behaviour/comparisons.md §2.5)
/// stop at the row's parameters.
Expected<void> validate_comparison(const ComparisonTest& test, const Params& params);
/// The one place where a failure becomes grk::Error (the plugin firewall).
boost::json::value compute_comparison(const ComparisonTest& test, const Params& params, Context& context);

template <const ComparisonTest& test>
class ComparisonStatistic : public Statistic {
 public:
  static constexpr std::string_view name = test.name;
  static constexpr std::string_view description = test.description;
  static std::vector<ParamSpec> params() { return comparison_params(test); }

  Expected<void> validate(const Params& params) const override { return validate_comparison(test, params); }
  boost::json::value compute(const Params& params, Context& context) override {
    return compute_comparison(test, params, context);
  }
  std::string summarize(const boost::json::value& result) const override { return summarize_comparison(result); }
};

using PairedTStatistic = ComparisonStatistic<t_row>;
using WilcoxonStatistic = ComparisonStatistic<wilcoxon_row>;
using RandomizationStatistic = ComparisonStatistic<randomization_row>;

/// groundkit's paired bootstrap on either two stages of an EvalReport
/// (`report`, compare_report_stages) or two score maps (`scores`,
/// paired_bootstrap), bit-identical to CPython 3.11; its name, description,
/// parameters and pre-run check are its row's, its result groundkit's
/// BootstrapResult.
///
/// Check order: exactly one of report/scores; metric (the declaration's
/// checks); when the step runs, GRK_THREADS; then the input file
/// (not found, UTF-8, JSON, content); then docs/behaviour/paired-bootstrap.md
/// §9 (report only) and docs/behaviour/paired-bootstrap.md §2 in their order.
class PairedBootstrapStatistic : public ComparisonStatistic<bootstrap_row> {
 public:
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

/// The component that runs a row's test alone: ComparisonStatistic<row>,
/// but for paired-bootstrap, whose result is groundkit's.
template <const ComparisonTest& test>
struct SinglePairComponent {
  using type = ComparisonStatistic<test>;
};
template <>
struct SinglePairComponent<bootstrap_row> {
  using type = PairedBootstrapStatistic;
};

namespace detail {

/// How many rows have a component of their own (a test of the matrix has none).
constexpr std::size_t single_pair_count() {
  std::size_t count = 0;
  // `listed`, not `analyse`: GCC 12 with -fsanitize=undefined does not take a
  // function's address compared with null as a constant expression.
  for (const ComparisonTest* test : comparison_tests) count += test->listed >= 0 ? 1 : 0;
  return count;
}

/// The table's indexes of those rows, in the order their components are listed (ComparisonTest::listed).
constexpr std::array<std::size_t, single_pair_count()> single_pair_rows() {
  std::array<std::size_t, single_pair_count()> rows{};
  std::size_t count = 0;
  for (std::size_t i = 0; i < std::size(comparison_tests); ++i) {
    if (comparison_tests[i]->listed >= 0) rows[count++] = i;
  }
  for (std::size_t i = 1; i < count; ++i) {  // insertion sort: constexpr, and a handful of rows
    for (std::size_t j = i; j > 0 && comparison_tests[rows[j]]->listed < comparison_tests[rows[j - 1]]->listed; --j) {
      const std::size_t earlier = rows[j - 1];
      rows[j - 1] = rows[j];
      rows[j] = earlier;
    }
  }
  return rows;
}

template <std::size_t... I>
grk::ComponentList<typename SinglePairComponent<*comparison_tests[single_pair_rows()[I]]>::type...> single_pair_list(
    std::index_sequence<I...>);

}  // namespace detail

/// The single-pair components, derived from the table, for the module's
/// registration (src/module.cpp): a new row is a new component, no edit there.
using SinglePairComponents =
    decltype(detail::single_pair_list(std::make_index_sequence<detail::single_pair_count()>{}));

/// The results table in one step: every chosen pair of systems on every
/// chosen metric, with one test of the table, the p-values corrected over the
/// whole family. See README.md.
///
/// Check order: exactly one of `report`, `scores` and `runs`; runs_format,
/// test, correction and family (refused with a Tukey test unless none and
/// per-metric), missing_queries, alpha, confidence_level, resamples,
/// permutations; `metric` with `metrics`, `metric` with `scores`; the
/// `systems` and `metrics` lists; GRK_THREADS; then the input, baseline and
/// systems, the alignment, and the comparisons in family order.
class CompareSystemsStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "compare-systems";
  static constexpr std::string_view description =
      "every pair of systems (or each against a baseline) on every metric with one paired test, "
      "p-values corrected for multiple testing over the family (or per metric), or with Tukey's HSD or the "
      "randomised Tukey HSD, family-wise by themselves, and the two-way ANOVA";
  static std::vector<ParamSpec> params();

  /// The cheap checks before the run (docs/behaviour/comparisons.md §2.5).
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::significance

#endif
