// Reading a `measures` list in trec_eval's `-m` syntax (docs/behaviour/trec-eval.md §6).
#ifndef GRK_MEASURES_CATALOG_MEASURE_REQUEST_HPP
#define GRK_MEASURES_CATALOG_MEASURE_REQUEST_HPP

#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "catalog/measure_catalog.hpp"

namespace grk::measures {

/// One measure to compute, with its parameters and its output names.
struct RequestedMeasure {
  const MeasureDefinition* definition = nullptr;
  MeasureParams params;
  std::vector<std::string> names;
};

/// The measures `entries` ask for (`map`, `P.5,10`, `ndcg.1=3,2=9`, a set
/// name), in trec_eval's order. A measure named twice takes the parameters of
/// its first entry that has some. Fails (invalid_argument) naming the entry
/// that is unknown, malformed or asks for preference judgments. Under
/// trec_eval 9.0.8's rules the measures 10.0 added are unknown and left out
/// of the sets.
Expected<std::vector<RequestedMeasure>> request_measures(const std::vector<std::string>& entries,
                                                         TrecEvalRelease release = TrecEvalRelease::v10_0);

}  // namespace grk::measures

#endif
