// BootstrapResult as the statistic's JSON result and its one-line summary.
#ifndef GRK_SIGNIFICANCE_RESULTS_BOOTSTRAP_RESULT_JSON_HPP
#define GRK_SIGNIFICANCE_RESULTS_BOOTSTRAP_RESULT_JSON_HPP

#include <boost/json/value.hpp>

#include <string>

#include "methods/paired_bootstrap.hpp"

namespace grk::significance {

/// The fields of docs/behaviour/paired-bootstrap.md §8 in the model's order, `method` last. Doubles
/// stay doubles: the host writes them in groundkit's report float format.
[[nodiscard]] boost::json::value to_json(const BootstrapResult& result);

/// `dense vs bm25, ndcg_at_10 (n=300): +0.0123, 95% CI [+0.0041, +0.0208],
/// ASL 0.0031, significant` (or `not significant`), from a to_json() value.
/// Four decimals, as groundkit's results documents print them; an ASL below
/// 0.00005 prints as `< 0.0001` rather than a misleading 0.0000.
[[nodiscard]] std::string summarize(const boost::json::value& result);

}  // namespace grk::significance

#endif
