// cwl_eval 1.0.12's C/W/L measures (docs/behaviour/measures.md §5.2): a
// user model's continuation probabilities over the ranking give the weight
// of each rank, and from them five quantities, each also for the best case
// (unjudged documents as full gains) as cwl_eval's `-r` residuals.
#ifndef GRK_MEASURES_FAMILIES_CWL_HPP
#define GRK_MEASURES_FAMILIES_CWL_HPP

#include <array>

#include "families/query_rankings.hpp"
#include "language/ir_measures_catalog.hpp"

namespace grk::measures {

/// The names cwl_eval prints for its ten numbers, in its order: expected
/// utility (the measure), expected total utility, expected cost, expected
/// total cost and expected depth, in the worst case (unjudged documents gain
/// nothing), then the best case's excess over each (`-r`).
inline constexpr std::array<const char*, 10> cwl_column_names = {"EU",    "ETU",    "EC",    "ETC",    "ED",
                                                                 "ResEU", "ResETU", "ResEC", "ResETC", "ResED"};

/// One ranking's ten numbers, in cwl_column_names' order.
using CwlMeasurement = std::array<double, 10>;

namespace family {

/// `measure` (of cwl's family) on one query's run, ranked by score with ties
/// in file order, as ir_measures hands it to cwl_eval.
CwlMeasurement cwl(const IrMeasure& measure, QueryRankings& query);

/// Whether `measure` takes the judgments themselves as gains (no `rel` nor
/// `max_rel`): cwl_eval then needs every judgment in [0, 1].
bool cwl_takes_judgments_as_gains(const IrMeasure& measure);

}  // namespace family

}  // namespace grk::measures

#endif
