// check_metric_name: the parameter check for `metric` (docs/behaviour/eval-report.md §2, docs/behaviour/paired-bootstrap.md §2).
#ifndef GRK_SIGNIFICANCE_INPUTS_METRIC_CHECK_HPP
#define GRK_SIGNIFICANCE_INPUTS_METRIC_CHECK_HPP

#include <string_view>

#include <grk/expected.hpp>
#include <grk/groundkit/report/names.hpp>

namespace grk::significance {

/// The MetricName `text` names; otherwise fails with invalid_argument
/// "metric must be one of 'recall_at_1', ..., 'ndcg_at_10', got <repr>".
Expected<report::MetricName> check_metric_name(std::string_view text);

}  // namespace grk::significance

#endif
