#include "report/model.hpp"

#include <boost/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cstdint>
#include <initializer_list>
#include <utility>

#include <grk/eval/regular_file.hpp>
#include <grk/json/reader.hpp>
#include <grk/version.h>

#include "report/measure_names.hpp"
#include "support/join.hpp"

namespace grk::host {
namespace {

const boost::json::value* member(const boost::json::object& object, std::initializer_list<const char*> names) {
  for (const char* name : names) {
    if (const auto* found = object.if_contains(name)) return found;
  }
  return nullptr;
}

std::optional<std::string> text_of(const boost::json::object& object, std::initializer_list<const char*> names) {
  const auto* value = member(object, names);
  if (value == nullptr || !value->is_string()) return std::nullopt;
  return std::string(value->get_string());
}

std::optional<double> number_of(const boost::json::value* value) {
  if (value == nullptr) return std::nullopt;
  if (value->is_double()) return value->get_double();
  if (value->is_int64()) return static_cast<double>(value->get_int64());
  if (value->is_uint64()) return static_cast<double>(value->get_uint64());
  return std::nullopt;
}

std::optional<double> number_of(const boost::json::object& object, std::initializer_list<const char*> names) {
  return number_of(member(object, names));
}

std::optional<long long> count_of(const boost::json::object& object, const char* name) {
  const auto* value = object.if_contains(name);
  if (value == nullptr) return std::nullopt;
  if (value->is_int64()) return value->get_int64();
  // A document built in memory (run --report) holds sizes as unsigned.
  if (value->is_uint64() && value->get_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return static_cast<long long>(value->get_uint64());
  }
  return std::nullopt;
}

// The comparison record's fields (docs/design.md §4.10), with the names
// groundkit's BootstrapResult and older tools give the same quantities.
const std::initializer_list<const char*> baseline_names{"baseline", "baseline_name"};
const std::initializer_list<const char*> candidate_names{"candidate", "candidate_name"};
const std::initializer_list<const char*> effect_names{"effect", "mean_delta"};
const std::initializer_list<const char*> low_names{"confidence_interval_low", "confidence_low"};
const std::initializer_list<const char*> high_names{"confidence_interval_high", "confidence_high"};
const std::initializer_list<const char*> p_names{"p_value_two_sided", "p_value"};

/// Fields a comparison table shows; the others of a lone record are shown
/// with its step.
bool shown_in_table(std::string_view key) {
  static const char* const shown[] = {
      "baseline", "baseline_name", "candidate", "candidate_name", "metric", "test", "baseline_mean",
      "candidate_mean", "effect", "mean_delta", "confidence_interval_low", "confidence_low",
      "confidence_interval_high", "confidence_high", "p_value_two_sided", "p_value", "p_value_adjusted",
      "effect_size", "wins", "ties", "losses", "alpha", "significant", "per_query_deltas"};
  return std::any_of(std::begin(shown), std::end(shown), [&](const char* name) { return key == name; });
}

/// Detected by its fields, never by the component's name, so that a
/// third-party statistic's records render too.
bool is_comparison_record(const boost::json::value& value) {
  if (!value.is_object()) return false;
  const auto& object = value.get_object();
  return text_of(object, baseline_names) && text_of(object, candidate_names) && text_of(object, {"metric"}) &&
         number_of(object, effect_names);
}

bool is_comparison_family(const boost::json::object& result) {
  const auto* list = result.if_contains("comparisons");
  if (list == nullptr || !list->is_array() || list->get_array().empty()) return false;
  const auto& records = list->get_array();
  return std::all_of(records.begin(), records.end(), [](const auto& record) { return is_comparison_record(record); });
}

/// evaluate's and trec-eval's shape, detected by its fields: `measures`, a
/// list of names, and `systems`, each with a `summary` object.
bool is_score_table(const boost::json::object& result) {
  const auto* measures = result.if_contains("measures");
  const auto* systems = result.if_contains("systems");
  if (measures == nullptr || !measures->is_array() || systems == nullptr || !systems->is_object()) return false;
  if (systems->get_object().empty()) return false;
  const auto& names = measures->get_array();
  if (!std::all_of(names.begin(), names.end(), [](const auto& name) { return name.is_string(); })) return false;
  return std::all_of(systems->get_object().begin(), systems->get_object().end(), [](const auto& system) {
    const auto* summary = system.value().is_object() ? system.value().get_object().if_contains("summary") : nullptr;
    return summary != nullptr && summary->is_object();
  });
}

ScoreTable score_table_of(const boost::json::object& result, std::size_t step) {
  ScoreTable table;
  table.step = step;
  for (const auto& name : result.at("measures").get_array()) table.measures.emplace_back(name.get_string());
  table.measure_keys = table.measures;
  const auto* twins = result.if_contains("ir_measures_names");
  for (const auto& measure : table.measures) {
    const auto* twin = twins != nullptr && twins->is_object() ? twins->get_object().if_contains(measure) : nullptr;
    table.ir_measures_names.emplace_back(twin != nullptr && twin->is_string() ? std::string(twin->get_string())
                                                                              : std::string());
  }
  for (const auto& [system, value] : result.at("systems").get_object()) {
    const auto& fields = value.get_object();
    const auto& summary = fields.at("summary").get_object();
    table.systems.emplace_back(system);
    std::vector<std::optional<double>> row;
    for (const auto& measure : table.measures) row.push_back(number_of(summary.if_contains(measure)));
    table.means.push_back(std::move(row));
    const auto* per_query = fields.if_contains("per_query");
    table.per_query.push_back(per_query && per_query->is_object() ? &per_query->get_object() : nullptr);
    const auto* queries = fields.if_contains("queries");
    if (queries == nullptr || !queries->is_object()) continue;
    if (!table.queries) table.queries = count_of(queries->get_object(), "qrels");
    const auto* missing = queries->get_object().if_contains("missing");
    if (missing == nullptr || !missing->is_array() || missing->get_array().empty()) continue;
    std::vector<std::string> lacking;
    for (const auto& qid : missing->get_array()) {
      if (qid.is_string()) lacking.emplace_back(qid.get_string());
    }
    table.missing.emplace_back(system, std::move(lacking));
  }
  if (const auto shared = count_of(result, "shared_queries")) {
    table.queries = shared;
    table.shared = true;
  }
  return table;
}

Comparison comparison_of(const boost::json::object& record, std::size_t step, const std::string& component,
                         const boost::json::object* family) {
  Comparison c;
  c.step = step;
  c.record = &record;
  c.baseline = *text_of(record, baseline_names);
  c.candidate = *text_of(record, candidate_names);
  c.metric = *text_of(record, {"metric"});
  c.test = text_of(record, {"test"}).value_or(family ? text_of(*family, {"test"}).value_or(component) : component);
  c.correction = family ? text_of(*family, {"correction"}).value_or("none") : "none";
  if (family) {
    // A family written before `family` existed corrected all its records together.
    c.family = text_of(*family, {"family"}).value_or("all");
    c.family_size = count_of(*family, "family_size");
    if (const auto* systems = family->if_contains("family_systems"); systems && systems->is_array()) {
      c.family_systems = static_cast<long long>(systems->get_array().size());
    }
  }
  c.baseline_mean = number_of(record, {"baseline_mean"});
  c.candidate_mean = number_of(record, {"candidate_mean"});
  c.effect = number_of(record, effect_names);
  c.interval_low = number_of(record, low_names);
  c.interval_high = number_of(record, high_names);
  c.confidence_level = number_of(record, {"confidence_level"});
  if (!c.confidence_level && family) c.confidence_level = number_of(*family, {"confidence_level"});
  c.p_value = number_of(record, p_names);
  c.p_value_adjusted = number_of(record, {"p_value_adjusted"});
  c.effect_size = number_of(record, {"effect_size"});
  c.alpha = number_of(record, {"alpha"});
  if (!c.alpha && family) c.alpha = number_of(*family, {"alpha"});
  c.wins = count_of(record, "wins");
  c.ties = count_of(record, "ties");
  c.losses = count_of(record, "losses");
  if (const auto* significant = record.if_contains("significant"); significant && significant->is_bool()) {
    c.significant = significant->get_bool();
  }
  if (const auto* deltas = record.if_contains("per_query_deltas"); deltas && deltas->is_object()) {
    for (const auto& entry : deltas->get_object()) {
      if (const auto delta = number_of(&entry.value())) c.per_query_deltas.emplace_back(entry.key(), *delta);
    }
  }
  return c;
}

Unexpected<HostError> not_a_document(const std::string& label, const std::string& why) {
  return usage_error(label + ": not a results document of grk-eval run: " + why);
}

std::string text_or_empty(const boost::json::object& object, const char* name) {
  return text_of(object, {name}).value_or("");
}

}  // namespace

std::vector<std::string> ReportModel::metrics() const {
  std::vector<std::string> names;
  for (const auto& c : comparisons) {
    if (std::find(names.begin(), names.end(), c.metric) == names.end()) names.push_back(c.metric);
  }
  return names;
}

std::vector<std::string> ReportModel::tabled_metrics() const {
  return scores_only ? std::vector<std::string>() : metrics();
}

std::vector<const Comparison*> ReportModel::of_metric(const std::string& metric) const {
  std::vector<const Comparison*> rows;
  for (const auto& c : comparisons) {
    if (c.metric == metric) rows.push_back(&c);
  }
  return rows;
}

const Comparison* ReportModel::comparison_between(const std::string& one, const std::string& other,
                                                   const std::string& metric) const {
  for (const auto& c : comparisons) {
    if (c.metric != metric) continue;
    if ((c.baseline == one && c.candidate == other) || (c.baseline == other && c.candidate == one)) return &c;
  }
  return nullptr;
}

std::vector<const AnovaTable*> ReportModel::anovas_of(const std::string& metric) const {
  std::vector<const AnovaTable*> tables;
  for (const auto& table : anovas) {
    if (table.metric == metric) tables.push_back(&table);
  }
  return tables;
}

std::string comparison_label(const Comparison& comparison) {
  return comparison.candidate + " vs " + comparison.baseline;
}

Expected<ReportModel, HostError> model_of(boost::json::value value, const std::string& label) {
  ReportModel model;
  model.document = std::make_shared<const boost::json::value>(std::move(value));
  const auto& document = *model.document;
  if (!document.is_object()) return not_a_document(label, "expected a JSON object with \"steps\" and \"provenance\"");
  const auto& root = document.get_object();
  const auto* steps = root.if_contains("steps");
  const auto* provenance = root.if_contains("provenance");
  if (steps == nullptr || !steps->is_array() || provenance == nullptr || !provenance->is_object()) {
    return not_a_document(label, "expected a JSON object with \"steps\" and \"provenance\"");
  }
  model.provenance = &provenance->get_object();
  // The document's version is the host version that wrote it (docs/design.md §4.8).
  const auto version = text_of(*model.provenance, {"host_version"});
  if (!version) return not_a_document(label, "its provenance has no host_version");
  const std::string major = version->substr(0, version->find('.'));
  if (major != std::to_string(GRK_SDK_VERSION_MAJOR)) {
    return usage_error(label + ": results document version " + *version +
                       " (provenance.host_version) is not one this grk-eval reads; grk-eval " +
                       GRK_SDK_VERSION_STRING + " reads versions " + std::to_string(GRK_SDK_VERSION_MAJOR) + ".x");
  }
  std::size_t index = 0;
  for (const auto& item : steps->get_array()) {
    const std::string where = "steps[" + std::to_string(index) + "]";
    if (!item.is_object()) return not_a_document(label, where + ": expected a step object");
    const auto& object = item.get_object();
    ReportStep step;
    step.id = text_or_empty(object, "id");
    step.status = text_or_empty(object, "status");
    if (step.id.empty() || step.status.empty()) {
      return not_a_document(label, where + ": a step needs a string \"id\" and \"status\"");
    }
    step.component = text_or_empty(object, "component");
    step.kind = text_or_empty(object, "kind");
    if (const auto* module = object.if_contains("module"); module && module->is_object()) {
      step.module_name = text_or_empty(module->get_object(), "name");
      step.module_version = text_or_empty(module->get_object(), "version");
      step.module_file = text_or_empty(module->get_object(), "file");
    }
    const auto* result = object.if_contains("result");
    const auto state = value_of(step_state_names, step.status);
    if (state == StepState::skipped) {
      step.shape = StepShape::skipped;
    } else if (state == StepState::pending) {
      step.shape = StepShape::pending;
    } else if (result == nullptr) {
      step.shape = StepShape::failed;
      if (const auto* error = object.if_contains("error"); error && error->is_object()) {
        step.error_status = text_or_empty(error->get_object(), "status");
        step.error_message = text_or_empty(error->get_object(), "message");
        step.error_hint = text_or_empty(error->get_object(), "hint");
      }
    } else if (!result->is_object()) {
      step.shape = StepShape::other;
      step.other_result = result;
    } else {
      step.result = &result->get_object();
      if (is_comparison_record(*result)) {
        step.shape = StepShape::comparisons;
        model.comparisons.push_back(comparison_of(*step.result, index, step.component, nullptr));
        for (const auto& field : *step.result) {
          if (!shown_in_table(field.key())) step.extras.push_back(&field);
        }
      } else if (is_comparison_family(*step.result)) {
        step.shape = StepShape::comparisons;
        for (const auto& record : step.result->at("comparisons").get_array()) {
          model.comparisons.push_back(comparison_of(record.get_object(), index, step.component, step.result));
        }
        // The ANOVA tables are drawn beside their metric's comparisons.
        const auto* anova = step.result->if_contains("anova");
        if (anova && anova->is_object()) {
          for (const auto& metric : anova->get_object()) {
            if (metric.value().is_object()) model.anovas.push_back({index, metric.key(), &metric.value().get_object()});
          }
        }
        for (const auto& field : *step.result) {
          const bool drawn = field.key() == "comparisons" || (field.key() == "anova" && field.value().is_object());
          if (!drawn) step.extras.push_back(&field);
        }
      } else if (is_score_table(*step.result)) {
        step.shape = StepShape::scores;
        model.score_tables.push_back(score_table_of(*step.result, index));
      } else {
        step.shape = step.kind == "dataset-adapter" ? StepShape::dataset : StepShape::other;
        for (const auto& field : *step.result) step.extras.push_back(&field);
      }
    }
    model.steps.push_back(std::move(step));
    ++index;
  }
  return model;
}

Expected<ReportModel, HostError> read_results_document(const std::string& file) {
  const eval::OpenedFile opened = eval::open_regular_file(file.c_str());
  if (opened.special != nullptr) return usage_error(file + ": " + opened.special + ", not a results document");
  if (opened.fd < 0 && (opened.error == ENOENT || opened.error == ENOTDIR)) {
    return usage_error(file + ": no such results document");
  }
  if (opened.fd < 0) return usage_error(file + ": cannot read the results document: " + std::strerror(opened.error));
  // Read up to a bound, on the descriptor checked: no file can make the report take unbounded memory.
  std::string bytes;
  char block[1 << 16];
  int error = 0;
  bool too_large = false;
  for (;;) {
    const ssize_t got = ::read(opened.fd, block, sizeof block);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) error = errno;
    too_large = got > 0 && bytes.size() + static_cast<std::size_t>(got) > largest_results_document;
    if (got <= 0 || too_large) break;
    bytes.append(block, static_cast<std::size_t>(got));
  }
  ::close(opened.fd);
  if (error != 0) return usage_error(file + ": cannot read the results document: " + std::strerror(error));
  if (too_large) {
    return usage_error(file + ": larger than " + std::to_string(largest_results_document >> 20) +
                       " MiB, more than a results document grk-eval reads");
  }
  auto value = json::read(bytes);
  if (!value) {
    return not_a_document(file, invalid_json(value.error()));
  }
  auto model = model_of(std::move(*value), file);
  if (model) {
    const auto slash = file.find_last_of('/');
    model->source_name = slash == std::string::npos ? file : file.substr(slash + 1);
  }
  return model;
}

