// What `grk-eval report` draws, read once from a results document: its
// steps sorted into comparisons, dataset cards and other results, and its
// provenance. Every format (report_markdown, report_html, report_latex,
// report_csv) renders this model; none reads the JSON itself.
// The rules are docs/design.md §4.10.
#ifndef GRK_HOST_REPORT_MODEL_HPP
#define GRK_HOST_REPORT_MODEL_HPP

#include <boost/json/value.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <grk/enum_names.hpp>
#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// One comparison record: a row of a metric's table, a mark of its forest
/// plot, a CSV row. The numbers are the record's own (absent ones empty).
struct Comparison {
  std::size_t step = 0;  ///< index into ReportModel::steps
  const boost::json::object* record = nullptr;
  std::string baseline, candidate, metric, test, correction;
  std::optional<double> baseline_mean, candidate_mean, effect, interval_low, interval_high;
  std::optional<double> confidence_level, p_value, p_value_adjusted, effect_size, alpha;
  std::optional<long long> wins, ties, losses;
  std::optional<bool> significant;
  /// The family its p-value was corrected in (compare-systems'): `all`,
  /// `per-metric`, or empty for a lone record; its size; and for a test of
  /// the whole system x query matrix (Tukey's), how many systems its
  /// family-wise p covers (`family_systems`).
  std::string family;
  std::optional<long long> family_size, family_systems;
  /// Per-query deltas (`per_query_deltas`), in the record's order.
  std::vector<std::pair<std::string, double>> per_query_deltas;
};

/// A step's "status" in a results document: what `run` writes and the report
/// reads. pending: not run yet; only a results document written during the
/// run (a checkpoint) has pending steps, or one that ended by a signal.
/// interrupted: the step that was running when SIGINT or SIGTERM came
/// (docs/design.md §4.17); it has an error, as a failed step has.
enum class StepState { ok, failed, skipped, pending, interrupted };

/// The word the results document gives a state.
inline constexpr EnumName<StepState> step_state_names[] = {
    {StepState::ok, "ok"},
    {StepState::failed, "failed"},
    {StepState::skipped, "skipped"},
    {StepState::pending, "pending"},
    {StepState::interrupted, "interrupted"},
};

enum class StepShape {
  comparisons,      ///< its result is a comparison record or holds a list of them
  scores,           ///< its result holds each system's mean of each measure (evaluate, trec-eval)
  dataset,          ///< an adapter's result: a dataset card
  other,            ///< any other result: shown as keys and values
  failed,
  skipped,
  pending,          ///< not run yet: a document written during a run that was interrupted
};

struct ReportStep {
  std::string id, component, kind, status;
  std::string module_name, module_version, module_file;
  StepShape shape = StepShape::other;
  const boost::json::object* result = nullptr;  ///< null for failed and skipped steps
  /// A result that is not an object (a third party's array or number): shown whole.
  const boost::json::value* other_result = nullptr;
  std::string error_status, error_message, error_hint;
  /// The result's members that are not comparison records (a family's test,
  /// correction, alpha, queries...), shown with the step.
  std::vector<const boost::json::key_value_pair*> extras;
};

/// One metric's two-way ANOVA table of a step (compare-systems' `anova`):
/// its `system`, `topic` and `residual` rows as the document has them.
struct AnovaTable {
  std::size_t step = 0;  ///< index into ReportModel::steps
  std::string metric;
  const boost::json::object* terms = nullptr;
};

/// A systems x measures table: a result with `measures` (names) and
/// `systems` whose every member has a `summary` of means, as evaluate and
/// trec-eval write it (docs/design.md §4.10).
struct ScoreTable {
  std::size_t step = 0;  ///< index into ReportModel::steps
  std::vector<std::string> measures;
  /// The measures as the document names them (per_query's keys), which
  /// --rename leaves as they are.
  std::vector<std::string> measure_keys;
  /// Each measure's ir_measures name where the result gives one (evaluate's
  /// `ir_measures_names`: `ndcg_cut_10` is `nDCG@10`), else empty.
  std::vector<std::string> ir_measures_names;
  std::vector<std::string> systems;
  /// means[s][m]: system s's summary of measure m; empty when not a number.
  std::vector<std::vector<std::optional<double>>> means;
  /// Each system's per-query values ({query: {measure: value}}), or null.
  std::vector<const boost::json::object*> per_query;
  /// How many queries the means are over when the result says (evaluate's
  /// qrels queries, or its shared queries with `shared`).
  std::optional<long long> queries;
  bool shared = false;
  /// The systems that lack qrels queries, with them, in the table's order.
  std::vector<std::pair<std::string, std::vector<std::string>>> missing;
};

