// paired_bootstrap: groundkit's paired bootstrap over two {query id: score}
// maps, with the reference's checks, messages and result (docs/behaviour/paired-bootstrap.md §1-§8),
// and bounded_bootstrap, the engine with its limits as failures, which the
// comparison tests' interval and compare-systems run too.
#ifndef GRK_SIGNIFICANCE_METHODS_PAIRED_BOOTSTRAP_HPP
#define GRK_SIGNIFICANCE_METHODS_PAIRED_BOOTSTRAP_HPP

#include <boost/describe/class.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "resampling/bootstrap.hpp"
#include "inputs/score_pair.hpp"
#include "methods/test_row.hpp"

namespace grk::significance {

/// bootstrap_deltas (resampling/bootstrap.hpp) on paired `deltas`, the one
/// place every caller runs it, so that all word its limits alike. Fails with
/// invalid_data for more than 2**32 - 1 queries (randrange's draws are
/// 32-bit) and failed_precondition when the resample means do not fit in
/// memory (where Python would raise MemoryError). resamples and
/// confidence_level must already be checked.
Expected<BootstrapEstimate> bounded_bootstrap(const std::vector<double>& deltas, std::int64_t resamples,
                                              std::int64_t seed, double confidence_level,
                                              const BootstrapProgress& progress = {}, unsigned threads = 1);

/// The `method` field every BootstrapResult carries (docs/behaviour/paired-bootstrap.md §8).
inline constexpr const char* bootstrap_method =
    "paired bootstrap over query-level candidate-minus-baseline deltas";

/// The keyword arguments of paired_bootstrap (docs/behaviour/paired-bootstrap.md §1).
struct BootstrapRequest {
  std::string baseline_name;
  std::string candidate_name;
  std::string metric;
  std::int64_t resamples = 10000;
  std::int64_t seed = 7;
  double confidence_level = 0.95;
  /// Python str() of the confidence level as the caller passed it, for the
  /// range message; empty means str() of the double ("0.95", "nan").
  std::string confidence_level_text;
  /// Whether `metric` must be one of groundkit's MetricNames, as in the
  /// reference; false for a measure named by per-query files (`runs`), whose
  /// names are the files' own.
  bool groundkit_metric = true;
  /// Threads for the resample means (BootstrapTuning::threads): the same
  /// bits for any count.
  unsigned threads = 1;
};

/// `BootstrapResult` (docs/behaviour/paired-bootstrap.md §8), fields in the model's order, which the
/// description below keeps for its JSON (results/result_json.hpp).
struct BootstrapResult {
  std::string baseline;
  std::string candidate;
  std::string metric;
  std::uint64_t query_count = 0;
  std::int64_t resamples = 0;
  std::int64_t seed = 0;
  double confidence_level = 0.0;
  double effect = 0.0;
  ConfidenceInterval confidence_interval;
  double p_value_two_sided = 0.0;
  bool significant = false;
  std::string method = bootstrap_method;
};
BOOST_DESCRIBE_STRUCT(BootstrapResult, (),
                      (baseline, candidate, metric, query_count, resamples, seed, confidence_level, effect,
                       confidence_interval, p_value_two_sided, significant, method))

/// groundkit's paired_bootstrap. Fails with the reference's message, in the
/// reference's order (docs/behaviour/paired-bootstrap.md §2): resamples and confidence level
/// (invalid_argument), then empty baseline, differing ids, non-finite deltas
/// (invalid_data), more than 2**32 - 1 queries (invalid_data), resamples whose
/// means do not fit in memory (failed_precondition), and last an unknown
/// metric (invalid_argument, unless request.groundkit_metric is false), which
/// the reference only notices when it builds the result.
Expected<BootstrapResult> paired_bootstrap(const eval::ScoreMap& baseline, const eval::ScoreMap& candidate,
                                           const BootstrapRequest& request,
                                           const BootstrapProgress& progress = {});

// Its row of the table (methods/comparison_tests.hpp).
TestParams bootstrap_test_params;
TestFill fill_bootstrap;

}  // namespace grk::significance

#endif
