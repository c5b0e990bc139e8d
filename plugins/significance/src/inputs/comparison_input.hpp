// read_comparison_input: the inputs every two-system comparison of the module
// shares (`report`, `scores` or `runs`, or in memory `report_data` or
// `scores_data`; `baseline`, `candidate`, `metric`, `missing_queries`), read
// and checked in paired-bootstrap's order with its messages
// (docs/behaviour/comparisons.md §2).
#ifndef GRK_SIGNIFICANCE_INPUTS_COMPARISON_INPUT_HPP
#define GRK_SIGNIFICANCE_INPUTS_COMPARISON_INPUT_HPP

#include <boost/json/value.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <grk/eval/query_alignment.hpp>
#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "inputs/score_pair.hpp"

namespace grk::significance {

/// What a `missing_queries` policy other than `error` did to the two sides.
struct AlignmentSummary {
  eval::MissingQueries policy = eval::MissingQueries::error;
  std::size_t compared = 0;
  /// intersect: queries one side lacked, left out.
  std::size_t dropped = 0;
  /// zero: queries each side lacked, scored 0 there.
  std::size_t filled_baseline = 0;
  std::size_t filled_candidate = 0;
};

/// The two sides of one comparison, still unpaired, and their names.
struct ComparisonInput {
  std::string baseline;
  std::string candidate;
  /// The metric's canonical name (`ndcg_at_10`) for a report or scores file,
  /// the files' own measure name (`ndcg_cut_10`) for runs.
  std::string metric;
  /// Under `missing_queries: error` (the default) the sides as read, which
  /// paired_deltas checks with paired-bootstrap's message; otherwise aligned.
  ScorePair scores;
  /// Present when the policy is `intersect` or `zero`.
  std::optional<AlignmentSummary> alignment;
  /// Whether `metric` is one of groundkit's names: false for runs and for a
  /// many-systems scores file, whose metric is a free name.
  bool groundkit_metric = true;
};

/// The inputs of a component that reads every system of one (compare-systems,
/// topic-set-size): report, scores, runs, runs_format and trec_run's judging.
[[nodiscard]] std::vector<ParamSpec> system_table_params();

/// The param specs of the shared inputs, in the order every comparison lists them.
[[nodiscard]] std::vector<ParamSpec> comparison_input_params();

/// Checks, in this order: exactly one of `report`, `scores` and `runs`, or of
/// the five inputs when `report_data` or `scores_data` (the content of a
/// report or scores file, in memory) is among them (invalid_argument); `metric` (for a report or scores file); `runs_format`;
/// `missing_queries`; then the input (files, content, the named sides) and,
/// under `intersect` or `zero`, the alignment. The scores are not paired yet:
/// paired_deltas does that.
Expected<ComparisonInput> read_comparison_input(const Params& params);

/// The refusal of anything but exactly one of `report`, `scores` and `runs`
/// (docs/behaviour/comparisons.md §2), naming the ones given, for the
/// comparisons and compare-systems alike.
std::string more_than_one_input(bool has_report, bool has_scores, bool has_runs);

/// Whether the scores input (`scores_data`, else `scores`) is the
/// many-systems form, whose metric is a free name rather than one of
/// groundkit's (docs/behaviour/comparisons.md §2.1); false without one, or
/// for a file that does not read as JSON. Every component asks this one.
[[nodiscard]] bool scores_name_their_metric(const Params& params);

/// The most bytes of input files a pre-run check reads (16 MiB in all): a
/// larger input is left to the step itself (docs/behaviour/comparisons.md §2.5).
inline constexpr std::uintmax_t max_prechecked_input_bytes = std::uintmax_t{16} << 20;

/// Whether the files `report`, `scores` and `runs` name are regular files of
/// at most max_prechecked_input_bytes in all (in-memory inputs always are).
[[nodiscard]] bool inputs_small_enough(const Params& params);

/// The pre-run check of the shared inputs (docs/behaviour/comparisons.md
/// §2.5), in read_comparison_input's order: a parameter mistake fails with
/// its message (the count of inputs, `metric`, `runs_format`,
/// `missing_queries`, and, when the inputs are small enough to read, every
/// other invalid-argument failure: a stage or system the input lacks, a
/// measure the runs files lack). True when the input was read without a
/// mistake, so that the component's own parameter checks come next; false
/// when an input too large to read here, or a problem of the data (not-found,
/// io-error, invalid-data) that the step itself reports, ends the check.
Expected<bool> precheck_comparison_input(const Params& params);

/// Adds `"queries": {"missing_queries", "compared", "dropped", "filled":
/// {baseline: n, candidate: n}}` to the result object when `input` was
/// aligned; leaves it as it is under `missing_queries: error`, so that
/// paired-bootstrap's result stays groundkit's BootstrapResult.
void add_alignment(boost::json::value& result, const ComparisonInput& input);

}  // namespace grk::significance

#endif
