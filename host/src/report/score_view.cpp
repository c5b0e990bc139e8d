// The systems x measures table every IR paper prints (docs/design.md §4.10):
// its cells, its marks and its note, for every format to lay out.
#include <algorithm>
#include <cmath>

#include "report/views.hpp"

namespace grk::host {
namespace {

/// "1 query", "12 queries".
std::string queries_counted(long long count) {
  return std::to_string(count) + (count == 1 ? " query" : " queries");
}

/// The comparisons the document makes between two systems of the table on
/// one of its measures; marks come from these only.
std::vector<const Comparison*> comparisons_of(const ReportModel& model, const ScoreTable& table) {
  const auto has = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  std::vector<const Comparison*> found;
  for (const auto& c : model.comparisons) {
    if (has(table.measures, c.metric) && has(table.systems, c.baseline) && has(table.systems, c.candidate)) {
      found.push_back(&c);
    }
  }
  return found;
}

/// The one baseline every comparison shares, or empty.
std::string shared_baseline(const std::vector<const Comparison*>& comparisons) {
  if (comparisons.empty()) return "";
  const std::string& baseline = comparisons.front()->baseline;
  const bool shared = std::all_of(comparisons.begin(), comparisons.end(),
                                  [&](const Comparison* c) { return c->baseline == baseline; });
  return shared ? baseline : "";
}

/// ranx's labels: a, b, ..., z, then aa, ab, ...
std::string letter(std::size_t index) {
  std::string text;
  for (std::size_t n = index + 1; n > 0; n = (n - 1) / 26) text.insert(text.begin(), static_cast<char>('a' + (n - 1) % 26));
  return text;
}

/// "bm25 lacks 1 qrels query: 411." with at most ten ids named.
std::string missing_sentence(const std::string& system, const std::vector<std::string>& queries) {
  constexpr std::size_t named = 10;
  std::string text = system + " lacks " + queries_counted(static_cast<long long>(queries.size())) + " of the qrels: ";
  for (std::size_t i = 0; i < queries.size() && i < named; ++i) text += (i == 0 ? "" : ", ") + queries[i];
  if (queries.size() > named) text += " and " + std::to_string(queries.size() - named) + " more";
  return text + ".";
}

}  // namespace

std::vector<std::size_t> systems_beaten(const ReportModel& model, const ScoreTable& table, std::size_t s,
                                        std::size_t m) {
  std::vector<std::size_t> beaten;
  const auto& mean = table.means[s][m];
  for (std::size_t other = 0; other < table.systems.size(); ++other) {
    if (other == s) continue;
    const Comparison* c = model.comparison_between(table.systems[s], table.systems[other], table.measures[m]);
    const auto& theirs = table.means[other][m];
    if (c != nullptr && c->significant.value_or(false) && mean && theirs && *mean > *theirs) beaten.push_back(other);
  }
  return beaten;
}

std::string score_table_baseline(const ReportModel& model, const ScoreTable& table) {
  return shared_baseline(comparisons_of(model, table));
}

TableView score_table(const ReportModel& model, const ScoreTable& table) {
  TableView view;
  view.header.push_back("system");
  view.numeric.push_back(false);
  for (const auto& measure : table.measures) {
    view.header.push_back(measure);
    view.numeric.push_back(true);
  }
  const auto comparisons = comparisons_of(model, table);
  const std::string baseline = shared_baseline(comparisons);
  const bool letters = !comparisons.empty() && baseline.empty();
  // Higher is better for every measure a paper's table shows; ties in the
  // printed digits are all bold.
  std::vector<std::optional<double>> best(table.measures.size());
  for (const auto& means : table.means) {
    for (std::size_t m = 0; m < means.size(); ++m) {
      if (means[m] && std::isfinite(*means[m]) && (!best[m] || *means[m] > *best[m])) best[m] = means[m];
    }
  }
  for (std::size_t s = 0; s < table.systems.size(); ++s) {
    const std::string& system = table.systems[s];
    std::vector<TableCell> row{TableCell{system, false, letters ? letter(s) : std::string()}};
    for (std::size_t m = 0; m < table.measures.size(); ++m) {
      const auto& mean = table.means[s][m];
      TableCell cell{reading_number(mean), best[m] && mean && reading_number(mean) == reading_number(best[m])};
      if (letters) {
        for (const std::size_t other : systems_beaten(model, table, s, m)) cell.mark += letter(other);
      } else if (!baseline.empty() && system != baseline) {
        const Comparison* c = model.comparison_between(system, baseline, table.measures[m]);
        if (c != nullptr && c->significant.value_or(false)) cell.mark = significance_mark;
      }
      row.push_back(std::move(cell));
    }
    view.rows.push_back(std::move(row));
  }
  std::string note = "Mean of each measure";
  if (table.queries) {
    note += table.shared ? " over the " + queries_counted(*table.queries) + " of the qrels that every system has"
                         : " over " + queries_counted(*table.queries) + " of the qrels";
  }
  note += "; the best per measure in bold.";
  const std::string rule = tests_text(comparisons);
  if (!baseline.empty()) {
    note += std::string(" ") + significance_mark + ": differs significantly from " + baseline + " by " + rule + ".";
  } else if (letters) {
    note += " A letter after a mean names each system it is significantly better than, by " + rule + ".";
  }
  for (const auto& [system, queries] : table.missing) note += " " + missing_sentence(system, queries);
  view.note = note;
  return view;
}

}  // namespace grk::host
