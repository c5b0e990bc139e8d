// The five formats of `grk-eval report`, `run --report` and `evaluate`, chosen by name
// or by a file's extension (docs/design.md §4.10), and their renderers, one
// report/<format>.cpp each.
#ifndef GRK_HOST_REPORT_FORMAT_HPP
#define GRK_HOST_REPORT_FORMAT_HPP

#include <string>

#include <grk/expected.hpp>

#include "report/model.hpp"
#include "support/host_error.hpp"

namespace grk::host {

enum class ReportFormat { text, markdown, html, latex, csv };

/// The report in one format: GitHub-flavoured Markdown; one HTML file that
/// works offline (inline style and SVG plots, nothing fetched); a LaTeX
/// fragment; RFC 4180 CSV; or aligned plain text for a terminal.
std::string render_text(const ReportModel& model);
std::string render_markdown(const ReportModel& model);
std::string render_html(const ReportModel& model);
std::string render_latex(const ReportModel& model);
std::string render_csv(const ReportModel& model);

/// Each format's name (`--format`), file extensions (`-o`, `--report FILE`;
/// the second, when there is one, is another spelling of the first) and
/// renderer: a format is one row here and its report/<format>.cpp.
struct ReportFormatNames {
  ReportFormat format;
  const char* name;
  const char* extensions[2];
  std::string (*render)(const ReportModel&);
};
inline constexpr ReportFormatNames report_formats[] = {
    {ReportFormat::markdown, "markdown", {".md", ".markdown"}, &render_markdown},
    {ReportFormat::html, "html", {".html", ".htm"}, &render_html},
    {ReportFormat::latex, "latex", {".tex", nullptr}, &render_latex},
    {ReportFormat::csv, "csv", {".csv", nullptr}, &render_csv},
    {ReportFormat::text, "text", {".txt", nullptr}, &render_text},
};

/// "markdown, html, latex, csv or text": the names, from the table, for messages and --help.
std::string format_names_listed();
/// ".md, .markdown, .html, .htm, .tex, .csv or .txt": the extensions, likewise.
std::string format_extensions_listed();

/// The format `--format format_name` names or, without it, the one the
/// extension of `file` gives in any case (`file_option`, e.g. "--report",
/// names where the file came from); or the mistake, in words the table
/// lists: "expected markdown, html, latex, csv or text".
Expected<ReportFormat, HostError> choose_report_format(const std::string& format_name, const std::string& file_option,
                                                       const std::string& file);

/// The whole report in `format`.
std::string render_report(const ReportModel& model, ReportFormat format);

}  // namespace grk::host

#endif
