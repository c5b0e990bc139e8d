#include "report/format.hpp"

#include <cctype>

#include "report/views.hpp"

namespace grk::host {
namespace {

/// Text for LaTeX's text mode: the ten special characters, and the ASCII
/// ones the default OT1 encoding would print as something else, become
/// commands; line breaks become spaces. Other UTF-8 passes through (LaTeX
/// reads UTF-8 by default since 2018).
std::string escaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '#': out += "\\#"; break;
      case '$': out += "\\$"; break;
      case '%': out += "\\%"; break;
      case '&': out += "\\&"; break;
      case '_': out += "\\_"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      case '|': out += "\\textbar{}"; break;
      case '"': out += "\\textquotedbl{}"; break;
      // A cell that starts a row follows "\\", which would read a [ or a *.
      case '[': out += "{[}"; break;
      case ']': out += "{]}"; break;
      case '*': out += "{*}"; break;
      default:
        if (text.compare(i, 3, significance_mark) == 0) {
          out += "$^\\dagger$";
          i += 2;
        } else if (text.compare(i, 3, absent) == 0) {
          out += "---";
          i += 2;
        } else if (text.compare(i, 2, "\u03b1") == 0) {
          out += "$\\alpha$";
          i += 1;
        } else {
          out += static_cast<unsigned char>(c) < 0x20 || c == '\x7f' ? ' ' : c;
        }
    }
  }
  return out;
}

/// A comment line: anything but a line break may follow the %.
std::string comment(const std::string& text) {
  std::string out = "% ";
  for (const char c : text) out += c == '\n' || c == '\r' ? ' ' : c;
  return out + "\n";
}

std::string label_of(const std::string& text) {
  std::string out;
  for (const char c : text) {
    out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '-';
  }
  return out;
}

std::string cell(const TableCell& c) {
  const std::string text = escaped(c.text);
  return c.bold && !text.empty() ? "\\textbf{" + text + "}" : text;
}

void append_tabular(std::string& out, const TableView& table) {
  out += "\\begin{tabular}{";
  for (const bool numeric : table.numeric) out += numeric ? 'r' : 'l';
  out += "}\n\\toprule\n";
  for (std::size_t i = 0; i < table.header.size(); ++i) out += (i ? " & " : "") + escaped(table.header[i]);
  out += " \\\\\n\\midrule\n";
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? " & " : "") + cell(row[i]);
    out += " \\\\\n";
  }
  out += "\\bottomrule\n\\end{tabular}\n";
}

void append_float(std::string& out, const std::string& caption, const std::string& label, const TableView& table) {
  out += "\\begin{table}[htbp]\n\\centering\n\\small\n\\caption{" + caption + "}\n\\label{" + label + "}\n";
  append_tabular(out, table);
  out += "\\end{table}\n\n";
}

TableView field_table(const FieldList& fields) {
  TableView table;
  table.header = {"field", "value"};
  table.numeric = {false, false};
  for (const auto& [name, value] : fields) table.rows.push_back({TableCell{name}, TableCell{value}});
  return table;
}

}  // namespace

std::string render_latex(const ReportModel& model) {
  std::string out = comment(model.title);
  out += "% Written by grk-eval report. Needs \\usepackage{booktabs} (and [T1]{fontenc} for quotes).\n";
  out += "% Provenance:\n";
  for (const auto& [name, value] : provenance_fields(model)) out += comment("  " + name + ": " + value);
  const auto inputs = inputs_table(model);
  for (const auto& row : inputs.rows) {
    std::string line = "  input:";
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (!row[i].text.empty()) line += " " + inputs.header[i] + "=" + row[i].text;
    }
    out += comment(line);
  }
  for (const auto& row : modules_table(model).rows) {
    out += comment("  module: step " + row[0].text + ", " + row[1].text + " " + row[2].text + ", " + row[3].text);
  }
  out += "\n";
  for (const auto& metric : model.metrics()) {
    const auto table = comparison_table(model, metric);
    append_float(out, escaped(metric) + ". " + escaped(table.note), "tab:grk-" + label_of(metric), table);
  }
  TableView steps;
  steps.header = {"step", "status"};
  steps.numeric = {false, false};
  for (const auto& step : model.steps) {
    steps.rows.push_back({TableCell{step_title(step)}, TableCell{step_status_text(step)}});
  }
  append_float(out, "The steps of the run.", "tab:grk-steps", steps);
  for (const auto& step : model.steps) {
    const auto fields = step_fields(step);
    if (fields.empty()) continue;
    const std::string what = step.shape == StepShape::dataset ? "Dataset of step " : "Result of step ";
    append_float(out, what + escaped(step_title(step)) + ".", "tab:grk-step-" + label_of(step.id),
                 field_table(fields));
  }
  out.pop_back();  // one newline at the end
  return out;
}

}  // namespace grk::host
