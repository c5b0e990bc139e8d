// The module's results as the host receives them: paired-bootstrap's
// BootstrapResult as JSON (a ComparisonRecord's is comparison_record.hpp's),
// and the human summary line of each component's result, read back from that
// JSON (the host passes the result to summarize), with four decimals as
// groundkit's results documents print them.
#ifndef GRK_SIGNIFICANCE_RESULTS_RESULT_JSON_HPP
#define GRK_SIGNIFICANCE_RESULTS_RESULT_JSON_HPP

#include <boost/json/value.hpp>

#include <string>
#include <vector>

#include "methods/paired_bootstrap.hpp"

namespace grk::significance {

/// The fields of docs/behaviour/paired-bootstrap.md §8 in the model's order, `method` last. Doubles
/// stay doubles: the host writes them in groundkit's report float format.
[[nodiscard]] boost::json::value to_json(const BootstrapResult& result);

/// `dense vs bm25, ndcg_at_10 (n=300): +0.0123, 95% CI [+0.0041, +0.0208],
/// p (ASL) 0.0031, significant` (or `not significant`), from a BootstrapResult's
/// to_json(); an ASL below 0.00005 prints as `< 0.0001` rather than a
/// misleading 0.0000.
[[nodiscard]] std::string summarize_bootstrap(const boost::json::value& result);

/// `fusion vs bm25, ndcg_at_10 (n=34): +0.2338, CI [+0.0685, +0.3926], p 0.0070,
/// significant at alpha 0.05 (paired-t)` from a ComparisonRecord's to_json();
/// p is the adjusted p-value, under 0.00005 printed as `< 0.0001`, and named
/// `p_adj` when the record is one of a corrected family (`in_family`).
[[nodiscard]] std::string summarize_comparison(const boost::json::value& record, bool in_family = false);

/// compare-systems': `bootstrap test, holm correction over one family of all
/// 15 comparisons, alpha 0.05` (`holm correction within each metric
/// (families of 3)`; for the Tukey tests `no correction (p_adj is
/// family-wise over every pair of the 4 systems, 6 pairs per metric)`), then
/// one summarize_comparison line per record, its p named p_adj.
[[nodiscard]] std::string summarize_family(const boost::json::value& result);

/// compare-systems' raw p-values, one line per record: `fusion vs bm25,
/// ndcg_at_10: p 0.0070 before correction, p_adj 0.0630`. The summary line
/// has no verbose form (a component's summarize() is not told of -v), so the
/// component logs these at debug level, which `run -v` shows.
[[nodiscard]] std::vector<std::string> raw_p_values(const boost::json::value& result);

}  // namespace grk::significance

#endif
