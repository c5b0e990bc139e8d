// The text trec_eval prints for one run (docs/behaviour/trec-eval.md §7).
#ifndef GRK_MEASURES_PRINTING_TREC_EVAL_TEXT_HPP
#define GRK_MEASURES_PRINTING_TREC_EVAL_TEXT_HPP

#include <string>

#include "evaluation/run_scores.hpp"

namespace grk::measures {

/// trec_eval's `%6.4f`, or `%.17g` (its two formats widened, as in the
/// full-precision references).
enum class NumberFormat { trec_eval, full_precision };

/// The lines trec_eval prints: with `per_query` each query's values first
/// (qrels order), then the summary under `all`; byte for byte. The queries'
/// lines are printed on up to `threads` threads, to the same bytes.
std::string trec_eval_text(const RunScores& scores, const ValueLayout& layout, bool per_query,
                           NumberFormat format = NumberFormat::trec_eval, unsigned threads = 1);

/// Appends `value` as printf's `%6.4f` (trec_eval) or `%.17g` would print it.
void append_real(std::string& out, double value, NumberFormat format);

}  // namespace grk::measures

#endif
