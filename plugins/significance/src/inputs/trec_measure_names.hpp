// The measure names of `metric` / `metrics` with runs_format `trec_run`, in
// the measures plugin's three dialects: trec_eval's output names (`map`,
// `P_10`, `ndcg_cut_10`), a `-m` entry that prints one value, ir_measures'
// names (`nDCG@10`, `P(rel=2)@5`, `ERR@20`) (docs/behaviour/comparisons.md §3.1).
#ifndef GRK_SIGNIFICANCE_INPUTS_TREC_MEASURE_NAMES_HPP
#define GRK_SIGNIFICANCE_INPUTS_TREC_MEASURE_NAMES_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

#include "language/measure_plan.hpp"

namespace grk::significance {

/// One requested name and the name its dialect prints for it (`MAP`: `AP`),
/// which names the measure in results.
struct TrecMeasure {
  std::string name;
  std::string printed;
};

/// Whether a name may stand for several measures (`ndcg_cut`, `official`):
/// compare-systems tests each; a comparison of two
/// systems and topic-set-size take one measure.
enum class Expansion { one_measure, every_measure };

/// Checks each name: a trec_eval output name printed per query (`map`, or
/// `P_10` from `-m P.10`), or one measure in another dialect that this
/// release computes. Fails with invalid_argument, `metric_param` naming the
/// parameter:
///   metrics: 'P10' is not a per-query output name of trec_eval; expected one of num_ret, ..., P_<k>, ...
///   metrics: 'gm_map' has no per-query value in trec_eval (it is a summary over the queries), so it cannot be tested
///   metrics: 'relstring' is a string per query, not a score, so it cannot be tested
///   metric: measure 'P(rel=x)@5': <the measure language's reason>
Expected<std::vector<TrecMeasure>> resolve_trec_measures(const std::vector<std::string>& names,
                                                         std::string_view metric_param,
                                                         Expansion expansion = Expansion::one_measure);

}  // namespace grk::significance

#endif
