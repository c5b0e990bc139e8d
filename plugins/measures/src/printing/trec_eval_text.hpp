// The text trec_eval prints for one run (docs/behaviour/trec-eval.md §7), and
// its publication into output_dir (§8.3).
#ifndef GRK_MEASURES_PRINTING_TREC_EVAL_TEXT_HPP
#define GRK_MEASURES_PRINTING_TREC_EVAL_TEXT_HPP

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <grk/expected.hpp>
#include <grk/output/staged_folder.hpp>

#include "evaluation/run_scores.hpp"

namespace grk::measures {

/// Receives a text in pieces, in order.
using TextPieceSink = output::StagedFolder::ByteSink;

/// Writes the file names[i] holding the pieces put_text(i, sink) hands its
/// sink, for every i, into `folder` through a staging folder, the files made
/// and written on up to `threads` threads, and publishes them by renames: the
/// folder holds all of them or none of them, whatever happens to the process.
/// `observer` sees each file-system step (a test kills the process there).
Expected<void> publish_outputs(const std::filesystem::path& folder, const std::vector<std::string>& names,
                               const std::function<Expected<void>(std::size_t, const TextPieceSink&)>& put_text,
                               unsigned threads = 1, output::StepObserver observer = {});

/// Each run's trec_eval_text published as `<system>.txt` in `folder`
/// (publish_outputs): one file per thread, or each file printed by every
/// thread when there are fewer files than threads (docs/behaviour/trec-eval.md §8.4).
Expected<void> publish_trec_eval_texts(const std::filesystem::path& folder, const std::vector<std::string>& systems,
                                       const std::vector<RunScores>& scores, const ValueLayout& layout,
                                       bool per_query, unsigned threads);

/// publish_outputs of (file name, text) pairs, on one thread.
Expected<void> publish_outputs(const std::filesystem::path& folder,
                               const std::vector<std::pair<std::string, std::string>>& files,
                               output::StepObserver observer = {});

/// trec_eval's `%6.4f`, or `%.17g` (its two formats widened, as in the
/// full-precision references).
enum class NumberFormat { trec_eval, full_precision };

/// The lines trec_eval prints: with `per_query` each query's values first
/// (qrels order), then the summary under `all`; byte for byte. The queries'
/// lines are printed on up to `threads` threads, to the same bytes, and
/// handed to `sink` in order, in pieces of 64 queries' lines (the summary
/// last), each as soon as the pieces before it are, so that the whole text
/// is never held; the sink's first failure is returned (no piece is handed
/// after it).
Expected<void> put_trec_eval_text(const RunScores& scores, const ValueLayout& layout, bool per_query,
                                  NumberFormat format, unsigned threads, const TextPieceSink& sink);

/// put_trec_eval_text's pieces joined.
std::string trec_eval_text(const RunScores& scores, const ValueLayout& layout, bool per_query,
                           NumberFormat format = NumberFormat::trec_eval, unsigned threads = 1);

/// Appends `value` as printf's `%6.4f` (trec_eval) or `%.17g` would print it.
void append_real(std::string& out, double value, NumberFormat format);

}  // namespace grk::measures

#endif