Expected<void, HostError> keep_metrics(ReportModel& model, const std::vector<std::string>& metrics) {
  if (metrics.empty()) return {};
  std::vector<std::string> present = model.metrics();
  for (const auto& table : model.score_tables) {
    for (const auto& key : table.measure_keys) {
      if (std::find(present.begin(), present.end(), key) == present.end()) present.push_back(key);
    }
  }
  // A document's name and a written one are the same measure when they
  // share a name: itself or one the language gives it (`ndcg_cut.10` and
  // `nDCG@10` share `ndcg_cut_10`); a name outside the language (groundkit's
  // `mrr`) has only itself.
  const auto names_of = [](const std::string& name, Expected<std::vector<std::string>> known) {
    std::vector<std::string> names = known ? std::move(*known) : std::vector<std::string>();
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    return names;
  };
  std::vector<std::vector<std::string>> present_names;
  for (const auto& name : present) present_names.push_back(names_of(name, document_names(name)));
  std::vector<std::string> kept;
  for (const auto& metric : metrics) {
    auto known = document_names(metric);
    if (!known && std::find(present.begin(), present.end(), metric) == present.end()) {
      return usage_error("--metric " + metric + ": " + known.error().message);
    }
    const std::vector<std::string> written = names_of(metric, std::move(known));
    const auto before = kept.size();
    for (std::size_t p = 0; p < present.size(); ++p) {
      const auto& theirs = present_names[p];
      if (std::any_of(written.begin(), written.end(), [&](const std::string& name) {
            return std::find(theirs.begin(), theirs.end(), name) != theirs.end();
          })) {
        kept.push_back(present[p]);
      }
    }
    if (kept.size() == before) {
      return usage_error("--metric " + metric + ": no comparison or score table has this measure; the report's: " +
                         (present.empty() ? std::string("none") : join(present, ", ")));
    }
  }
  const auto dropped = [&kept](const std::string& name) {
    return std::find(kept.begin(), kept.end(), name) == kept.end();
  };
  model.comparisons.erase(std::remove_if(model.comparisons.begin(), model.comparisons.end(),
                                         [&](const Comparison& c) { return dropped(c.metric); }),
                          model.comparisons.end());
  model.anovas.erase(std::remove_if(model.anovas.begin(), model.anovas.end(),
                                    [&](const AnovaTable& table) { return dropped(table.metric); }),
                     model.anovas.end());
  for (auto& table : model.score_tables) {
    for (std::size_t m = table.measure_keys.size(); m-- > 0;) {
      if (!dropped(table.measure_keys[m])) continue;
      table.measures.erase(table.measures.begin() + static_cast<std::ptrdiff_t>(m));
      table.measure_keys.erase(table.measure_keys.begin() + static_cast<std::ptrdiff_t>(m));
      for (auto& means : table.means) means.erase(means.begin() + static_cast<std::ptrdiff_t>(m));
    }
  }
  model.score_tables.erase(std::remove_if(model.score_tables.begin(), model.score_tables.end(),
                                          [](const ScoreTable& table) { return table.measures.empty(); }),
                           model.score_tables.end());
  return {};
}

