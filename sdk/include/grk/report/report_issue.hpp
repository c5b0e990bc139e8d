// ReportIssue: the first problem found in an EvalReport, and the exception
// that carries it.
#ifndef GRK_REPORT_REPORT_ISSUE_HPP
#define GRK_REPORT_REPORT_ISSUE_HPP

#include <stdexcept>
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

/// Thrown by the throwing readers; what() is ReportIssue::describe().
class ReportInvalid : public std::runtime_error {
 public:
  explicit ReportInvalid(ReportIssue issue)
      : std::runtime_error(issue.describe()), issue_(std::move(issue)) {}
  const ReportIssue& issue() const noexcept { return issue_; }

 private:
  ReportIssue issue_;
};

}  // namespace grk::report

#endif
