// The measures ir_measures 0.4.3 names, with their aliases, parameters and
// defaults, and which family's reference answers each (docs/behaviour/measures.md §3).
#ifndef GRK_MEASURES_LANGUAGE_IR_MEASURES_CATALOG_HPP
#define GRK_MEASURES_LANGUAGE_IR_MEASURES_CATALOG_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "language/measure_syntax.hpp"

namespace grk::measures {

/// Whose reference a measure equals: trec_eval 10.0, gdeval v1.3, MS MARCO's
/// evaluator, ir_measures' Judged, claclark's Compatibility, cwl_eval 1.0.12
/// or ndeval v4.5.
enum class Family { trec_eval, gdeval, msmarco, judged, compat, cwl, ndeval };

std::string_view family_name(Family family);

/// What a measure's `@cutoff` may be.
enum class CutoffRule { none, optional_integer, required_integer, required_fraction };

struct IrParamDefinition {
  std::string_view name;
  Literal::Kind kind;                ///< a real also takes an integer
  std::optional<Literal> fallback;   ///< the default; none: None (absent unless given)
};

struct IrMeasureDefinition {
  std::string_view name;
  std::vector<std::string_view> aliases;
  CutoffRule cutoff;
  std::vector<IrParamDefinition> params;
  Family family;
};

/// Every measure, in ir_measures' documentation order.
const std::vector<IrMeasureDefinition>& ir_measures_catalog();

/// The measure named `name` or one of its aliases (case-sensitive, as
/// ir_measures), or null.
const IrMeasureDefinition* find_ir_measure(std::string_view name);

/// A measure with its parameters checked and resolved: `values` holds one
/// entry per definition parameter, the default where none was given.
struct IrMeasure {
  const IrMeasureDefinition* definition = nullptr;
  std::vector<std::optional<Literal>> values;
  std::optional<Literal> cutoff;
  Family family = Family::trec_eval;  ///< the definition's, or the one a parameter picks
  /// ir_measures' `str(measure)`: the name, the parameters that differ from
  /// their defaults in the definition's order, and the cutoff.
  std::string printed;

  const Literal* value(std::string_view param) const;
  double number(std::string_view param, double otherwise) const;
};

/// Checks `written` against its definition: known parameters of the right
/// kind, the cutoff its rule allows. Fails (invalid_argument) with the reason.
Expected<IrMeasure> resolve_ir_measure(const IrMeasureDefinition& definition, const WrittenMeasure& written);

}  // namespace grk::measures

#endif
