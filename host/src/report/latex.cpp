#include "report/format.hpp"

#include <cctype>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <grk/python/code_points.hpp>

#include "report/views.hpp"

namespace grk::host {
namespace {

/// Whether pdflatex sets this code point in its default OT1 encoding with
/// no package but the UTF-8 input it reads since 2018: the accented Latin-1
/// letters (not eth, thorn, times, divide, which OT1 lacks), the dashes and
/// the curly quotes.
bool settable(char32_t c) {
  if (c >= 0xC0 && c <= 0xFF) return c != 0xD0 && c != 0xD7 && c != 0xDE && c != 0xF0 && c != 0xF7 && c != 0xFE;
  return c == 0x2013 || c == 0x2014 || c == 0x2018 || c == 0x2019 || c == 0x201C || c == 0x201D;
}

/// Text for LaTeX's text mode in a plain article (booktabs, no fontenc): the
/// ten special characters and the ASCII ones OT1 would print as something
/// else become commands (the straight quote from the typewriter font, which
/// has one in OT1, since \textquotedbl needs T1); line breaks become spaces;
/// a character pdflatex cannot set there is written as its code point.
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
      case '"': out += "{\\ttfamily\\char34}"; break;
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
        } else if (static_cast<unsigned char>(c) >= 0x80) {
          // The SDK's decoder, which gives a byte that starts no sequence as
          // U+DC80..U+DCFF (Python's surrogateescape); it is named as the byte.
          const auto [decoded, length] = python::detail::decode_at(text, i);
          const bool stray_byte = length == 1 && decoded >= 0xDC80 && decoded <= 0xDCFF;
          const char32_t point = stray_byte ? decoded - 0xDC00 : decoded;
          if (!stray_byte && settable(point)) {
            out.append(text, i, length);
          } else {
            char name[16];
            std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(point));
            out += std::string("\\texttt{\\textless{}") + name + "\\textgreater{}}";
          }
          i += length - 1;
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

/// A mark as a superscript: the dagger, or letters upright.
std::string mark_math(const std::string& mark) {
  return "$^{" + (mark == significance_mark ? std::string("\\dagger") : "\\mathrm{" + escaped(mark) + "}") + "}$";
}

/// A cell; in a numeric column a minus sign is math's, not a hyphen, and a
/// mark is set in a box of no width (\rlap) followed by the space of the
/// column's longest mark (`widest`), so that the numbers stay aligned on
/// their last digit whether or not they carry one, and no mark runs into the
/// next column.
std::string cell(const TableCell& c, bool numeric, const std::string& widest) {
  std::string text = escaped(c.text);
  if (numeric && !c.text.empty() && c.text.front() == '-') text.replace(0, 1, "$-$");
  if (c.bold && !text.empty()) text = "\\textbf{" + text + "}";
  if (!numeric) return c.mark.empty() ? text : text + mark_math(c.mark);
  if (widest.empty()) return text;
  return text + (c.mark.empty() ? "" : "\\rlap{" + mark_math(c.mark) + "}") + "\\phantom{" + mark_math(widest) + "}";
}

/// A header cell. A numeric column's two-word header stacks, so that the
/// column is as wide as its numbers, not as its name; so does a measure's
/// name at its cutoff (`nDCG` over `@10`).
std::string header_cell(const std::string& name, bool numeric) {
  const auto space = name.find(' ');
  if (!numeric) return escaped(name);
  if (space != std::string::npos) {
    return "\\shortstack[r]{" + escaped(name.substr(0, space)) + "\\\\" + escaped(name.substr(space + 1)) + "}";
  }
  const auto cutoff = name.rfind('@');
  if (cutoff == std::string::npos || cutoff == 0) return escaped(name);
  return "\\shortstack[r]{" + escaped(name.substr(0, cutoff)) + "\\\\" + escaped(name.substr(cutoff)) + "}";
}

void append_tabular(std::string& out, const TableView& table) {
  out += "\\begin{tabular}{";
  for (const bool numeric : table.numeric) out += numeric ? 'r' : 'l';
  out += "}\n\\toprule\n";
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    out += (i ? " & " : "") + header_cell(table.header[i], table.numeric[i]);
  }
  out += " \\\\\n\\midrule\n";
  std::vector<std::string> widest(table.header.size());
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (python::code_point_count(row[i].mark) > python::code_point_count(widest[i])) widest[i] = row[i].mark;
    }
  }
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? " & " : "") + cell(row[i], table.numeric[i], widest[i]);
    out += " \\\\\n";
  }
  out += "\\bottomrule\n\\end{tabular}\n";
}

