// trec_eval's measures, in its order, with their parameters, output names and
// how each is printed and averaged (docs/behaviour/trec-eval.md §5, §6).
#ifndef GRK_MEASURES_CATALOG_MEASURE_CATALOG_HPP
#define GRK_MEASURES_CATALOG_MEASURE_CATALOG_HPP

#include <string>
#include <string_view>
#include <vector>

#include "scoring/measure_functions.hpp"

namespace grk::measures {

/// How `name.params` is read (trec_eval's te_init_meas_* families).
enum class ParamStyle { none, integer_cutoffs, fraction_cutoffs, numbers, pairs };

/// How the values over queries become the summary.
enum class Summary { mean, sum, geometric_mean, query_count, run_id, none };

struct MeasureDefinition {
  std::string_view name;
  ParamStyle style;
  std::string_view default_params;  ///< in `-m` syntax; empty: none
  bool integer;                     ///< printed with %ld
  bool per_query;                   ///< printed for each query with -q
  Summary summary;
  MeasureFunction compute;
};

/// Every supported measure, in the order trec_eval 10.0 computes and prints them.
const std::vector<MeasureDefinition>& measure_catalog();

/// A measure set: its name and its entries in `-m` syntax.
struct MeasureSet {
  std::string_view name;
  std::vector<std::string_view> entries;
};

/// official, all_trec, set and beir.
const std::vector<MeasureSet>& measure_sets();

/// Whether trec_eval 10.0 added the measure `name` (rbp, rbp_resid, unj):
/// 9.0.8 and pytrec_eval have no such measure.
bool added_in_10_0(std::string_view name);

}  // namespace grk::measures

#endif
