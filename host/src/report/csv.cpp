#include "report/format.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <string_view>

#include "report/views.hpp"

namespace grk::host {
namespace {

/// RFC 4180: a field holding a comma, a quote or a line break is quoted,
/// its quotes doubled; the others are written as they are. So is one
/// holding a semicolon or a tab, which a spreadsheet set to split on them
/// would otherwise cut, starting a cell of its own ("a;=cmd|..." would run).
std::string field(const std::string& text) {
  if (text.find_first_of(std::string_view(",;\t\"\r\n")) == std::string::npos) return text;
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
  // A NUL first: some spreadsheets drop it and read what follows.
  if (!text.empty() && std::string_view("=+-@\t\r\0", 7).find(text.front()) != std::string_view::npos) {
    text.insert(0, "'");
  }
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

/// The score tables, one row per system of each: its means at full
/// precision and, for a measure the document compares the systems on, the
/// adjusted p of its comparison with the shared baseline and whether it is
/// significant (without one baseline: the systems it is significantly
/// better than, as the table's letters say).
std::string scores_csv(const ReportModel& model) {
  std::vector<std::string> measures;
  std::vector<bool> compared;
  for (const auto& table : model.score_tables) {
    for (const auto& measure : table.measures) {
      if (std::find(measures.begin(), measures.end(), measure) != measures.end()) continue;
      measures.push_back(measure);
      compared.push_back(std::any_of(model.comparisons.begin(), model.comparisons.end(),
                                     [&](const Comparison& c) { return c.metric == measure; }));
    }
  }
  std::vector<std::string> header{"step", "system"};
  for (std::size_t m = 0; m < measures.size(); ++m) {
    header.push_back(defused(measures[m]));
    if (compared[m]) {
      header.push_back(defused(measures[m] + " p_adj"));
      header.push_back(defused(measures[m] + " significant"));
    }
  }
  std::string out;
  append_row(out, header);
  for (const auto& table : model.score_tables) {
    const std::string baseline = score_table_baseline(model, table);
    for (std::size_t s = 0; s < table.systems.size(); ++s) {
      const std::string& system = table.systems[s];
      std::vector<std::string> cells{defused(model.steps[table.step].id), defused(system)};
      for (std::size_t m = 0; m < measures.size(); ++m) {
        const auto at = std::find(table.measures.begin(), table.measures.end(), measures[m]);
        const bool here = at != table.measures.end();
        const std::size_t column = static_cast<std::size_t>(at - table.measures.begin());
        // A pointer, not a copy of the optional, which GCC 12 takes for uninitialised.
        const double* mean = here && table.means[s][column] ? &*table.means[s][column] : nullptr;
        cells.push_back(mean ? exact_number(*mean) : std::string());
        if (!compared[m]) continue;
        std::string p_adj, significant;
        if (here && !baseline.empty() && system != baseline) {  // its comparison with the baseline
          if (const Comparison* c = model.comparison_between(system, baseline, measures[m])) {
            p_adj = c->p_value_adjusted ? exact_number(*c->p_value_adjusted) : std::string();
            significant = c->significant.value_or(false) ? "true" : "false";
          }
        } else if (here && baseline.empty()) {
          for (const std::size_t other : systems_beaten(model, table, s, column)) {
            significant += (significant.empty() ? "" : " ") + table.systems[other];
          }
        }
        cells.push_back(p_adj);
        cells.push_back(defused(significant));
      }
      append_row(out, cells);
    }
  }
  return out;
}

/// The score tables' per-query values, long: a row per system, query and
/// measure, in the tables' order, the queries as the document lists them;
/// a value the document leaves null (trec_eval's 0/0) is empty.
std::string per_query_csv(const ReportModel& model) {
  std::string out;
  append_row(out, {"step", "system", "query", "measure", "value"});
  for (const auto& table : model.score_tables) {
    const std::string step = defused(model.steps[table.step].id);
    for (std::size_t s = 0; s < table.systems.size(); ++s) {
      if (table.per_query[s] == nullptr) continue;
      for (const auto& [query, values] : *table.per_query[s]) {
        if (!values.is_object()) continue;
        for (std::size_t m = 0; m < table.measures.size(); ++m) {
          const auto* value = values.get_object().if_contains(table.measure_keys[m]);
          if (value == nullptr) continue;
          append_row(out, {step, defused(table.systems[s]), defused(std::string(query)), defused(table.measures[m]),
                           cell(value)});
        }
      }
    }
  }
  return out;
}

}  // namespace

std::string render_csv(const ReportModel& model) {
  if (model.per_query) return per_query_csv(model);
  if (!model.score_tables.empty()) return scores_csv(model);
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
