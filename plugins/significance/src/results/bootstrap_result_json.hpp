// BootstrapResult as the statistic's JSON result.
#ifndef GRK_SIGNIFICANCE_RESULTS_BOOTSTRAP_RESULT_JSON_HPP
#define GRK_SIGNIFICANCE_RESULTS_BOOTSTRAP_RESULT_JSON_HPP

#include <boost/json/value.hpp>

#include "methods/paired_bootstrap.hpp"

namespace grk::significance {

/// The fields of docs/behaviour/paired-bootstrap.md §8 in the model's order, `method` last. Doubles
/// stay doubles: the host writes them in groundkit's report float format.
[[nodiscard]] boost::json::value to_json(const BootstrapResult& result);

}  // namespace grk::significance

#endif
