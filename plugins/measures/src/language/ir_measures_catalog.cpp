#include "language/ir_measures_catalog.hpp"

#include <algorithm>

namespace grk::measures {

namespace {

using Kind = Literal::Kind;

Literal integer(long value) { return Literal{Kind::integer, static_cast<double>(value), {}, {}}; }
Literal real(double value) { return Literal{Kind::real, value, {}, {}}; }
Literal boolean(bool value) { return Literal{Kind::boolean, value ? 1.0 : 0.0, {}, {}}; }
Literal text(std::string value) { return Literal{Kind::text, 0.0, std::move(value), {}}; }

IrParamDefinition rel() { return {"rel", Kind::integer, integer(1)}; }
IrParamDefinition judged_only() { return {"judged_only", Kind::boolean, boolean(false)}; }
IrParamDefinition min_rel() { return {"min_rel", Kind::integer, integer(0)}; }
IrParamDefinition max_rel() { return {"max_rel", Kind::integer, std::nullopt}; }
IrParamDefinition patience() { return {"T", Kind::real, real(1.0)}; }
IrParamDefinition alpha() { return {"alpha", Kind::real, real(0.5)}; }
IrParamDefinition beta() { return {"beta", Kind::real, real(0.5)}; }

bool same_literal(const Literal& a, const Literal& b) {
  return a.kind == b.kind && a.number == b.number && a.text == b.text && a.mapping == b.mapping;
}

bool kind_fits(Kind wanted, Kind given) { return wanted == given || (wanted == Kind::real && given == Kind::integer); }

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::integer: return "an integer";
    case Kind::real: return "a number";
    case Kind::boolean: return "True or False";
    case Kind::text: return "a quoted text";
    case Kind::mapping: return "{level:gain,...}";
  }
  return "";
}

Failure bad(const std::string& why) { return Failure{Status::invalid_argument, why, {}}; }

// What a parameter's value picks or refuses beyond its kind.
Expected<void> check_value(std::string_view param, const Literal& value) {
  if (param == "dcg" && value.text != "log2" && value.text != "exp-log2") {
    return unexpected(bad("dcg must be 'log2' or 'exp-log2', got " + python_repr(value)));
  }
  if ((param == "p" || param == "alpha" || param == "beta") && !(value.number > 0.0 && value.number < 1.0) &&
      !(param != "p" && value.number == 1.0)) {
    return unexpected(bad(std::string(param) + " must lie in (0, 1), got " + python_repr(value)));
  }
  if (param == "T" && !(value.number > 0.0)) return unexpected(bad("T must be positive, got " + python_repr(value)));
  return {};
}

// What cwl_eval's family can compute (docs/behaviour/measures.md §5.2):
// gains mapped from judgments by rel= or min_rel/max_rel, SDCG's log2
// discount, RBP over the whole ranking.
Expected<void> check_cwl_gains(const IrMeasure& measure, const WrittenMeasure& written) {
  const std::string_view name = measure.definition->name;
  if (name == "RBP" && measure.cutoff) {
    return unexpected(bad("RBP takes no @cutoff here: cwl_eval's RBP weighs the whole ranking"));
  }
  if (name == "SDCG" && measure.value("dcg")->text != "log2") {
    return unexpected(bad("SDCG's dcg is 'log2' only, as cwl_eval's"));
  }
  const Literal* high = measure.value("max_rel");
  const bool low_given = std::any_of(written.params.begin(), written.params.end(),
                                     [](const auto& param) { return param.first == "min_rel"; });
  if (high == nullptr && low_given) return unexpected(bad("min_rel needs max_rel: the gains are scaled between them"));
  if (high != nullptr && !(high->number > measure.number("min_rel", 0.0))) {
    return unexpected(bad("max_rel must be above min_rel, got max_rel=" + python_repr(*high)));
  }
  return {};
}

