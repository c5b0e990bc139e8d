// compare_systems: a family of paired comparisons (every chosen pair of
// systems on every chosen metric) with one test, corrected together for
// multiple testing: the results table of `compare-systems`.
#ifndef GRK_SIGNIFICANCE_RESULTS_COMPARE_SYSTEMS_HPP
#define GRK_SIGNIFICANCE_RESULTS_COMPARE_SYSTEMS_HPP

#include <boost/json/value.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/eval/p_value_adjustment.hpp>
#include <grk/eval/query_alignment.hpp>
#include <grk/expected.hpp>

#include "methods/comparison_tests.hpp"
#include "inputs/system_table.hpp"

namespace grk::significance {

/// One compared pair: indices into SystemTable::systems.
struct SystemPair {
  std::size_t baseline = 0;
  std::size_t candidate = 0;
};

/// The pairs of the family. With a baseline: (baseline, c) for every c of
/// `systems` (default: every system of the input) other than the baseline,
/// in that order. Without: every pair (a, b) of `systems` with a listed
/// before b, ordered by a then b, a being the baseline. Fails with
/// invalid_argument naming `baseline` or `systems` for an unknown name or a
/// family without a pair.
Expected<std::vector<SystemPair>> plan_pairs(const std::vector<std::string>& input_systems,
                                             const std::optional<std::string>& baseline,
                                             const std::optional<std::vector<std::string>>& systems);

/// Which p-values a correction adjusts together: `all` (every record of the
/// step) or `per-metric` (the records of each metric apart, as PyTerrier
/// corrects). The Tukey tests' family is always per metric.
enum class Family { all, per_metric };

/// `all` or `per-metric`.
[[nodiscard]] std::string_view family_name(Family family) noexcept;

/// The family named `name`. Fails with invalid_argument `family must be one
/// of 'all', 'per-metric', got 'x'`.
Expected<Family> parse_family(std::string_view name);

struct FamilySettings {
  /// The test every comparison runs: a row of the table (`test`).
  const ComparisonTest* test = &bootstrap_row;
  eval::Correction correction = eval::Correction::holm;
  Family family = Family::all;
  eval::MissingQueries missing_queries = eval::MissingQueries::error;
  /// alpha, confidence_level, resamples, permutations, seed: the same for
  /// every comparison.
  TestSettings test_settings;
  bool per_query = false;
  unsigned threads = 1;
};

/// The family's result: {"test", "correction", "family", "alpha",
/// "family_size", ["family_systems",] "comparisons": [record...], ["anova",]
/// "discriminative_power", "queries": {...}} (docs/behaviour/comparisons.md
/// §10.5). A test of the matrix (ComparisonTest::analyse) is analysed per
/// metric over every system of the family before its records, its failure
/// named `compare-systems on <metric>: `; its records are not corrected. Records come pair by pair
/// (plan_pairs' order), metric by metric within a pair (the table's order).
/// Per metric, the queries are aligned once over every system of the
/// family under the missing_queries policy, so every record of a metric
/// compares the same queries. Each comparison is computed on its own (the
/// same seed for each), on `threads` threads; the first failure in family
/// order is returned, naming its comparison.
/// `progress(done, total)` hears of finished comparisons, on the calling thread.
/// `poll()` is called before each comparison, on any of the threads; what it
/// throws (the host's cancellation, grk::Context::stop_if_cancelled) starts
/// no comparison more and leaves compare_systems once every thread stopped.
Expected<boost::json::value> compare_systems(const SystemTable& table, const std::vector<SystemPair>& pairs,
                                             const FamilySettings& settings,
                                             const std::function<void(std::size_t, std::size_t)>& progress = {},
                                             const std::function<void()>& poll = {});

}  // namespace grk::significance

#endif
