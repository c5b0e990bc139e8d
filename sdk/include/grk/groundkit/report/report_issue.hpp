// ReportIssue: the first problem found in an EvalReport, and the exception
// that carries it.
#ifndef GRK_GROUNDKIT_REPORT_REPORT_ISSUE_HPP
#define GRK_GROUNDKIT_REPORT_REPORT_ISSUE_HPP

#include <string>
#include <utility>

namespace grk::report {

/// Where and what: `path` is a JSON path into the report such as
/// `stages[1].queries[4].metrics.ndcg_at_10` (the EvalReport-level validator
/// reports at `stages`); `message` is the text after the colon.
struct ReportIssue {
  std::string path;
  std::string message;

  /// `<path>: <message>`, e.g.
  /// `stages[1].queries[4].metrics.ndcg_at_10: must be between 0 and 1, got 1.5`.
  std::string describe() const { return path.empty() ? message : path + ": " + message; }
};

}  // namespace grk::report

#endif
