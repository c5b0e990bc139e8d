#include "inputs/trec_measure_names.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include <grk/python/repr.hpp>

#include "catalog/measure_catalog.hpp"
#include "evaluation/plan_evaluation.hpp"

namespace grk::significance {

namespace {

using measures::MeasureDefinition;
using measures::ParamStyle;
using measures::Summary;

/// Whether trec_eval -q prints a number for the measure on each query.
bool has_per_query_score(const MeasureDefinition& definition) {
  return definition.per_query && definition.summary != Summary::none;
}

/// The measure whose output `name` is, by the measures plugin's rule for output names.
const MeasureDefinition* find_measure(const std::string& name) {
  const auto entry = measures::entry_printing(name);
  if (!entry) return nullptr;
  return measures::request_measures({*entry}).value().front().definition;
}

/// Whether the planned measure has a number on each query, to be tested.
bool testable(const measures::MeasurePlan& plan, const measures::PlannedMeasure& measure) {
  if (measure.dialect == measures::Dialect::ir_measures) return true;
  const auto& requested = plan.groups[measure.group].measures[measure.measure_index];
  return has_per_query_score(*requested.definition);
}

/// `name` in another dialect that this release computes: the printed names of
/// its measures with a number per query (several only under
/// Expansion::every_measure, as `ndcg_cut` or `official` name several), or the
/// measure language's reason (`measure 'x': ...`).
Expected<std::vector<std::string>> other_dialect(const std::string& name, Expansion expansion) {
  auto plan = measures::plan_measures({name}, measures::EvaluationOptions{});
  if (!plan) return unexpected(std::move(plan).error());
  const auto refused = [&](const std::string& why) {
    return fail(Status::invalid_argument, "measure '" + name + "': " + why);
  };
  if (auto computed = measures::check_plan_computed(*plan); !computed) return refused(computed.error().message);
  std::vector<std::string> printed;
  for (const auto& measure : plan->measures) {
    if (measure.family == measures::Family::ndeval) {
      return refused("ndeval's measures read subtopic qrels, which the comparisons do not; the evaluate component "
                     "scores them");
    }
    if (testable(*plan, measure)) printed.push_back(measure.name);
  }
  if (printed.empty()) return refused("has no per-query value to test");
  if (expansion == Expansion::one_measure && plan->measures.size() != 1) {
    return refused("names " + std::to_string(plan->measures.size()) + " measures; a comparison takes one measure a name");
  }
  return printed;
}

/// The per-query output names, in trec_eval's order: a measure with cutoffs
/// as `P_<k>` (`iprec_at_recall_<x>`), any other by the names it prints.
std::string per_query_names() {
  std::string out;
  const auto add = [&out](const std::string& name) { out += (out.empty() ? "" : ", ") + name; };
  for (const MeasureDefinition& definition : measures::measure_catalog()) {
    if (!has_per_query_score(definition)) continue;
    const std::string base(definition.name);
    if (definition.style == ParamStyle::integer_cutoffs) {
      add(base + "_<k>");
    } else if (definition.style == ParamStyle::fraction_cutoffs) {
      add(base + "_<x>");
    } else if (auto requested = measures::request_measures({base}); requested && requested->size() == 1) {
      for (const std::string& printed : requested->front().names) add(printed);
    }
  }
  return out;
}

}  // namespace

Expected<std::vector<TrecMeasure>> resolve_trec_measures(const std::vector<std::string>& names,
                                                         std::string_view metric_param, Expansion expansion) {
  std::vector<TrecMeasure> resolved;
  for (const std::string& name : names) {
    const std::string refused = std::string(metric_param) + ": " + python::repr(name);
    // A measure with no per-query number is named as it is (runid prints no
    // value at all, so the request parser gives it no output name).
    const MeasureDefinition* untestable = nullptr;
    for (const MeasureDefinition& definition : measures::measure_catalog()) {
      if (definition.name == name && !has_per_query_score(definition)) untestable = &definition;
    }
    const MeasureDefinition* found = untestable ? nullptr : find_measure(name);
    if (!untestable && !found) {
      auto printed = other_dialect(name, expansion);
      if (printed) {
        for (std::string& one : *printed) {
          // Two names of one measure (`ndcg_cut` and `nDCG@10`) test it once.
          const bool named = std::any_of(resolved.begin(), resolved.end(),
                                         [&](const TrecMeasure& measure) { return measure.printed == one; });
          if (!named) resolved.push_back(TrecMeasure{name, std::move(one)});
        }
        continue;
      }
      // A name of the measure language gets its reason; anything else, trec_eval's list.
      if (measures::looks_like_ir_measures(name) || measures::find_ir_measure(name) != nullptr ||
          printed.error().message.find("unknown measure") == std::string::npos) {
        return fail(Status::invalid_argument, std::string(metric_param) + ": " + printed.error().message);
      }
      return fail(Status::invalid_argument,
                  refused + " is not a per-query output name of trec_eval; expected one of " + per_query_names() +
                      ", or an ir_measures name such as nDCG@10");
    }
    const MeasureDefinition& definition = untestable ? *untestable : *found;
    if (definition.summary == Summary::none) {
      return fail(Status::invalid_argument, refused + " is a string per query, not a score, so it cannot be tested");
    }
    if (!definition.per_query) {
      return fail(Status::invalid_argument,
                  refused + " has no per-query value in trec_eval (it is a summary over the queries), so it "
                            "cannot be tested");
    }
    resolved.push_back(TrecMeasure{name, name});
  }
  return resolved;
}

}  // namespace grk::significance
