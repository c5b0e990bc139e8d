// The four formats of `grk-eval report` and `run --report`, chosen by name
// or by a file's extension (docs/design.md §4.10), and their renderers, one
// report/<format>.cpp each.
#ifndef GRK_HOST_REPORT_FORMAT_HPP
#define GRK_HOST_REPORT_FORMAT_HPP

#include <optional>
#include <string>

#include "report/model.hpp"

namespace grk::host {

enum class ReportFormat { markdown, html, latex, csv };

/// The report in one format: GitHub-flavoured Markdown; one HTML file that
/// works offline (inline style and SVG plots, nothing fetched); a LaTeX
/// fragment; RFC 4180 CSV.
std::string render_markdown(const ReportModel& model);
std::string render_html(const ReportModel& model);
std::string render_latex(const ReportModel& model);
std::string render_csv(const ReportModel& model);

/// Each format's name (`--format`), file extension (`--report FILE`) and
/// renderer: a format is one row here and its report/<format>.cpp.
struct ReportFormatNames {
  ReportFormat format;
  const char* name;
  const char* extension;
  std::string (*render)(const ReportModel&);
};
inline constexpr ReportFormatNames report_formats[] = {
    {ReportFormat::markdown, "markdown", ".md", &render_markdown},
    {ReportFormat::html, "html", ".html", &render_html},
    {ReportFormat::latex, "latex", ".tex", &render_latex},
    {ReportFormat::csv, "csv", ".csv", &render_csv},
};

/// "markdown", "html", "latex" or "csv".
std::optional<ReportFormat> format_named(const std::string& name);
/// From the extension, in any case: .md (or .markdown), .html (or .htm), .tex, .csv.
std::optional<ReportFormat> format_of_file(const std::string& file);

/// The whole report in `format`.
std::string render_report(const ReportModel& model, ReportFormat format);

}  // namespace grk::host

#endif