struct ReportModel {
  std::string title;
  /// The command that writes the report, named in the LaTeX file's comment.
  std::string writer = "grk-eval report";
  /// `report --full`: the LaTeX form also carries the steps, the other
  /// results and the provenance, not only the comparison tables a paper
  /// \input{}s (the other formats always show everything).
  bool full = false;
  /// `evaluate`'s output: the score tables alone (with the marks the
  /// comparisons give them), not the comparisons' own tables or the steps.
  bool scores_only = false;
  /// `--per-query` with CSV: the score tables' per-query values, one row
  /// each (step, system, query, measure, value), instead of their means.
  bool per_query = false;
  std::string source_name;  ///< the results document's file name, for captions
  /// What every LaTeX label starts with (`--label-prefix`), so that two
  /// reports \input into one paper do not define a label twice.
  std::string label_prefix = "tab:grk-";
  /// Owns what the pointers below point into (shared so that a model moves
  /// without moving them).
  std::shared_ptr<const boost::json::value> document;
  std::vector<ReportStep> steps;
  std::vector<Comparison> comparisons;  ///< in document order
  std::vector<AnovaTable> anovas;       ///< in document order
  std::vector<ScoreTable> score_tables;  ///< in document order
  const boost::json::object* provenance = nullptr;

  /// The metrics of the comparisons, in order of first appearance.
  [[nodiscard]] std::vector<std::string> metrics() const;
  /// The metrics whose comparison tables a report shows: metrics(), or
  /// none when `scores_only`.
  [[nodiscard]] std::vector<std::string> tabled_metrics() const;
  /// The comparisons of one metric, in document order.
  [[nodiscard]] std::vector<const Comparison*> of_metric(const std::string& metric) const;
  /// The comparison of two systems on a metric, either way round, or null.
  [[nodiscard]] const Comparison* comparison_between(const std::string& one, const std::string& other,
                                                     const std::string& metric) const;
  /// The ANOVA tables of one metric, in document order.
  [[nodiscard]] std::vector<const AnovaTable*> anovas_of(const std::string& metric) const;
};

/// Builds the model of a parsed results document. `label` names the document
/// in messages ("results.json"). Fails (exit 1) when the value is not a
/// results document or its version is not one this host reads.
Expected<ReportModel, HostError> model_of(boost::json::value document, const std::string& label);

/// The largest results document read (1 GiB): far beyond what a run writes
/// (7,000 queries x 1,000 results, 10 measures per query: about 30 MB).
inline constexpr std::size_t largest_results_document = std::size_t{1} << 30;

/// Reads and models the results document in `file`, a regular file (checked
/// on the descriptor read) of at most largest_results_document bytes.
Expected<ReportModel, HostError> read_results_document(const std::string& file);

/// Keeps only the comparisons, ANOVA tables and score-table columns of the
/// measures in `metrics` (all when empty), each named as the document names
/// it or in any dialect of the measure language (`MAP` finds `AP`,
/// `ndcg_cut.10` and `nDCG@10` find `ndcg_cut_10`); a score table left
/// without a column is not shown. A name the language refuses, or one the
/// report does not have, is a usage error naming the ones there are.
Expected<void, HostError> keep_metrics(ReportModel& model, const std::vector<std::string>& metrics);

/// The model as a paper shows it (LaTeX): each measure of a score table
/// named by trec_eval's output name shown by its ir_measures name
/// (`ndcg_cut_10` as `nDCG@10`) where the result gives one, the comparisons
/// renamed alike; a measure --rename named, or whose ir_measures name the
/// table shows already, keeps its name.
ReportModel with_ir_measures_names(ReportModel model);

/// `--rename OLD=NEW`: each system or measure named OLD is shown as NEW, in
/// the score tables and the comparisons alike (so marks still find their
/// cells). An item without `=`, or an OLD that no system or measure of the
/// document has, is a usage error naming the ones there are.
Expected<void, HostError> rename_names(ReportModel& model, const std::vector<std::string>& renames);

/// A comparison as people name it: "candidate vs baseline".
std::string comparison_label(const Comparison& comparison);

}  // namespace grk::host

#endif
