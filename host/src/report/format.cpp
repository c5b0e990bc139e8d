#include "report/format.hpp"

#include <cctype>
#include <filesystem>
#include <vector>

namespace grk::host {

namespace {

// "a, b, c or d".
std::string listed(const std::vector<std::string>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) text += i + 1 == words.size() ? " or " : ", ";
    text += words[i];
  }
  return text;
}

}  // namespace

std::string format_names_listed() {
  std::vector<std::string> names;
  for (const auto& entry : report_formats) names.emplace_back(entry.name);
  return listed(names);
}

std::string format_extensions_listed() {
  std::vector<std::string> extensions;
  for (const auto& entry : report_formats) {
    for (const char* spelling : entry.extensions) {
      if (spelling != nullptr) extensions.emplace_back(spelling);
    }
  }
  return listed(extensions);
}

Expected<ReportFormat, HostError> choose_report_format(const std::string& format_name, const std::string& file_option,
                                                       const std::string& file) {
  if (!format_name.empty()) {
    for (const auto& entry : report_formats) {
      if (format_name == entry.name) return entry.format;
    }
    return usage_error("--format " + format_name + ": expected " + format_names_listed());
  }
  // Case aside (x.HTML is HTML): what a user names the file, never a guess
  // from anything else.
  std::string extension = std::filesystem::path(file).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& entry : report_formats) {
    for (const char* spelling : entry.extensions) {
      if (spelling != nullptr && extension == spelling) return entry.format;
    }
  }
  return usage_error(file_option + " " + file + ": cannot tell the format from its extension; use " +
                     format_extensions_listed() + ", or say --format");
}

std::string render_report(const ReportModel& model, ReportFormat format) {
  for (const auto& entry : report_formats) {
    if (entry.format == format) return entry.render(model);
  }
  return render_markdown(model);
}

}  // namespace grk::host
