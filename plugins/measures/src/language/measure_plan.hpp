// One measure language: a `measures` list in any of the three dialects
// (ir_measures' names, trec_eval's `-m` entries, trec_eval's output names)
// made into what a step computes (docs/behaviour/measures.md §2, §4).
#ifndef GRK_MEASURES_LANGUAGE_MEASURE_PLAN_HPP
#define GRK_MEASURES_LANGUAGE_MEASURE_PLAN_HPP

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <grk/expected.hpp>

#include "catalog/measure_request.hpp"
#include "language/ir_measures_catalog.hpp"
#include "ranking/evaluation_options.hpp"

namespace grk::measures {

enum class Dialect { ir_measures, trec_eval };

/// trec_eval measures computed together: one ranking and judging of each
/// query serves them all.
struct TrecGroup {
  EvaluationOptions options;
  /// `level:gain` pairs the qrels' levels are mapped with first (nDCG's
  /// `gains=`); empty: none.
  std::vector<std::pair<long, long>> gains;
  std::vector<RequestedMeasure> measures;
};

/// One value a step reports.
struct PlannedMeasure {
  std::string name;  ///< as its dialect prints it: `nDCG@10`, `ndcg_cut_10`
  Dialect dialect = Dialect::ir_measures;
  Family family = Family::trec_eval;
  IrMeasure measure;        ///< ir_measures names
  std::size_t group = 0;    ///< trec_eval family: the group
  std::size_t measure_index = 0;  ///< ... its measure
  std::size_t value_index = 0;    ///< ... and that measure's value
};

struct MeasurePlan {
  std::vector<PlannedMeasure> measures;  ///< in the order first named, each name once
  std::vector<TrecGroup> groups;
};

/// The plan for `entries` (as rejoin_measure_items leaves them), with the
/// step's trec_eval options, which apply to trec_eval-dialect names only.
/// Fails (invalid_argument) naming every entry that is unknown or malformed,
/// each with the closest known names.
Expected<MeasurePlan> plan_measures(const std::vector<std::string>& entries, const EvaluationOptions& options);

/// The trec_eval `-m` entry that prints the output name `output_name` among
/// its names: the name itself (`map`, `set_F`) or a measure and the name's
/// suffix as its parameters (`ndcg_cut_10` is `ndcg_cut.10`, `set_F_0.5` is
/// `set_F.0.5`), or nothing.
std::optional<std::string> entry_printing(const std::string& output_name);

/// `entries` as trec_eval `-m` entries, for trec-eval: an output name
/// becomes the entry that prints it (`ndcg_cut_10`: `ndcg_cut.10`), and so
/// does an ir_measures name of trec_eval's family without options of its own
/// (`nDCG@10`). Fails (invalid_argument) on an ir_measures name that needs
/// evaluate (another family, `rel=`, `judged_only=`, `gains=`).
Expected<std::vector<std::string>> trec_eval_entries(const std::vector<std::string>& entries);

/// The ir_measures name of the trec_eval output name `output_name` computed
/// with `options` (`ndcg_cut_10`: `nDCG@10`; `P_5` at relevance level 2:
/// `P(rel=2)@5`; `num_rel_ret`: `NumRet(rel=1)`), when that name gives the
/// same value on every query and the same mean: trec_eval's release 10.0, no
/// `max_results`, and a mean over every qrels query (`complete`) or over the
/// queries every run has (`intersect`), as the evaluate component takes an
/// ir_measures name's mean. Else nothing: `num_rel_ret` with `-M 100`,
/// `gm_map`, `ndcg_cut_10` at relevance level 2 (nDCG has no `rel=`).
std::optional<std::string> ir_measures_twin(const std::string& output_name, const EvaluationOptions& options,
                                            bool intersect);

/// Every known name: ir_measures' names and aliases, trec_eval's measures and sets.
std::vector<std::string> known_measure_names();

}  // namespace grk::measures

#endif
