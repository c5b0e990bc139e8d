// Scoring every run of a step, spread over threads (docs/behaviour/trec-eval.md §8).
#ifndef GRK_MEASURES_EVALUATION_SYSTEM_EVALUATION_HPP
#define GRK_MEASURES_EVALUATION_SYSTEM_EVALUATION_HPP

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <grk/expected.hpp>

#include "evaluation/run_scores.hpp"
#include "ranking/evaluation_options.hpp"
#include "trec/qrels.hpp"

namespace grk::measures {

/// The thread count: GRK_THREADS when set (a positive integer, else
/// invalid_argument), the machine's cores otherwise.
Expected<unsigned> evaluation_threads();

/// Reads and scores each run (system -> file), on up to `threads` threads:
/// with at least as many runs as threads each run is read and scored by one
/// thread, otherwise each run in turn by all of them. The result is in the runs'
/// order and does not depend on the thread count; the failure is the first
/// run's, in the runs' order.
Expected<std::vector<RunScores>> evaluate_systems(const std::vector<std::pair<std::string, std::filesystem::path>>& runs,
                                                  const Qrels& qrels, const ValueLayout& layout,
                                                  const EvaluationOptions& options, unsigned threads);

}  // namespace grk::measures

#endif
