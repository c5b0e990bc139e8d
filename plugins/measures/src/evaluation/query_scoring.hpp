// A run's queries scored as they come (the whole run, or a window's queries
// at a time), each into the slot of its qrels query (docs/behaviour/trec-eval.md §4, §8.4).
#ifndef GRK_MEASURES_EVALUATION_QUERY_SCORING_HPP
#define GRK_MEASURES_EVALUATION_QUERY_SCORING_HPP

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/expected.hpp>

#include "evaluation/run_scores.hpp"
#include "ranking/evaluation_options.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

/// A query of a run and the index of its query in the qrels.
using JudgedQuery = std::pair<const RunQuery*, std::size_t>;

/// The queries of `run` that `qrels` judge, each with its qrels index.
std::vector<JudgedQuery> judged_queries(const std::vector<RunQuery>& run, const Qrels& qrels);

/// trec_eval's measures on a run's queries, scored in slots in qrels order,
/// so that nothing depends on the threads or on how the queries came.
class QueryScoring {
 public:
  QueryScoring(const Qrels& qrels, const ValueLayout& layout, const EvaluationOptions& options, unsigned threads,
               const std::function<void()>& poll);

  /// Scores each run query with its qrels index (of these qrels, or of
  /// qrels holding the same queries), in parts of up to 32 on the threads; a
  /// null run query is its qrels query's stand-in (-c). `poll` is called
  /// before each part.
  void score(const std::vector<JudgedQuery>& queries);

  /// Scores the queries of `run` that the qrels judge.
  void score(const std::vector<RunQuery>& run);

  /// The run's scores once every query it has is scored: with `complete`,
  /// each qrels query it lacks scored as a stand-in (trec_eval 9.0.8: else
  /// skipped, §4); the summary added in qrels order. Fails (invalid_data)
  /// when no query of the run `run_name` is judged.
  Expected<RunScores> finish(std::string_view run_name, std::string run_id);

 private:
  const Qrels& qrels_;
  const ValueLayout& layout_;
  const EvaluationOptions& options_;
  unsigned threads_;
  const std::function<void()>& poll_;
  std::vector<QueryScores> slots_;
  std::vector<bool> has_;  ///< which slots hold a query of the run
};

}  // namespace grk::measures

#endif
