#include "report/views.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include <grk/json/float_format.hpp>
#include <grk/json/writer.hpp>

namespace grk::host {
namespace {

std::string fixed4(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4f", value);
  return buffer;
}

/// "39692" -> "39,692": a dataset card's counts are read, not copied.
std::string with_thousands(long long value) {
  // Unsigned, so that the most negative value has a magnitude too.
  const unsigned long long magnitude =
      value < 0 ? 0ULL - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
  const std::string digits = std::to_string(magnitude);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return value < 0 ? "-" + out : out;
}

std::string level_text(double level) {
  const double percent = level * 100;
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, percent == std::floor(percent) ? "%.0f%%" : "%g%%", percent);
  return buffer;
}

/// "15 comparisons", "1 comparison".
std::string counted(long long count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

/// What the correction ran over: "over all 15 comparisons of the step",
/// "within each metric (3 comparisons each)", or for a test of the matrix
/// "; its p is family-wise over every pair of the 4 systems, 6 pairs per metric".
std::string family_text(const Comparison& c) {
  if (c.family.empty()) return "";
  const std::string size = c.family_size ? std::to_string(*c.family_size) : std::string("?");
  if (c.family_systems) {
    return "; its p is family-wise over every pair of the " + counted(*c.family_systems, "system", "systems") +
           ", " + size + " pairs per metric";
  }
  if (c.family == "per-metric") return " within each metric (" + size + " comparisons each)";
  if (c.family_size && *c.family_size == 1) return " over the step's one comparison";
  return " over all " + size + " comparisons of the step";
}

void add_field(FieldList& fields, const std::string& label, const boost::json::value& value) {
  fields.emplace_back(label, value_text(value));
}

/// The dataset card's labels for the BEIR report's fields
/// (docs/behaviour/beir.md §10); other fields keep their own names.
std::string card_label(std::string_view key) {
  static const std::pair<const char*, const char*> labels[] = {
      {"source_dir", "source"},           {"split", "split"},
      {"document_count", "documents"},    {"query_count", "queries"},
      {"relevance_pair_count", "relevance pairs"}, {"total_characters", "characters"},
      {"output_dir", "output folder"},    {"corpus_dir", "corpus"},
      {"judgments_path", "judgments"}};
  for (const auto& [name, label] : labels) {
    if (key == name) return label;
  }
  return std::string(key);
}

/// A count of the document: a JSON integer, signed or (built in memory) unsigned.
std::optional<long long> count_value(const boost::json::value* value) {
  if (value == nullptr) return std::nullopt;
  if (value->is_int64()) return value->get_int64();
  if (value->is_uint64() && value->get_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return static_cast<long long>(value->get_uint64());
  }
  return std::nullopt;
}

/// compare-systems' `queries` as a sentence: "34 queries compared on every
/// metric (missing_queries: error)", the metrics listed apart when they
/// differ, with what intersect dropped and zero filled. Nothing for a shape
/// it does not know, which is then shown as JSON.
std::optional<std::string> queries_sentence(const boost::json::value& value) {
  if (!value.is_object()) return std::nullopt;
  const auto& queries = value.get_object();
  const auto* policy = queries.if_contains("missing_queries");
  const auto* metrics = queries.if_contains("metrics");
  if (policy == nullptr || !policy->is_string() || metrics == nullptr || !metrics->is_object()) return std::nullopt;
  std::vector<std::pair<std::string, std::string>> parts;  // metric, what happened
  for (const auto& metric : metrics->get_object()) {
    if (!metric.value().is_object()) return std::nullopt;
    const auto& fields = metric.value().get_object();
    const auto compared = count_value(fields.if_contains("compared"));
    if (!compared) return std::nullopt;
    std::string text = counted(*compared, "query", "queries") + " compared";
    if (const auto dropped = count_value(fields.if_contains("dropped")); dropped && *dropped > 0) {
      text += ", " + std::to_string(*dropped) + " dropped";
    }
    if (const auto* filled = fields.if_contains("filled"); filled && filled->is_object()) {
      for (const auto& system : filled->get_object()) {
        if (const auto filled_count = count_value(&system.value()); filled_count && *filled_count > 0) {
          text += ", " + std::string(system.key()) + " scored 0 on " +
                  counted(*filled_count, "query", "queries") + " it lacked";
        }
      }
    }
    parts.emplace_back(metric.key(), std::move(text));
  }
  if (parts.empty()) return std::nullopt;
  const bool same = std::all_of(parts.begin(), parts.end(), [&](const auto& part) { return part.second == parts.front().second; });
  std::string sentence;
  if (same) {
    sentence = parts.front().second + (parts.size() == 1 ? " on " + parts.front().first : " on every metric");
  } else {
    for (const auto& [metric, text] : parts) sentence += (sentence.empty() ? "" : "; ") + metric + ": " + text;
  }
  return sentence + " (missing_queries: " + std::string(policy->get_string()) + ")";
}

/// `discriminative_power` as a sentence: "mrr: 1 of 3 pairs significant
/// (33.3%); ...".
std::optional<std::string> power_sentence(const boost::json::value& value) {
  if (!value.is_object() || value.get_object().empty()) return std::nullopt;
  std::string sentence;
  for (const auto& metric : value.get_object()) {
    if (!metric.value().is_object()) return std::nullopt;
    const auto& fields = metric.value().get_object();
    const auto significant = count_value(fields.if_contains("significant"));
    const auto pairs = count_value(fields.if_contains("pairs"));
    if (!significant || !pairs || *pairs <= 0) return std::nullopt;
    char share[32];
    std::snprintf(share, sizeof share, "%.1f%%", 100.0 * static_cast<double>(*significant) / static_cast<double>(*pairs));
    sentence += (sentence.empty() ? "" : "; ") + std::string(metric.key()) + ": " + std::to_string(*significant) +
                " of " + counted(*pairs, "pair", "pairs") + " significant (" + share + ")";
  }
  return sentence;
}

}  // namespace

std::string tests_text(const std::vector<const Comparison*>& comparisons) {
  std::vector<std::string> tests;
  for (const Comparison* c : comparisons) {
    std::string text = c->test + " (correction " + c->correction + family_text(*c);
    if (c->alpha) text += ", \u03b1 = " + exact_number(*c->alpha);
    if (c->confidence_level) text += ", " + level_text(*c->confidence_level) + " interval";
    text += ")";
    if (std::find(tests.begin(), tests.end(), text) == tests.end()) tests.push_back(std::move(text));
  }
  std::string joined;
  for (const auto& test : tests) joined += (joined.empty() ? "" : "; ") + test;
  return joined;
}

std::string reading_number(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return absent;
  return fixed4(*value);
}

std::string significant_digits(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return absent;
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6g", *value);
  return buffer;
}

std::string reading_p_value(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return absent;
  if (*value < 0.0001) return "< 0.0001";
  return fixed4(*value);
}

std::string exact_number(double value) { return json::format_report_float(value); }

std::string value_text(const boost::json::value& value) {
  if (value.is_string()) return std::string(value.get_string());
  return json::write_compact(value);
}

TableView comparison_table(const ReportModel& model, const std::string& metric,
                           const ComparisonTableOptions& options) {
  const auto rows = model.of_metric(metric);
  TableView table;
  // The interval's level heads its column when every row shares it. (A
  // plain double: GCC 12 warns about an optional<double> here.)
  bool one_level = !rows.empty() && rows.front()->confidence_level.has_value();
  const double level = one_level ? *rows.front()->confidence_level : 0.0;
  for (const auto* c : rows) {
    if (!c->confidence_level || *c->confidence_level != level) one_level = false;
  }
  table.header = {"step", "test", "baseline", "candidate", "baseline mean", "candidate mean", "effect",
                  (one_level ? level_text(level) + " interval" : std::string("interval")), "p", "adjusted p",
                  "d_z", "wins/ties/losses", "sig."};
  table.numeric = {false, false, false, false, true, true, true, true, true, true, true, true, false};
  // Higher is better for every retrieval metric groundkit reports.
  std::optional<double> best;
  for (const auto* c : rows) {
    for (const auto& mean : {c->baseline_mean, c->candidate_mean}) {
      if (mean && std::isfinite(*mean) && (!best || *mean > *best)) best = mean;
    }
  }
  const auto mean_cell = [&](std::optional<double> mean) {
    return TableCell{reading_number(mean), best && mean && reading_number(mean) == reading_number(best)};
  };
  for (const auto* c : rows) {
    const auto& step = model.steps[c->step];
    std::string interval = absent;
    if (c->interval_low || c->interval_high) {
      interval = "[" + reading_number(c->interval_low) + ", " + reading_number(c->interval_high) + "]";
    }
    std::string record = absent;
    if (c->wins || c->ties || c->losses) {
      const auto count = [](std::optional<long long> n) { return n ? std::to_string(*n) : std::string("?"); };
      record = count(c->wins) + "/" + count(c->ties) + "/" + count(c->losses);
    }
    table.rows.push_back({TableCell{step.id}, TableCell{c->test}, TableCell{c->baseline}, TableCell{c->candidate},
                          mean_cell(c->baseline_mean), mean_cell(c->candidate_mean),
                          TableCell{reading_number(c->effect)}, TableCell{interval},
                          TableCell{reading_p_value(c->p_value)}, TableCell{reading_p_value(c->p_value_adjusted)},
                          TableCell{reading_number(c->effect_size)}, TableCell{record},
                          TableCell{c->significant.value_or(false) ? significance_mark : ""}});
  }
  // A column no row has a value in (paired-bootstrap gives no means) is left out.
  for (std::size_t column = table.header.size(); column-- > 0;) {
    const bool empty = std::all_of(table.rows.begin(), table.rows.end(),
                                   [&](const auto& row) { return row[column].text == absent; });
    if (!empty || table.rows.empty()) continue;
    table.header.erase(table.header.begin() + static_cast<std::ptrdiff_t>(column));
    table.numeric.erase(table.numeric.begin() + static_cast<std::ptrdiff_t>(column));
    for (auto& row : table.rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(column));
  }
  // A column that says the same on every row (one step, one test) is said
  // once, in the note, so that the table fits a page.
  std::string shared;
  for (const std::size_t column : {std::size_t{1}, std::size_t{0}}) {
    const bool same = rows.size() > 0 && std::all_of(table.rows.begin(), table.rows.end(), [&](const auto& row) {
                        return row[column].text == table.rows.front()[column].text;
                      });
    if (!same) continue;
    // The test is named in the note's list of tests anyway.
    if (column == 0 && options.step_named) shared = "Step " + table.rows.front()[column].text + ". ";
    table.header.erase(table.header.begin() + static_cast<std::ptrdiff_t>(column));
    table.numeric.erase(table.numeric.begin() + static_cast<std::ptrdiff_t>(column));
    for (auto& row : table.rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(column));
  }
  if (!options.effect_size) {
    const auto column = std::find(table.header.begin(), table.header.end(), "d_z");
    if (column != table.header.end()) {
      const auto at = column - table.header.begin();
      table.header.erase(column);
      table.numeric.erase(table.numeric.begin() + at);
      for (auto& row : table.rows) row.erase(row.begin() + at);
    }
  }
  const char* effect_size_clause = options.effect_size ? "; d_z: mean delta over the deltas' standard deviation" : "";
  table.note = shared + std::string("Effect: candidate mean minus baseline mean, with its confidence interval") +
               effect_size_clause + ". " + significance_mark +
               ": significant at level \u03b1. Best mean in bold (higher is " +
               "better). Tests: " + tests_text(rows) + ".";
  return table;
}

TableView anova_table(const ReportModel& model, const AnovaTable& anova) {
  TableView table;
  table.header = {"term", "sum of squares", "df", "mean square", "F", "p"};
  table.numeric = {false, true, true, true, true, true};
  for (const char* term : {"system", "topic", "residual"}) {
    const auto* row = anova.terms->if_contains(term);
    if (row == nullptr || !row->is_object()) continue;
    const auto& fields = row->get_object();
    const auto number = [&](const char* name) -> std::optional<double> {
      const auto* value = fields.if_contains(name);
      if (value == nullptr || !value->is_number()) return std::nullopt;
      return value->to_number<double>();
    };
    table.rows.push_back({TableCell{term}, TableCell{significant_digits(number("sum_of_squares"))},
                          TableCell{significant_digits(number("df"))},
                          TableCell{significant_digits(number("mean_square"))},
                          TableCell{significant_digits(number("f"))}, TableCell{reading_p_value(number("p_value"))}});
  }
  table.note = "Step " + model.steps[anova.step].id +
               ". Two-way analysis of variance, score ~ system + topic (R's summary(aov(...))); the residual mean " +
               "square is the variance Tukey's HSD and the ANOVA effect size (difference over its square root) use.";
  return table;
}

FieldList step_fields(const ReportStep& step) {
  FieldList fields;
  if (step.shape == StepShape::dataset) {
    for (const auto* field : step.extras) {
      const auto& value = field->value();
      fields.emplace_back(card_label(field->key()),
                          value.is_int64() ? with_thousands(value.get_int64()) : value_text(value));
    }
    return fields;
  }
  for (const auto* field : step.extras) {
    const std::string key(field->key());
    if (key == "queries") {
      if (auto sentence = queries_sentence(field->value())) {
        fields.emplace_back(key, *sentence);
        continue;
      }
    } else if (key == "discriminative_power") {
      if (auto sentence = power_sentence(field->value())) {
        fields.emplace_back("discriminative power", *sentence);
        continue;
      }
    } else if (key == "family_systems" && field->value().is_array()) {
      std::string names;
      for (const auto& name : field->value().get_array()) names += (names.empty() ? "" : ", ") + value_text(name);
      fields.emplace_back(key, names);
      continue;
    }
    add_field(fields, key, field->value());
  }
  if (step.other_result != nullptr) add_field(fields, "result", *step.other_result);
  return fields;
}

std::string step_status_text(const ReportStep& step) {
  switch (step.shape) {
    case StepShape::failed:
      return "failed" + (step.error_status.empty() ? std::string() : " [" + step.error_status + "]") + ": " +
             (step.error_message.empty() ? std::string("no message") : step.error_message) +
             (step.error_hint.empty() ? std::string() : " (hint: " + step.error_hint + ")");
    case StepShape::skipped:
      return "skipped after an earlier failure";
    case StepShape::pending:
      return "not run: the run ended before this step";
    default:
      return step.status;
  }
}

std::string step_title(const ReportStep& step) {
  if (step.component.empty() || step.component == step.id) return step.id;
  return step.id + " (" + step.component + ")";
}

FieldList provenance_fields(const ReportModel& model) {
  FieldList fields;
  for (const auto& field : *model.provenance) {
    if (field.key() == "inputs") continue;
    const auto& value = field.value();
    if (value.is_object()) {
      // config: {path, sha256} reads better as two lines.
      for (const auto& inner : value.get_object()) {
        add_field(fields, std::string(field.key()) + " " + std::string(inner.key()), inner.value());
      }
      if (value.get_object().empty()) fields.emplace_back(std::string(field.key()), "{}");
    } else {
      add_field(fields, std::string(field.key()), value);
    }
  }
  return fields;
}

TableView inputs_table(const ReportModel& model) {
  TableView table;
  const auto* inputs = model.provenance->if_contains("inputs");
  if (inputs == nullptr || !inputs->is_array()) return table;
  // Every field any entry has, in order of first appearance: entries gain
  // fields (a system's key, folders) without the report changing.
  for (const auto& entry : inputs->get_array()) {
    if (!entry.is_object()) continue;
    for (const auto& field : entry.get_object()) {
      if (std::find(table.header.begin(), table.header.end(), field.key()) == table.header.end()) {
        table.header.emplace_back(field.key());
      }
    }
  }
  table.numeric.assign(table.header.size(), false);
  for (const auto& entry : inputs->get_array()) {
    std::vector<TableCell> row;
    for (const auto& column : table.header) {
      const auto* value = entry.is_object() ? entry.get_object().if_contains(column) : nullptr;
      row.push_back(TableCell{value ? value_text(*value) : std::string()});
    }
    if (!entry.is_object()) row.front().text = value_text(entry);
    table.rows.push_back(std::move(row));
  }
  return table;
}

TableView modules_table(const ReportModel& model) {
  TableView table;
  table.header = {"step", "module", "version", "file"};
  table.numeric.assign(4, false);
  for (const auto& step : model.steps) {
    if (step.module_name.empty()) continue;
    table.rows.push_back({TableCell{step.id}, TableCell{step.module_name}, TableCell{step.module_version},
                          TableCell{step.module_file}});
  }
  return table;
}

}  // namespace grk::host
