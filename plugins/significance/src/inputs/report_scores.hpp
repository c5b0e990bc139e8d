// compare_report_stages: two stages of one EvalReport -> paired score maps
// (docs/behaviour/paired-bootstrap.md §9 steps 1-3), and the check of the
// `metric` that names one of the report's metrics (docs/behaviour/eval-report.md §2,
// docs/behaviour/paired-bootstrap.md §2).
#ifndef GRK_SIGNIFICANCE_INPUTS_REPORT_SCORES_HPP
#define GRK_SIGNIFICANCE_INPUTS_REPORT_SCORES_HPP

#include <boost/json/value.hpp>

#include <filesystem>
#include <string_view>

#include <grk/expected.hpp>
#include <grk/groundkit/report/model.hpp>
#include <grk/groundkit/report/names.hpp>

#include "inputs/score_pair.hpp"

namespace grk::significance {

/// The per-query `metric` scores of stages `baseline` and `candidate`, with
/// the reference's checks in its order: duplicate stage names anywhere in the
/// report (invalid_data), the baseline then the candidate stage missing
/// (invalid_argument), then per stage, baseline first, queries with null
/// metrics skipped before a duplicate query id is looked for (invalid_data).
Expected<ScorePair> scores_from_report(const report::EvalReport& report, std::string_view baseline,
                                       std::string_view candidate, report::MetricName metric);

/// Validates an EvalReport given as parsed JSON (grk::report::read_eval_report),
/// whose first problem fails with invalid_data `<json path>: <message>`.
Expected<report::EvalReport> report_from_json(const boost::json::value& json);

/// Reads, parses and validates an EvalReport file: read_json_file, then
/// grk::report::read_eval_report, whose first problem fails with
/// invalid_data `<json path>: <message>`.
Expected<report::EvalReport> read_report_file(const std::filesystem::path& path);

/// The parameter check for `metric`: the MetricName `text` names; otherwise
/// fails with invalid_argument "metric must be one of 'recall_at_1', ..., 'ndcg_at_10', got <repr>".
Expected<report::MetricName> check_metric_name(std::string_view text);

}  // namespace grk::significance

#endif
