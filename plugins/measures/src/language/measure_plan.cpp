#include "language/measure_plan.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "catalog/measure_catalog.hpp"

namespace grk::measures {

namespace {

// A measure of trec_eval's family named in ir_measures' words, as trec_eval's
// `-m` entry and the options it is computed with.
struct TrecEquivalent {
  std::string entry;
  long relevance_level = 1;
  bool judged_only = false;
  std::vector<std::pair<long, long>> gains;
};

std::string cutoff_text(const IrMeasure& measure) { return python_repr(*measure.cutoff); }

TrecEquivalent trec_equivalent(const IrMeasure& measure) {
  const std::string_view name = measure.definition->name;
  TrecEquivalent out;
  out.relevance_level = static_cast<long>(measure.number("rel", 1));
  out.judged_only = measure.number("judged_only", 0) != 0;
  const bool cut = measure.cutoff.has_value();
  if (name == "P") out.entry = "P." + cutoff_text(measure);
  if (name == "R") out.entry = "recall." + cutoff_text(measure);
  if (name == "AP") out.entry = cut ? "map_cut." + cutoff_text(measure) : "map";
  if (name == "RR") out.entry = "recip_rank";
  if (name == "nDCG") {
    out.entry = cut ? "ndcg_cut." + cutoff_text(measure) : "ndcg";
    if (const Literal* gains = measure.value("gains")) out.gains = gains->mapping;
  }
  if (name == "Rprec") out.entry = "Rprec";
  if (name == "Bpref") out.entry = "bpref";
  if (name == "infAP") out.entry = "infAP";
  if (name == "IPrec") out.entry = "iprec_at_recall." + cutoff_text(measure);
  if (name == "Success") out.entry = "success." + cutoff_text(measure);
  if (name == "SetP") out.entry = measure.number("relative", 0) != 0 ? "set_relative_P" : "set_P";
  if (name == "SetR") out.entry = "set_recall";
  if (name == "SetF") {
    const Literal* beta = measure.value("beta");
    out.entry = beta->number == 1.0 ? "set_F" : "set_F." + python_repr(*beta);
  }
  if (name == "SetAP") out.entry = "set_map";
  if (name == "NumQ") out.entry = "num_q";
  if (name == "NumRet") out.entry = measure.value("rel") != nullptr ? "num_rel_ret" : "num_ret";
  if (name == "NumRel") out.entry = "num_rel";
  return out;
}

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The known names closest to the name `entry` starts with: at most three.
std::string closest_names(std::string_view entry) {
  std::size_t end = 0;
  while (end < entry.size() && entry[end] != '(' && entry[end] != '@' && entry[end] != '.') ++end;
  const std::string wanted = lowered(entry.substr(0, end));
  std::vector<std::pair<std::size_t, std::string>> ranked;
  std::vector<std::string> seen;  // a name once, whatever its case: nDCG, not NDCG and ndcg too
  for (const auto& name : known_measure_names()) {
    const std::string key = lowered(name);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    const std::size_t distance = edit_distance(wanted, key);
    if (distance <= std::max<std::size_t>(2, wanted.size() / 3)) ranked.emplace_back(distance, name);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string text;
  for (std::size_t i = 0; i < ranked.size() && i < 3; ++i) text += (i == 0 ? "" : ", ") + ranked[i].second;
  return text.empty() ? "" : " (closest: " + text + ")";
}

class Planner {
 public:
  explicit Planner(const EvaluationOptions& options) : options_(options) {}

  void add(const std::string& entry) {
    if (entry.empty()) return refuse(entry, "an empty name");
    if (auto measure = ir_measure(entry)) return add_ir(std::move(*measure));
    if (looks_like_ir_measures(entry) || !ir_error_.empty()) {
      if (!looks_like_ir_measures(entry) && trec_entry(entry)) return;
      return refuse(entry, ir_error_);
    }
    if (trec_entry(entry)) return;
    if (const auto printed_by = entry_printing(entry)) {
      add_trec_output(entry, *printed_by);
      return;
    }
    refuse(entry, "unknown measure" + closest_names(entry));
  }

  Expected<MeasurePlan> finish() {
    if (!problems_.empty()) {
      std::string message;
      for (const auto& problem : problems_) message += (message.empty() ? "" : "; ") + problem;
      return fail(Status::invalid_argument, message);
    }
    GRK_TRY_VOID(add_trec_entries());
    return std::move(plan_);
  }

 private:
  void refuse(const std::string& entry, const std::string& why) {
    problems_.push_back("measure '" + entry + "': " + why);
  }

  // The entry as an ir_measures name, or nothing (ir_error_ says why, when it was one).
  std::optional<IrMeasure> ir_measure(const std::string& entry) {
    ir_error_.clear();
    auto written = parse_written_measure(entry);
    if (!written) {
      if (looks_like_ir_measures(entry)) ir_error_ = written.error().message;
      return std::nullopt;
    }
    if (written->name == "NumRelRet") {  // ir_measures' alias of NumRet(rel=1)
      written->name = "NumRet";
      if (std::none_of(written->params.begin(), written->params.end(), [](const auto& p) { return p.first == "rel"; })) {
        written->params.emplace_back("rel", Literal{Literal::Kind::integer, 1.0, {}, {}});
      }
    }
    const IrMeasureDefinition* definition = find_ir_measure(written->name);
    if (definition == nullptr) {
      if (looks_like_ir_measures(entry)) ir_error_ = "unknown measure '" + written->name + "'" + closest_names(entry);
      return std::nullopt;
    }
    auto measure = resolve_ir_measure(*definition, *written);
    if (!measure) {
      ir_error_ = measure.error().message;
      return std::nullopt;
    }
    return std::move(*measure);
  }

  bool named_already(const std::string& name) const {
    return std::any_of(plan_.measures.begin(), plan_.measures.end(),
                       [&](const PlannedMeasure& planned) { return planned.name == name; });
  }

  void add_ir(IrMeasure measure) {
    if (named_already(measure.printed)) return;
    PlannedMeasure planned;
    planned.name = measure.printed;
    planned.family = measure.family;
    if (measure.family == Family::trec_eval) {
      const TrecEquivalent equivalent = trec_equivalent(measure);
      // rel= is trec_eval's -l, within the same bounds.
      const auto level = relevance_level_of(equivalent.relevance_level);
      if (!level) return refuse(measure.printed, "rel: " + level.error().message);
      EvaluationOptions options;
      options.relevance_level = *level;
      options.judged_only = equivalent.judged_only;
      auto requested = request_measures({equivalent.entry});
      if (!requested) return refuse(measure.printed, requested.error().message);
      RequestedMeasure one = std::move(requested->front());
      one.names = {measure.printed};
      place(planned, group_for(options, equivalent.gains), std::move(one));
    }
    planned.measure = std::move(measure);
    plan_.measures.push_back(std::move(planned));
  }

  bool trec_entry(const std::string& entry) {
    if (!request_measures({entry})) return false;
    if (first_trec_ == npos) first_trec_ = plan_.measures.size();
    trec_entries_.push_back(entry);
    return true;
  }

  void add_trec_output(const std::string& name, const std::string& entry) {
    if (named_already(name)) return;
    auto requested = request_measures({entry});
    PlannedMeasure planned;
    planned.name = name;
    planned.dialect = Dialect::trec_eval;
    place(planned, group_for(options_, {}), std::move(requested->front()));
    plan_.measures.push_back(std::move(planned));
  }

  // The `-m` entries, merged as trec_eval merges them, put where the first was named.
  Expected<void> add_trec_entries() {
    if (trec_entries_.empty()) return {};
    GRK_TRY(auto requested, request_measures(trec_entries_));
    std::vector<PlannedMeasure> planned_here;
    const std::size_t group = group_for(options_, {});
    for (auto& measure : requested) {
      const Summary summary = measure.definition->summary;
      if (summary == Summary::run_id || summary == Summary::none) continue;  // runid, relstring: no number
      const auto names = measure.names;
      for (std::size_t k = 0; k < names.size(); ++k) {
        if (named_already(names[k])) continue;
        PlannedMeasure planned;
        planned.name = names[k];
        planned.dialect = Dialect::trec_eval;
        planned.group = group;
        planned.measure_index = plan_.groups[group].measures.size();
        planned.value_index = k;
        planned_here.push_back(std::move(planned));
      }
      plan_.groups[group].measures.push_back(std::move(measure));
    }
    plan_.measures.insert(plan_.measures.begin() + static_cast<std::ptrdiff_t>(first_trec_),
                          std::make_move_iterator(planned_here.begin()), std::make_move_iterator(planned_here.end()));
    return {};
  }

  std::size_t group_for(EvaluationOptions options, const std::vector<std::pair<long, long>>& gains) {
    options.ignore_identical_ids = options_.ignore_identical_ids;  // the step's, for every group
    for (std::size_t g = 0; g < plan_.groups.size(); ++g) {
      const auto& other = plan_.groups[g];
      if (other.gains == gains && other.options.relevance_level == options.relevance_level &&
          other.options.judged_only == options.judged_only && other.options.complete == options.complete &&
          other.options.max_results == options.max_results &&
          other.options.ignore_identical_ids == options.ignore_identical_ids) {
        return g;
      }
    }
    TrecGroup group;
    group.options = options;
    group.gains = gains;
    plan_.groups.push_back(std::move(group));
    return plan_.groups.size() - 1;
  }

  void place(PlannedMeasure& planned, std::size_t group, RequestedMeasure measure) {
    planned.group = group;
    planned.measure_index = plan_.groups[group].measures.size();
    planned.value_index = 0;
    plan_.groups[group].measures.push_back(std::move(measure));
  }

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  EvaluationOptions options_;
  MeasurePlan plan_;
  std::vector<std::string> problems_;
  std::vector<std::string> trec_entries_;
  std::size_t first_trec_ = npos;
  std::string ir_error_;
};

}  // namespace

std::optional<std::string> entry_printing(const std::string& output_name) {
  const auto prints_it = [&](const std::string& entry) {
    auto requested = request_measures({entry});
    if (!requested || requested->size() != 1) return false;
    const auto& names = requested->front().names;
    return std::find(names.begin(), names.end(), output_name) != names.end();
  };
  if (prints_it(output_name)) return output_name;  // `map`, `set_F`
  // `ndcg_cut_10` is `ndcg_cut.10` (not `ndcg.cut_10`): the longest name first.
  std::vector<std::string_view> bases;
  for (const auto& definition : measure_catalog()) {
    const std::string_view name = definition.name;
    if (output_name.size() > name.size() + 1 && output_name.compare(0, name.size(), name) == 0 &&
        output_name[name.size()] == '_') {
      bases.push_back(name);
    }
  }
  std::sort(bases.begin(), bases.end(), [](std::string_view a, std::string_view b) { return a.size() > b.size(); });
  for (const std::string_view base : bases) {
    const std::string entry = std::string(base) + "." + output_name.substr(base.size() + 1);
    if (prints_it(entry)) return entry;
  }
  return std::nullopt;
}

std::optional<std::string> ir_measures_twin(const std::string& output_name, const EvaluationOptions& options,
                                            bool intersect) {
  if (options.release != TrecEvalRelease::v10_0 || options.max_results != EvaluationOptions{}.max_results ||
      !(options.complete || intersect)) {
    return std::nullopt;
  }
  const auto entry = entry_printing(output_name);
  if (!entry) return std::nullopt;
  // The candidate is only a guess, made from the measure's trec_eval name;
  // it is kept only if the language maps it back to this very name below.
  // num_q and num_rel have none: under `complete` their sums count the
  // queries a run lacks, where NumQ's and NumRel's count them 0.
  struct Twin {
    std::string_view trec_eval, ir_measures, fixed;
    bool suffix_is_cutoff;
  };
  static constexpr Twin twins[] = {
      {"P", "P", "", true},           {"recall", "R", "", true},          {"map", "AP", "", false},
      {"map_cut", "AP", "", true},    {"recip_rank", "RR", "", false},    {"ndcg", "nDCG", "", false},
      {"ndcg_cut", "nDCG", "", true}, {"Rprec", "Rprec", "", false},      {"bpref", "Bpref", "", false},
      {"infAP", "infAP", "", false},  {"iprec_at_recall", "IPrec", "", true}, {"success", "Success", "", true},
      {"set_P", "SetP", "", false},   {"set_relative_P", "SetP", "relative=True", false},
      {"set_recall", "SetR", "", false}, {"set_F", "SetF", "", false}, {"set_map", "SetAP", "", false},
      {"num_ret", "NumRet", "", false}, {"num_rel_ret", "NumRet", "", false},
  };
  const std::size_t dot = entry->find('.');
  const std::string stem = entry->substr(0, dot);
  const std::string suffix = dot == std::string::npos ? "" : entry->substr(dot + 1);
  const Twin* twin = nullptr;
  for (const Twin& candidate : twins) {
    if (candidate.trec_eval == stem) twin = &candidate;
  }
  if (twin == nullptr) return std::nullopt;
  std::vector<std::string> params;
  if (!twin->fixed.empty()) params.emplace_back(twin->fixed);
  if (stem == "set_F" && !suffix.empty()) params.push_back("beta=" + suffix);
  if (options.relevance_level != 1 || stem == "num_rel_ret") {
    params.push_back("rel=" + std::to_string(options.relevance_level));
  }
  if (options.judged_only) params.emplace_back("judged_only=True");
  std::string written(twin->ir_measures);
  if (!params.empty()) {
    written += "(";
    for (std::size_t i = 0; i < params.size(); ++i) written += (i == 0 ? "" : ",") + params[i];
    written += ")";
  }
  if (twin->suffix_is_cutoff) written += "@" + suffix;
  const auto plan = plan_measures({written}, EvaluationOptions{});
  if (!plan || plan->measures.size() != 1 || plan->measures.front().dialect != Dialect::ir_measures ||
      plan->measures.front().family != Family::trec_eval) {
    return std::nullopt;
  }
  const PlannedMeasure& planned = plan->measures.front();
  const TrecEquivalent equivalent = trec_equivalent(planned.measure);
  const auto requested = request_measures({equivalent.entry});
  if (!requested || requested->size() != 1 || equivalent.relevance_level != options.relevance_level ||
      equivalent.judged_only != options.judged_only || !equivalent.gains.empty()) {
    return std::nullopt;
  }
  const auto& names = requested->front().names;
  if (std::find(names.begin(), names.end(), output_name) == names.end()) return std::nullopt;
  return planned.name;
}

std::vector<std::string> known_measure_names() {
  std::vector<std::string> names;
  for (const auto& definition : ir_measures_catalog()) {
    names.emplace_back(definition.name);
    for (std::string_view alias : definition.aliases) names.emplace_back(alias);
  }
  names.emplace_back("NumRelRet");
  for (const auto& definition : measure_catalog()) names.emplace_back(definition.name);
  for (const auto& set : measure_sets()) names.emplace_back(set.name);
  return names;
}

Expected<std::vector<std::string>> trec_eval_entries(const std::vector<std::string>& entries) {
  std::vector<std::string> out;
  for (const auto& entry : entries) {
    if (request_measures({entry})) {
      out.push_back(entry);
    } else if (const auto printed_by = entry_printing(entry)) {
      out.push_back(*printed_by);
    } else if (looks_like_ir_measures(entry) || find_ir_measure(entry.substr(0, entry.find('('))) != nullptr) {
      auto plan = plan_measures({entry}, EvaluationOptions{});
      if (!plan) return unexpected(std::move(plan).error());
      const PlannedMeasure& planned = plan->measures.front();
      const TrecEquivalent equivalent = trec_equivalent(planned.measure);
      if (planned.family != Family::trec_eval || equivalent.relevance_level != 1 || equivalent.judged_only ||
          !equivalent.gains.empty()) {
        return fail(Status::invalid_argument, "measure '" + entry + "' is computed by the evaluate component only (" +
                                                  std::string(family_name(planned.family)) +
                                                  "'s, or with options of its own); trec-eval takes trec_eval's "
                                                  "names");
      }
      out.push_back(equivalent.entry);
    } else {
      out.push_back(entry);  // request_measures names it unknown
    }
  }
  return out;
}

Expected<MeasurePlan> plan_measures(const std::vector<std::string>& entries, const EvaluationOptions& options) {
  if (entries.empty()) return fail(Status::invalid_argument, "the list is empty");
  Planner planner(options);
  for (const auto& entry : entries) planner.add(entry);
  return planner.finish();
}

}  // namespace grk::measures
