// Per-query evaluation files: what trec_eval -q and ir_measures write for one
// run, read into {measure: {query id: score}} for the `runs` input of the
// comparison components.
#ifndef GRK_SIGNIFICANCE_INPUTS_RUN_FILES_HPP
#define GRK_SIGNIFICANCE_INPUTS_RUN_FILES_HPP

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

#include "inputs/score_pair.hpp"

namespace grk::significance {

/// The layout of a per-query evaluation file (`runs_format`).
///
/// - trec_eval: `trec_eval -q` output as trec_eval 9.x and 10.x write it,
///   with or without -m: `measure<TAB>query id<TAB>value`, the measure padded
///   with spaces (trimmed here). Summary rows (query id `all`) and the
///   string-valued rows `runid` and `relstring` are skipped; integer
///   measures (`num_ret`, `num_rel`, ...) read as numbers.
/// - ir_measures: `query id<TAB>measure<TAB>value`, as `ir_measures -q`
///   writes it (measure names like `nDCG@10`). Every row is a query's: a
///   query id `all` is a query named "all".
/// - trec_run: TREC runs (`qid Q0 docno rank score tag`), not per-query
///   values: scored against `qrels` in process (inputs/trec_run_scores.hpp);
///   the readers of this file do not take it.
enum class RunsFormat { trec_eval, ir_measures, trec_run };

/// `trec_eval` or `ir_measures`.
[[nodiscard]] std::string_view runs_format_name(RunsFormat format) noexcept;

/// The format named `name`. Fails with invalid_argument
/// `runs_format must be one of 'trec_eval', 'ir_measures', 'trec_run', got 'x'`.
Expected<RunsFormat> parse_runs_format(std::string_view name);

/// Measure name (as the file spells it) -> query id -> score, for one run.
using MeasureScores = std::map<std::string, ScoreMap>;

/// Parses the text of a per-query evaluation file (`format` trec_eval or
/// ir_measures); `file` names it in
/// messages (`runs file '<file>'`). Empty lines (a trailing blank line an
/// editor adds) are skipped and a line may end in CRLF; every other line
/// must parse. Fails with invalid_data and one of:
///   runs file 'a.txt' line 3: not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval'): '<line>'
///   runs file 'a.txt' line 3: empty measure name: '<line>'
///   runs file 'a.txt' line 3: empty query id: '<line>'
///   runs file 'a.txt' line 3: value 'x' is not a number: '<line>'
///   runs file 'a.txt' line 3: value 'nan' is not finite: '<line>'
///   runs file 'a.txt' line 9: measure 'P_10' for query '7' repeats line 4: '<line>'
///   runs file 'a.txt' has only summary rows (query id 'all'); run trec_eval with -q
///   runs file 'a.txt' has no per-query scores
/// where '<line>' is the line as Python's repr() shows it, its first 200
/// bytes and `... (N bytes)` for a longer one. The text must be UTF-8.
/// Linear in the text's size (times a log for the maps).
Expected<MeasureScores> parse_run_text(std::string_view text, RunsFormat format, std::string_view file);

/// Reads a per-query evaluation file. Fails as read_input_file does
/// (`cannot read runs file '<path>': [Errno 2] ...`, not_found or io_error),
/// with invalid_data `runs file '<path>' is not valid UTF-8: <reason>`, or
/// as parse_run_text does.
Expected<MeasureScores> read_run_file(const std::filesystem::path& path, RunsFormat format);

}  // namespace grk::significance

#endif
