// trec_eval's output names (`map`, `P_10`, `ndcg_cut_10`) as `metric` /
// `metrics` of runs_format `trec_run`, each turned into the measure the
// measures plugin computes for it (docs/behaviour/comparisons.md §3.1).
#ifndef GRK_SIGNIFICANCE_INPUTS_TREC_MEASURE_NAMES_HPP
#define GRK_SIGNIFICANCE_INPUTS_TREC_MEASURE_NAMES_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

#include "catalog/measure_request.hpp"

namespace grk::significance {

/// One requested output name and the measure that produces it.
struct TrecMeasure {
  /// The output name as given (`ndcg_cut_10`).
  std::string name;
  /// The `-m` request that makes it, with that name among its names.
  measures::RequestedMeasure measure;
  /// Where `name` sits among measure.names.
  std::size_t index = 0;
};

/// Resolves each name to the trec_eval measure that prints it with -q: the
/// measure itself (`map`) or the measure with the name's suffix as its
/// parameter (`P_10` is `-m P.10`), as the measures plugin's request parser
/// names its outputs. Fails with invalid_argument, `metric_param` naming the
/// parameter:
///   metrics: 'P10' is not a per-query output name of trec_eval; expected one of num_ret, ..., P_<k>, ...
///   metrics: 'gm_map' has no per-query value in trec_eval (it is a summary over the queries), so it cannot be tested
///   metrics: 'relstring' is a string per query, not a score, so it cannot be tested
Expected<std::vector<TrecMeasure>> resolve_trec_measures(const std::vector<std::string>& names,
                                                         std::string_view metric_param);

}  // namespace grk::significance

#endif
