// Which family function answers a measure (docs/behaviour/measures.md §5).
#include "families/family_measures.hpp"

namespace grk::measures {

std::optional<double> family_value(const IrMeasure& measure, QueryRankings& query) {
  const std::size_t cutoff = measure.cutoff ? static_cast<std::size_t>(measure.cutoff->number) : 0;
  const std::string_view name = measure.definition->name;
  switch (measure.family) {
    case Family::gdeval:
      return name == "ERR" ? family::gdeval_err(query, cutoff) : family::gdeval_ndcg(query, cutoff);
    case Family::msmarco:
      return family::msmarco_rr(query, cutoff, static_cast<long>(measure.number("rel", 1)));
    case Family::judged:
      return family::judged(query, cutoff);
    case Family::compat:
      return family::compatibility(query, measure.number("p", 0.95), measure.number("normalize", 1) != 0);
    case Family::ndeval:
      return family::ndeval(measure, query.subtopics(), query.diversity());
    case Family::trec_eval:  // scored by groups, as trec-eval scores them
    case Family::cwl:        // family::cwl, whose other quantities the result keeps too
      break;
  }
  return std::nullopt;
}

}  // namespace grk::measures