std::string print(const IrMeasure& measure) {
  std::string printed(measure.definition->name);
  std::string params;
  for (std::size_t i = 0; i < measure.values.size(); ++i) {
    const auto& value = measure.values[i];
    const auto& param = measure.definition->params[i];
    if (!value || (param.fallback && same_literal(*value, *param.fallback))) continue;
    Literal shown = *value;
    // trec_eval gives a level without a gain its own level: `2:2` says nothing.
    if (param.name == "gains") {
      shown.mapping.erase(std::remove_if(shown.mapping.begin(), shown.mapping.end(),
                                         [](const auto& entry) { return entry.first == entry.second; }),
                          shown.mapping.end());
      if (shown.mapping.empty()) continue;
    }
    params += (params.empty() ? "" : ",") + std::string(param.name) + "=" + python_repr(shown);
  }
  if (!params.empty()) printed += "(" + params + ")";
  if (measure.cutoff) printed += "@" + python_repr(*measure.cutoff);
  return printed;
}

}  // namespace

std::string_view family_name(Family family) {
  switch (family) {
    case Family::trec_eval: return "trec_eval";
    case Family::gdeval: return "gdeval";
    case Family::msmarco: return "msmarco";
    case Family::judged: return "judged";
    case Family::compat: return "compat";
    case Family::cwl: return "cwl";
    case Family::ndeval: return "ndeval";
  }
  return "";
}

const std::vector<IrMeasureDefinition>& ir_measures_catalog() {
  using C = CutoffRule;
  using F = Family;
  static const std::vector<IrMeasureDefinition> catalog = {
      {"P", {"Precision"}, C::required_integer, {rel(), judged_only()}, F::trec_eval},
      {"R", {"Recall"}, C::required_integer, {rel(), judged_only()}, F::trec_eval},
      {"AP", {"MAP"}, C::optional_integer, {rel(), judged_only()}, F::trec_eval},
      {"RR", {"MRR"}, C::optional_integer, {rel(), judged_only()}, F::trec_eval},
      {"nDCG",
       {"NDCG"},
       C::optional_integer,
       {{"dcg", Kind::text, text("log2")}, {"gains", Kind::mapping, std::nullopt}, judged_only()},
       F::trec_eval},
      {"Rprec", {"RPrec"}, C::none, {rel(), judged_only()}, F::trec_eval},
      {"Bpref", {"BPref"}, C::none, {rel()}, F::trec_eval},
      {"infAP", {}, C::none, {rel()}, F::trec_eval},
      {"IPrec", {}, C::required_fraction, {judged_only()}, F::trec_eval},
      {"Success", {}, C::required_integer, {rel(), judged_only()}, F::trec_eval},
      {"SetP", {}, C::none, {rel(), {"relative", Kind::boolean, boolean(false)}, judged_only()}, F::trec_eval},
      {"SetR", {}, C::none, {rel(), judged_only()}, F::trec_eval},
      {"SetF", {}, C::none, {rel(), {"beta", Kind::real, real(1.0)}, judged_only()}, F::trec_eval},
      {"SetAP", {}, C::none, {rel(), judged_only()}, F::trec_eval},
      {"NumQ", {}, C::none, {}, F::trec_eval},
      {"NumRet", {}, C::none, {{"rel", Kind::integer, std::nullopt}}, F::trec_eval},
      {"NumRel", {}, C::none, {rel()}, F::trec_eval},
      {"ERR", {}, C::required_integer, {}, F::gdeval},
      {"Judged", {}, C::optional_integer, {}, F::judged},
      {"Compat", {}, C::none, {{"p", Kind::real, real(0.95)}, {"normalize", Kind::boolean, boolean(true)}}, F::compat},
      {"RBP", {}, C::optional_integer, {{"p", Kind::real, real(0.8)}, {"rel", Kind::integer, std::nullopt}}, F::cwl},
      {"INST", {}, C::none, {patience(), min_rel(), max_rel()}, F::cwl},
      {"INSQ", {}, C::none, {patience(), min_rel(), max_rel()}, F::cwl},
      {"BPM", {}, C::required_integer, {patience(), min_rel(), max_rel()}, F::cwl},
      {"SDCG", {}, C::required_integer, {{"dcg", Kind::text, text("log2")}, min_rel(), max_rel()}, F::cwl},
      {"NERR8", {}, C::required_integer, {min_rel(), max_rel()}, F::cwl},
      {"NERR9", {}, C::required_integer, {min_rel(), max_rel()}, F::cwl},
      {"NERR10", {}, C::none, {{"p", Kind::real, real(0.9)}, min_rel(), max_rel()}, F::cwl},
      {"NERR11", {}, C::none, {patience(), min_rel(), max_rel()}, F::cwl},
      {"alpha_nDCG", {}, C::optional_integer, {alpha(), beta(), judged_only()}, F::ndeval},
      {"alpha_DCG", {}, C::optional_integer, {alpha(), beta(), judged_only()}, F::ndeval},
      {"ERR_IA", {}, C::optional_integer, {alpha(), judged_only()}, F::ndeval},
      {"nERR_IA", {}, C::optional_integer, {alpha(), judged_only()}, F::ndeval},
      {"NRBP", {}, C::none, {alpha(), beta()}, F::ndeval},
      {"nNRBP", {}, C::none, {alpha(), beta()}, F::ndeval},
      {"P_IA", {}, C::optional_integer, {judged_only()}, F::ndeval},
      {"AP_IA", {}, C::none, {judged_only()}, F::ndeval},
      {"StRecall", {}, C::optional_integer, {}, F::ndeval},
  };
  return catalog;
}

