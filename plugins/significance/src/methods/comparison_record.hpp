// ComparisonRecord: what every comparison test of the module returns (one
// record per compared pair and metric), its descriptive part, its JSON and
// its summary line.
#ifndef GRK_SIGNIFICANCE_METHODS_COMPARISON_RECORD_HPP
#define GRK_SIGNIFICANCE_METHODS_COMPARISON_RECORD_HPP

#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "inputs/score_pair.hpp"
#include "resampling/bootstrap.hpp"

namespace grk::significance {

/// One comparison of candidate against baseline on one metric. The common
/// fields are declared in the order of the record's specification and
/// written in that order from the description below it; `details` follows them.
struct ComparisonRecord {
  std::string baseline;
  std::string candidate;
  std::string metric;
  /// The component's name: "paired-t", "wilcoxon", "randomization", "paired-bootstrap".
  std::string test;
  std::uint64_t query_count = 0;
  double baseline_mean = 0.0;
  double candidate_mean = 0.0;
  /// Mean delta (candidate - baseline), summed as paired-bootstrap sums it,
  /// so every test reports the same effect, bit for bit, as paired-bootstrap.
  double effect = 0.0;
  ConfidenceInterval confidence_interval;
  std::string interval_method;
  double p_value_two_sided = 0.0;
  /// Paired d_z = mean delta / sample sd of the deltas (n - 1); absent
  /// (JSON null) when that sd is 0 or undefined (one query).
  std::optional<double> effect_size;
  std::uint64_t wins = 0;
  std::uint64_t ties = 0;
  std::uint64_t losses = 0;
  /// Equal to p_value_two_sided unless a multiple-testing correction ran.
  double p_value_adjusted = 0.0;
  double alpha = 0.05;
  /// p_value_adjusted < alpha.
  bool significant = false;
  /// The test's own fields (t_statistic, v_statistic, ...), written after
  /// the common ones in their order; the test's row fills them
  /// (methods/comparison_tests.hpp).
  boost::json::object details;
  /// Why the test is undefined on this pair's deltas, in the test's words
  /// (every delta equal for the t-test, every delta zero for Wilcoxon), when
  /// compare-systems keeps the comparison instead of failing the family
  /// (docs/behaviour/comparisons.md §10.8). Its interval and p-values are
  /// then written as null, and it is never significant.
  std::optional<std::string> untestable;
};
BOOST_DESCRIBE_STRUCT(ComparisonRecord, (),
                      (baseline, candidate, metric, test, query_count, baseline_mean, candidate_mean, effect,
                       confidence_interval, interval_method, p_value_two_sided, effect_size, wins, ties, losses,
                       p_value_adjusted, alpha, significant, details))

/// The descriptive part of the record for `scores`, already paired into
/// `deltas` by paired_deltas (candidate - baseline per query, in sorted
/// query-id order, all finite, at least one): query_count, both means,
/// effect, effect_size, wins/ties/losses. Means are CPython 3.11 sums in
/// sorted query order over n, as paired-bootstrap's effect. The interval,
/// p-value and details are left to the test.
[[nodiscard]] ComparisonRecord describe_comparison(std::string baseline, std::string candidate,
                                                   std::string metric, std::string test, const ScorePair& scores,
                                                   const std::vector<double>& deltas);

/// `fusion vs bm25 on ndcg_at_10`, for the messages that name the comparison.
[[nodiscard]] std::string comparison_name(const ComparisonRecord& record);

/// Sets the raw and adjusted p-value (equal: no correction), alpha and the verdict.
void set_p_value(ComparisonRecord& record, double p_value, double alpha);

/// The record as JSON, fields in order (grk/json/described.hpp: the interval
/// as confidence_interval_low and _high, effect_size null when absent, the
/// details' fields last, then `untestable` when set); doubles stay doubles,
/// so the host writes them as every float of the results document
/// (shortest round trip).
[[nodiscard]] boost::json::value to_json(const ComparisonRecord& record);

}  // namespace grk::significance

#endif
