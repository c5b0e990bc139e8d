#include "report/format.hpp"

#include <cctype>
#include <filesystem>

namespace grk::host {

std::optional<ReportFormat> format_named(const std::string& name) {
  for (const auto& entry : report_formats) {
    if (name == entry.name) return entry.format;
  }
  return std::nullopt;
}

std::optional<ReportFormat> format_of_file(const std::string& file) {
  // Case aside (x.HTML is HTML), and .htm as HTML: what a user names the file,
  // never a guess from anything else.
  std::string extension = std::filesystem::path(file).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".htm") return ReportFormat::html;
  if (extension == ".markdown") return ReportFormat::markdown;
  for (const auto& entry : report_formats) {
    if (extension == entry.extension) return entry.format;
  }
  return std::nullopt;
}

std::string render_report(const ReportModel& model, ReportFormat format) {
  for (const auto& entry : report_formats) {
    if (entry.format == format) return entry.render(model);
  }
  return render_markdown(model);
}

}  // namespace grk::host