const IrMeasureDefinition* find_ir_measure(std::string_view name) {
  for (const auto& definition : ir_measures_catalog()) {
    if (definition.name == name) return &definition;
    for (std::string_view alias : definition.aliases) {
      if (alias == name) return &definition;
    }
  }
  return nullptr;
}

const Literal* IrMeasure::value(std::string_view param) const {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (definition->params[i].name == param) return values[i] ? &*values[i] : nullptr;
  }
  return nullptr;
}

double IrMeasure::number(std::string_view param, double otherwise) const {
  const Literal* literal = value(param);
  return literal == nullptr ? otherwise : literal->number;
}

Expected<IrMeasure> resolve_ir_measure(const IrMeasureDefinition& definition, const WrittenMeasure& written) {
  IrMeasure measure;
  measure.definition = &definition;
  measure.family = definition.family;
  for (const auto& param : definition.params) measure.values.push_back(param.fallback);
  for (const auto& [name, value] : written.params) {
    std::size_t i = 0;
    while (i < definition.params.size() && definition.params[i].name != name) ++i;
    if (i == definition.params.size()) {
      std::string known;
      for (const auto& param : definition.params) known += (known.empty() ? "" : ", ") + std::string(param.name);
      return unexpected(bad(std::string(definition.name) + " has no parameter '" + name + "'" +
                            (known.empty() ? " (it takes none)" : " (it takes " + known + ")")));
    }
    const auto& param = definition.params[i];
    if (!kind_fits(param.kind, value.kind)) {
      return unexpected(bad("parameter '" + name + "' takes " + std::string(kind_name(param.kind)) + ", got " +
                            python_repr(value)));
    }
    GRK_TRY_VOID(check_value(name, value));
    measure.values[i] = value;
  }
  const auto rule = definition.cutoff;
  if (written.cutoff) {
    const Literal& cutoff = *written.cutoff;
    if (rule == CutoffRule::none) return unexpected(bad(std::string(definition.name) + " takes no @cutoff"));
    if (rule == CutoffRule::required_fraction) {
      if (!(cutoff.number >= 0.0 && cutoff.number <= 1.0)) {
        return unexpected(bad("the recall level @" + python_repr(cutoff) + " must lie in [0, 1]"));
      }
    } else if (cutoff.kind != Kind::integer || cutoff.number < 1) {
      return unexpected(bad("@cutoff must be a positive integer, got @" + python_repr(cutoff)));
    }
    measure.cutoff = cutoff;
  } else if (rule == CutoffRule::required_integer || rule == CutoffRule::required_fraction) {
    return unexpected(bad(std::string(definition.name) + " needs a cutoff: " + std::string(definition.name) +
                          (rule == CutoffRule::required_fraction ? "@0.5" : "@10")));
  }
  if (definition.name == "RR" && measure.cutoff) measure.family = Family::msmarco;
  if (definition.name == "nDCG" && measure.value("dcg")->text == "exp-log2") {
    if (!measure.cutoff) return unexpected(bad("nDCG(dcg='exp-log2') is gdeval's and needs a cutoff: @20"));
    if (measure.value("gains") != nullptr || measure.number("judged_only", 0) != 0) {
      return unexpected(bad("nDCG(dcg='exp-log2') is gdeval's, which takes neither gains nor judged_only"));
    }
    measure.family = Family::gdeval;
  }
  if (measure.family == Family::cwl) GRK_TRY_VOID(check_cwl_gains(measure, written));
  measure.printed = print(measure);
  return measure;
}

}  // namespace grk::measures
