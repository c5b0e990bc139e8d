// What one measure's computation for one query is given (docs/behaviour/trec-eval.md §5).
#ifndef GRK_MEASURES_SCORING_MEASURE_INPUT_HPP
#define GRK_MEASURES_SCORING_MEASURE_INPUT_HPP

#include <string>
#include <utility>
#include <vector>

#include "ranking/evaluation_options.hpp"
#include "ranking/ranked_judgments.hpp"

namespace grk::measures {

/// A measure's parameters after trec_eval's parsing of `-m name.params`.
struct MeasureParams {
  std::vector<long> cutoffs;      ///< integer cutoffs, ascending, positive, distinct
  std::vector<double> fractions;  ///< fractional cutoffs, ascending, distinct
  std::vector<double> values;     ///< ordered numeric parameters (utility, 11pt_avg, set_F, relstring)
  std::vector<std::pair<std::string, double>> pairs;  ///< `level=gain` (or `p=`) pairs
};

/// One measure on one query: it writes its values (one per output name) into
/// `values`, which hold 0 on entry, and a string measure into `text`.
struct MeasureInput {
  const RankedJudgments& ranked;
  const MeasureParams& params;
  const EvaluationOptions& options;
  double* values;
  std::string* text;
};

using MeasureFunction = void (*)(const MeasureInput& input);

}  // namespace grk::measures

#endif
