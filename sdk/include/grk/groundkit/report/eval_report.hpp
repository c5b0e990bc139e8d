// grk/groundkit/report/eval_report.hpp: everything a statistic needs to take a
// groundkit EvalReport as input: the model, the reader with the reference's
// validation, and read_eval_report_text for a file's contents.
#ifndef GRK_GROUNDKIT_REPORT_EVAL_REPORT_HPP
#define GRK_GROUNDKIT_REPORT_EVAL_REPORT_HPP

#include <optional>
#include <string>
#include <string_view>

#include <grk/json/reader.hpp>
#include <grk/groundkit/report/model.hpp>
#include <grk/groundkit/report/names.hpp>
#include <grk/groundkit/report/reader.hpp>
#include <grk/groundkit/report/report_issue.hpp>

namespace grk::report {

/// Why a report text could not be used: not JSON, or not a valid report.
struct ReportTextError {
  bool not_json = false;  ///< true: `json` holds Python's JSONDecodeError
  json::ReadError json;
  ReportIssue issue;      ///< when not_json is false

  std::string describe() const {
    return not_json ? "not valid JSON: " + json.describe() : issue.describe();
  }
};

/// Parses (Python json.loads semantics: exact doubles, NaN accepted) and
/// validates a report's UTF-8 text.
inline Expected<EvalReport, ReportTextError> read_eval_report_text(std::string_view utf8) {
  ReportTextError error;
  auto json = json::read(utf8);
  if (!json) {
    error.not_json = true;
    error.json = std::move(json).error();
    return unexpected(std::move(error));
  }
  auto report = read_eval_report(*json);
  if (!report) {
    error.issue = std::move(report).error();
    return unexpected(std::move(error));
  }
  return std::move(report).value();
}

}  // namespace grk::report

#endif