/// `size` and the column padding are set inside the float, so the paper's
/// own settings hold outside it.
void append_float(std::string& out, const std::string& caption, const std::string& label, const TableView& table,
                  const char* size) {
  out += std::string("\\begin{table}[htbp]\n\\centering\n") + size + "\n\\setlength{\\tabcolsep}{3pt}\n\\caption{" +
         caption + "}\n\\label{" + label + "}\n";
  append_tabular(out, table);
  out += "\\end{table}\n\n";
}

void drop_column(TableView& table, std::size_t column) {
  table.header.erase(table.header.begin() + static_cast<std::ptrdiff_t>(column));
  table.numeric.erase(table.numeric.begin() + static_cast<std::ptrdiff_t>(column));
  for (auto& row : table.rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(column));
}

std::optional<std::size_t> column_named(const TableView& table, const std::string& name) {
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    if (table.header[i] == name) return i;
  }
  return std::nullopt;
}

/// The comparison table as a paper prints it, within a plain article's
/// \textwidth: the effect carries the significance mark (out of its
/// alignment), the interval is a "CI", the p-value is the adjusted one
/// ("adj. p") when there is one; the step ids
/// and wins/ties/losses stay in the other formats (and in --full's result
/// tables), d_z too (comparison_table leaves it out when asked).
TableView paper_table(TableView table) {
  if (const auto sig = column_named(table, "sig."), effect = column_named(table, "effect"); sig && effect) {
    for (auto& row : table.rows) row[*effect].mark = row[*sig].text;
  }
  for (const char* name : {"sig.", "step", "wins/ties/losses"}) {
    if (const auto column = column_named(table, name)) drop_column(table, *column);
  }
  if (column_named(table, "adjusted p")) {
    if (const auto column = column_named(table, "p")) drop_column(table, *column);
  }
  for (auto& name : table.header) {
    if (const auto at = name.rfind("interval"); at != std::string::npos && at + 8 == name.size()) {
      name.replace(at, 8, "CI");
    } else if (name == "adjusted p") {
      name = "adj. p";
    }
  }
  return table;
}

TableView field_table(const FieldList& fields) {
  TableView table;
  table.header = {"field", "value"};
  table.numeric = {false, false};
  for (const auto& [name, value] : fields) table.rows.push_back({TableCell{name}, TableCell{value}});
  return table;
}

void append_provenance(std::string& out, const ReportModel& model) {
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
}

/// A score table as the paper's main results table: the note is its
/// caption, which says what was measured, over which queries, and how the
/// marks were decided.
void append_scores(std::string& out, const ReportModel& model, const ScoreTable& table) {
  const TableView view = score_table(model, table);
  append_float(out, escaped(view.note), model.label_prefix + "scores-" + label_of(model.steps[table.step].id), view,
               "\\footnotesize");
}

void append_steps(std::string& out, const ReportModel& model) {
  TableView steps;
  steps.header = {"step", "status"};
  steps.numeric = {false, false};
  for (const auto& step : model.steps) {
    steps.rows.push_back({TableCell{step_title(step)}, TableCell{step_status_text(step)}});
  }
  append_float(out, "The steps of the run.", model.label_prefix + "steps", steps, "\\small");
  for (const auto& step : model.steps) {
    const auto fields = step_fields(step);
    if (fields.empty()) continue;
    const std::string what = step.shape == StepShape::dataset ? "Dataset of step " : "Result of step ";
    append_float(out, what + escaped(step_title(step)) + ".", model.label_prefix + "step-" + label_of(step.id),
                 field_table(fields), "\\small");
  }
}

}  // namespace

std::string render_latex(const ReportModel& written) {
  const ReportModel model = with_ir_measures_names(written);
  std::string out = comment(model.title);
  out += "% Written by " + model.writer + ". Needs only \\usepackage{booktabs}.\n";
  if (model.full) append_provenance(out, model);
  out += "\n";
  for (const auto& table : model.score_tables) append_scores(out, model, table);
  for (const auto& metric : model.tabled_metrics()) {
    const auto table = paper_table(comparison_table(model, metric, ComparisonTableOptions{false, false}));
    append_float(out, escaped(metric) + ". " + escaped(table.note), model.label_prefix + label_of(metric), table,
                 "\\footnotesize");
    for (const auto* anova : model.anovas_of(metric)) {
      const auto anova_view = anova_table(model, *anova);
      append_float(out, escaped(metric) + ". " + escaped(anova_view.note),
                   model.label_prefix + "anova-" + label_of(model.steps[anova->step].id) + "-" + label_of(metric),
                   anova_view, "\\footnotesize");
    }
  }
  if (model.full) append_steps(out, model);
  if (out.size() > 1 && out.compare(out.size() - 2, 2, "\n\n") == 0) out.pop_back();  // one newline at the end
  return out;
}

}  // namespace grk::host
