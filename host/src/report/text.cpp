#include "report/format.hpp"

#include <algorithm>

#include "report/views.hpp"

namespace grk::host {
namespace {

/// Columns as a terminal shows them: one per code point (names are not
/// trusted to be narrow, but a byte count would misalign every † and —).
std::size_t width(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// Control characters, which would move the cursor, become spaces.
std::string printable(std::string text) {
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') c = ' ';
  }
  return text;
}

/// A cell as the terminal shows it: plain text has no bold, so the best
/// value carries a `*`, before its marks so that they line up after it; a
/// name's mark (its letter) is set apart in parentheses.
std::string cell_text(const TableCell& cell, bool numeric) {
  if (!numeric && !cell.mark.empty()) return printable(cell.text) + " (" + printable(cell.mark) + ")";
  return printable(cell.text) + (cell.bold ? "*" : "") + printable(cell.mark);
}

/// The note's words, wrapped at 100 columns.
void append_note(std::string& out, std::string note) {
  // The table's "in bold" is a `*` here.
  for (auto at = note.find(" in bold"); at != std::string::npos; at = note.find(" in bold", at)) {
    note.replace(at, 8, " marked *");
  }
  std::string line;
  std::size_t from = 0;
  while (from < note.size()) {
    std::size_t to = note.find(' ', from);
    if (to == std::string::npos) to = note.size();
    const std::string word = note.substr(from, to - from);
    if (!line.empty() && width(line) + 1 + width(word) > 100) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    from = to + 1;
  }
  if (!line.empty()) out += line + "\n";
}

void append_table(std::string& out, const TableView& table) {
  std::vector<std::size_t> widths(table.header.size(), 0);
  for (std::size_t i = 0; i < table.header.size(); ++i) widths[i] = width(printable(table.header[i]));
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], width(cell_text(row[i], table.numeric[i])));
  }
  // A numeric column aligns on the number's last digit: its marks hang
  // into a margin as wide as the longest of them.
  std::vector<std::size_t> margins(table.header.size(), 0);
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (!table.numeric[i]) continue;
      margins[i] = std::max(margins[i], width(cell_text(row[i], true)) - width(printable(row[i].text)));
    }
  }
  const auto pad = [](const std::string& text, std::size_t to, bool right) {
    const std::string fill(to > width(text) ? to - width(text) : 0, ' ');
    return right ? fill + text : text + fill;
  };
  const auto line = [&](const std::vector<std::string>& cells, bool header) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) text += "  ";
      if (!table.numeric[i]) {
        text += pad(cells[i], widths[i], false);
      } else if (header) {  // over the numbers' last digit, not their marks
        text += pad(pad(cells[i], widths[i] - margins[i], true), widths[i], false);
      } else {
        text += cells[i];
      }
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text + "\n";
  };
  std::vector<std::string> header;
  for (const auto& name : table.header) header.push_back(printable(name));
  out += line(header, true);
  for (const auto& row : table.rows) {
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (!table.numeric[i]) {
        cells.push_back(cell_text(row[i], false));
        continue;
      }
      const std::string number = printable(row[i].text);
      const std::string marks = cell_text(row[i], true).substr(number.size());
      cells.push_back(pad(pad(number, widths[i] - margins[i], true) + marks, widths[i], false));
    }
    out += line(cells, false);
  }
  if (!table.note.empty()) append_note(out, table.note);
}

}  // namespace

std::string render_text(const ReportModel& model) {
  std::string out;
  for (const auto& table : model.score_tables) {
    if (!out.empty()) out += "\n";
    if (model.score_tables.size() > 1) out += printable(step_title(model.steps[table.step])) + "\n";
    append_table(out, score_table(model, table));
  }
  for (const auto& metric : model.tabled_metrics()) {
    out += (out.empty() ? "" : "\n") + printable(metric) + "\n";
    append_table(out, comparison_table(model, metric));
  }
  if (model.scores_only) return out;
  for (const auto& step : model.steps) {
    if (step.shape == StepShape::scores || step.shape == StepShape::comparisons) continue;
    out += (out.empty() ? "" : "\n") + printable(step_title(step)) + ": " + printable(step_status_text(step)) + "\n";
    for (const auto& [name, value] : step_fields(step)) out += "  " + printable(name) + ": " + printable(value) + "\n";
  }
  return out;
}

}  // namespace grk::host
