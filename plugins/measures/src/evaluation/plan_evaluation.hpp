// Scoring runs with a measure plan: every family's measures, each query's
// values and each measure's mean as its dialect takes it
// (docs/behaviour/measures.md §4).
#ifndef GRK_MEASURES_EVALUATION_PLAN_EVALUATION_HPP
#define GRK_MEASURES_EVALUATION_PLAN_EVALUATION_HPP

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <grk/expected.hpp>

#include "families/cwl.hpp"
#include "language/measure_plan.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

/// One run's values under a plan.
struct PlanScores {
  std::string run_id;
  /// values[m][q]: measure m of the plan on qrels query q (Qrels::queries'
  /// order); nothing where the measure's reference does not score the query.
  std::vector<std::vector<std::optional<double>>> values;
  std::vector<double> summary;          ///< per measure
  std::vector<std::size_t> mean_over;   ///< per measure: the queries its summary is over
  std::vector<std::size_t> tied_cutoffs;  ///< per measure: queries whose cutoff splits tied scores
  std::vector<std::string> missing;     ///< qrels queries the run lacks, in the qrels' order
  /// cwl[m][q]: cwl_eval's quantities of a measure of its family on query q
  /// (its value is their expected utility); empty for the other measures.
  std::vector<std::vector<std::optional<CwlMeasurement>>> cwl;
  /// cwl_summary[m]: their means, over the queries the measure's mean is over.
  std::vector<CwlMeasurement> cwl_summary;
};

/// Refuses (invalid_argument) the names this release does not compute
/// (cwl_eval's NERR9 and NERR11), naming each, before any step runs.
Expected<void> check_plan_computed(const MeasurePlan& plan);

/// Whether the plan names a measure of `family`.
bool has_family(const MeasurePlan& plan, Family family);


/// Checks that the qrels suit the plan's families (gdeval's grades, cwl_eval's
/// gains); fails (invalid_data) naming the qrels line, as the reference refuses
/// it, or for qrels made in memory (no text) the query, document and grade.
Expected<void> check_qrels_for_plan(const MeasurePlan& plan, const Qrels& qrels, const std::string& file);

/// Reads and scores each run (system -> file) on up to `threads` threads,
/// query by query as the file is read (read_run_query_by_query; a file that
/// lists a query in two places is read again, whole).
/// ndeval's measures read `subtopics` (the subtopic qrels `qrels` were made
/// from by adhoc_judgments; needed when the plan has one), in
/// `diversity_order` (the rank column: a rank given twice in a query is
/// refused). Fails as trec-eval does on a run that is refused or shares no
/// query with the qrels. `poll` (the host's cancellation check, which
/// throws) is called before each run and each part of its queries.
Expected<std::vector<PlanScores>> evaluate_plan(const std::vector<std::pair<std::string, std::filesystem::path>>& runs,
                                                const MeasurePlan& plan, const Qrels& qrels, unsigned threads,
                                                DiversityOrder diversity_order = DiversityOrder::rank,
                                                const Qrels* subtopics = nullptr,
                                                const std::function<void()>& poll = {});

/// evaluate_plan on one run already in memory (the Python evaluator's
/// dicts), named `system` in messages. In ndeval's rank order the run must
/// hold its ranks.
Expected<PlanScores> evaluate_plan(const TrecRun& run, const std::string& system, const MeasurePlan& plan,
                                   const Qrels& qrels, unsigned threads, DiversityOrder diversity_order,
                                   const Qrels* subtopics = nullptr);

}  // namespace grk::measures

#endif
