#include "report/format.hpp"

#include <boost/json.hpp>

#include <algorithm>

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

/// A cell at full precision: null is empty, a number is the shortest text
/// that reads back to the same double (as the results document writes it).
std::string cell(const boost::json::value* value) {
  if (value == nullptr || value->is_null()) return "";
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
  append_row(out, columns);
  for (const auto& c : model.comparisons) {
    const auto& step = model.steps[c.step];
    std::vector<std::string> cells{step.id, step.component, c.correction};
    for (std::size_t i = 3; i < columns.size(); ++i) cells.push_back(cell(c.record->if_contains(columns[i])));
    append_row(out, cells);
  }
  return out;
}

}  // namespace grk::host
