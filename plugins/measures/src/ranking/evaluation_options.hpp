// The options that change how a query is ranked and judged (docs/behaviour/trec-eval.md §4).
#ifndef GRK_MEASURES_RANKING_EVALUATION_OPTIONS_HPP
#define GRK_MEASURES_RANKING_EVALUATION_OPTIONS_HPP

#include <cstddef>
#include <limits>

namespace grk::measures {

struct EvaluationOptions {
  bool per_query = false;         ///< -q
  bool complete = false;          ///< -c
  bool judged_only = false;       ///< -J
  long relevance_level = 1;       ///< -l
  std::size_t max_results = std::numeric_limits<std::size_t>::max();  ///< -M
  bool ignore_identical_ids = false;  ///< BEIR's: drop a line whose document is its query
};

}  // namespace grk::measures

#endif
