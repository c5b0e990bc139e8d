// What one measure's computation for one query is given, and every measure's
// computation, as trec_eval 10.0 defines it (docs/behaviour/trec-eval.md §5).
// Each writes into input.values.
#ifndef GRK_MEASURES_SCORING_MEASURE_FUNCTIONS_HPP
#define GRK_MEASURES_SCORING_MEASURE_FUNCTIONS_HPP

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

namespace grk::measures::scoring {

/// A count over a count, both made double first, as trec_eval's C divides
/// them: what precision, recall and their kin are made of.
inline double ratio(long numerator, long denominator) {
  return static_cast<double>(numerator) / static_cast<double>(denominator);
}

// Counts and set measures (scoring/set_measures.cpp).
void nothing(const MeasureInput& input);
void num_q(const MeasureInput& input);
void num_ret(const MeasureInput& input);
void num_rel(const MeasureInput& input);
void num_rel_ret(const MeasureInput& input);
void num_nonrel_judged_ret(const MeasureInput& input);
void utility(const MeasureInput& input);
void set_P(const MeasureInput& input);
void set_relative_P(const MeasureInput& input);
void set_recall(const MeasureInput& input);
void set_map(const MeasureInput& input);
void set_F(const MeasureInput& input);
void relstring(const MeasureInput& input);

// Measures at rank cutoffs (scoring/cutoff_measures.cpp).
void P(const MeasureInput& input);
void recall(const MeasureInput& input);
void relative_P(const MeasureInput& input);
void success(const MeasureInput& input);
void unj(const MeasureInput& input);
void map_cut(const MeasureInput& input);
void ndcg_cut(const MeasureInput& input);

// Measures over the relevant documents' ranks (scoring/rank_measures.cpp).
void map(const MeasureInput& input);
void gm_map(const MeasureInput& input);
void Rprec(const MeasureInput& input);
void bpref(const MeasureInput& input);
void gm_bpref(const MeasureInput& input);
void recip_rank(const MeasureInput& input);
void infAP(const MeasureInput& input);
void binG(const MeasureInput& input);

// Interpolated precision (scoring/interpolated_measures.cpp).
void iprec_at_recall(const MeasureInput& input);
void eleven_pt_avg(const MeasureInput& input);
void Rprec_mult(const MeasureInput& input);

// Graded gain measures (scoring/gain_measures.cpp).
void ndcg(const MeasureInput& input);
void ndcg_rel(const MeasureInput& input);
void Rndcg(const MeasureInput& input);
void G(const MeasureInput& input);
void rbp(const MeasureInput& input);
void rbp_resid(const MeasureInput& input);

}  // namespace grk::measures::scoring

#endif
