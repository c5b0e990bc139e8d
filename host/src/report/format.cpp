#include "report/format.hpp"

#include <filesystem>

namespace grk::host {

std::optional<ReportFormat> format_named(const std::string& name) {
  for (const auto& entry : report_formats) {
    if (name == entry.name) return entry.format;
  }
  return std::nullopt;
}

std::optional<ReportFormat> format_of_file(const std::string& file) {
  const std::string extension = std::filesystem::path(file).extension().string();
  for (const auto& entry : report_formats) {
    if (extension == entry.extension) return entry.format;
  }
  return std::nullopt;
}

std::string render_report(const ReportModel& model, ReportFormat format) {
  switch (format) {
    case ReportFormat::html: return render_html(model);
    case ReportFormat::latex: return render_latex(model);
    case ReportFormat::csv: return render_csv(model);
    case ReportFormat::markdown: break;
  }
  return render_markdown(model);
}

}  // namespace grk::host
