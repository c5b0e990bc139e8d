#include "report/format.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <string_view>

#include "report/views.hpp"

namespace grk::host {
namespace {

/// RFC 4180: a field holding a comma, a quote or a line break is quoted,
/// its quotes doubled; the others are written as they are.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

/// Text a spreadsheet would run as a formula (it starts with = + - @, or a
/// tab or carriage return, which some strip first) gets a leading ' , as
/// OWASP's CSV-injection advice says: a system named "=HYPERLINK(...)" stays
/// a name. Numbers never pass through here, so -0.0588 stays a number.
std::string defused(std::string text) {
  if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) text.insert(0, "'");
  return text;
}

/// A cell at full precision: null is empty, a number is the shortest text
/// that reads back to the same double (as the results document writes it),
/// a string is defused.
std::string cell(const boost::json::value* value) {
  if (value == nullptr || value->is_null()) return "";
  if (value->is_string()) return defused(std::string(value->get_string()));
  return value_text(*value);
}

void append_row(std::string& out, const std::vector<std::string>& cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    out += field(cells[i]);
  }
  out += "\r\n";
}

}  // namespace

std::string render_csv(const ReportModel& model) {
  // step, component and the family's correction, then every field any
  // record has, in order of first appearance.
  std::vector<std::string> columns{"step", "component", "correction"};
  for (const auto& c : model.comparisons) {
    for (const auto& member : *c.record) {
      if (std::find(columns.begin(), columns.end(), member.key()) == columns.end()) {
        columns.emplace_back(member.key());
      }
    }
  }
  std::string out;
  std::vector<std::string> header;
  for (const auto& column : columns) header.push_back(defused(column));
  append_row(out, header);
  for (const auto& c : model.comparisons) {
    const auto& step = model.steps[c.step];
    std::vector<std::string> cells{defused(step.id), defused(step.component), defused(c.correction)};
    for (std::size_t i = 3; i < columns.size(); ++i) cells.push_back(cell(c.record->if_contains(columns[i])));
    append_row(out, cells);
  }
  return out;
}

}  // namespace grk::host
