// The four formats of `grk-eval report` and `run --report`, chosen by name
// or by a file's extension (docs/design.md §4.10).
#ifndef GRK_HOST_REPORT_FORMAT_HPP
#define GRK_HOST_REPORT_FORMAT_HPP

#include <optional>
#include <string>

#include "report/model.hpp"

namespace grk::host {

enum class ReportFormat { markdown, html, latex, csv };

/// "markdown", "html", "latex" or "csv".
std::optional<ReportFormat> format_named(const std::string& name);
/// From the extension: .md, .html, .tex, .csv.
std::optional<ReportFormat> format_of_file(const std::string& file);

/// The whole report in `format`.
std::string render_report(const ReportModel& model, ReportFormat format);

}  // namespace grk::host

#endif
