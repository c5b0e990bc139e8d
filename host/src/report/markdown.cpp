#include "report/format.hpp"

#include "report/views.hpp"

namespace grk::host {
namespace {

/// Text in GitHub-flavoured Markdown, inline: every character that could
/// start markup (emphasis, links, HTML, math, a table's cell break, an
/// entity) is backslash-escaped, and line breaks, which would end a table
/// row, become spaces. A name is never trusted to be plain.
std::string escaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>': case '|':
      case '~': case '$': case '&': case '#':
        out += '\\';
        out += c;
        break;
      default:
        out += static_cast<unsigned char>(c) < 0x20 || c == '\x7f' ? ' ' : c;
    }
  }
  return out;
}

// Numbers, and the headers and notes, are the report's own text; names
// and values come from the document and are escaped.
std::string cell(const TableCell& c, bool numeric) {
  const std::string text = numeric ? c.text : escaped(c.text);
  const std::string mark = c.mark.empty() ? "" : "<sup>" + c.mark + "</sup>";
  return (c.bold && !text.empty() ? "**" + text + "**" : text) + mark;
}

void append_table(std::string& out, const TableView& table) {
  if (table.header.empty()) {
    out += "None.\n\n";
    return;
  }
  out += "|";
  for (const auto& name : table.header) out += " " + escaped(name) + " |";
  out += "\n|";
  for (std::size_t i = 0; i < table.header.size(); ++i) out += table.numeric[i] ? "---:|" : "---|";
  out += "\n";
  for (const auto& row : table.rows) {
    out += "|";
    for (std::size_t i = 0; i < row.size(); ++i) out += " " + cell(row[i], table.numeric[i]) + " |";
    out += "\n";
  }
  out += "\n";
  if (!table.note.empty()) out += escaped(table.note) + "\n\n";
}

void append_fields(std::string& out, const FieldList& fields) {
  if (fields.empty()) return;
  out += "| field | value |\n|---|---|\n";
  for (const auto& [name, value] : fields) out += "| " + escaped(name) + " | " + escaped(value) + " |\n";
  out += "\n";
}

/// What a whole report adds after the tables: each step and the provenance.
void append_steps_and_provenance(std::string& out, const ReportModel& model) {
  out += "## Steps\n\n";
  for (const auto& step : model.steps) {
    out += "### " + escaped(step_title(step)) + "\n\n";
    std::string status = step_status_text(step);
    if (step.shape == StepShape::comparisons) {
      std::size_t count = 0;
      for (const auto& c : model.comparisons) count += &model.steps[c.step] == &step ? 1 : 0;
      status += "; " + std::to_string(count) + (count == 1 ? " comparison" : " comparisons") +
                " in the tables above";
    } else if (step.shape == StepShape::dataset) {
      status += "; dataset";
    } else if (step.shape == StepShape::scores) {
      status += "; its scores in the table above";
    }
    out += "Status: " + escaped(status) + "\n\n";
    append_fields(out, step_fields(step));
  }
  out += "## Provenance\n\n";
  append_fields(out, provenance_fields(model));
  out += "### Input files\n\n";
  append_table(out, inputs_table(model));
  out += "### Modules\n\n";
  append_table(out, modules_table(model));
}

}  // namespace

std::string render_markdown(const ReportModel& model) {
  std::string out = "# " + escaped(model.title) + "\n\n";
  if (!model.score_tables.empty()) {
    out += "## Scores\n\n";
    for (const auto& table : model.score_tables) {
      out += "### " + escaped(step_title(model.steps[table.step])) + "\n\n";
      append_table(out, score_table(model, table));
    }
  }
  const auto metrics = model.tabled_metrics();
  if (!metrics.empty()) {
    out += "## Comparisons\n\n";
    for (const auto& metric : metrics) {
      out += "### " + escaped(metric) + "\n\n";
      append_table(out, comparison_table(model, metric));
      for (const auto* anova : model.anovas_of(metric)) {
        out += "#### ANOVA\n\n";
        append_table(out, anova_table(model, *anova));
      }
    }
  }
  if (!model.scores_only) append_steps_and_provenance(out, model);
  // One newline at the end, not the blank line the sections leave.
  while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace grk::host