ReportModel with_ir_measures_names(ReportModel model) {
  for (auto& table : model.score_tables) {
    for (std::size_t m = 0; m < table.measures.size(); ++m) {
      const std::string& twin = table.ir_measures_names[m];
      if (twin.empty() || table.measures[m] != table.measure_keys[m] ||
          std::find(table.measures.begin(), table.measures.end(), twin) != table.measures.end()) {
        continue;
      }
      for (auto& c : model.comparisons) {
        if (c.metric == table.measures[m]) c.metric = twin;
      }
      for (auto& anova : model.anovas) {
        if (anova.metric == table.measures[m]) anova.metric = twin;
      }
      table.measures[m] = twin;
    }
  }
  return model;
}

Expected<void, HostError> rename_names(ReportModel& model, const std::vector<std::string>& renames) {
  std::vector<std::string> known;
  const auto know = [&known](const std::string& name) {
    if (std::find(known.begin(), known.end(), name) == known.end()) known.push_back(name);
  };
  for (const auto& table : model.score_tables) {
    for (const auto& system : table.systems) know(system);
    for (const auto& measure : table.measures) know(measure);
  }
  for (const auto& c : model.comparisons) {
    know(c.baseline);
    know(c.candidate);
    know(c.metric);
  }
  for (const auto& rename : renames) {
    const auto eq = rename.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == rename.size()) {
      return usage_error("--rename " + rename + ": expected OLD=NEW, a system's or a measure's name and its new one");
    }
    const std::string old_name = rename.substr(0, eq), new_name = rename.substr(eq + 1);
    if (std::find(known.begin(), known.end(), old_name) == known.end()) {
      return usage_error("--rename " + rename + ": no system or measure is named '" + old_name + "'; the names: " +
                         (known.empty() ? std::string("none") : join(known, ", ")));
    }
    const auto renamed = [&](std::string& name) {
      if (name == old_name) name = new_name;
    };
    for (auto& table : model.score_tables) {
      for (auto& system : table.systems) renamed(system);
      for (auto& measure : table.measures) renamed(measure);
      for (auto& missing : table.missing) renamed(missing.first);
    }
    for (auto& c : model.comparisons) {
      renamed(c.baseline);
      renamed(c.candidate);
      renamed(c.metric);
    }
    for (auto& anova : model.anovas) renamed(anova.metric);
  }
  return {};
}

}  // namespace grk::host
