#include "evaluation/system_evaluation.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <string_view>

#include <grk/eval/threads.hpp>

#include "evaluation/query_scoring.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

Expected<std::vector<RunScores>> evaluate_systems(const std::vector<std::pair<std::string, std::filesystem::path>>& runs,
                                                  const Qrels& qrels, const ValueLayout& layout,
                                                  const EvaluationOptions& options, unsigned threads,
                                                  const std::function<void()>& poll) {
  std::vector<std::optional<Expected<RunScores>>> slots(runs.size());
  // Runs go to threads while there are at least as many as threads; fewer
  // runs are each read and scored by every thread in turn.
  const unsigned within_run = runs.size() >= threads ? 1u : threads;
  auto score = [&](std::size_t i) -> Expected<RunScores> {
    return evaluate_run_file(runs[i].second, runs[i].first, qrels, layout, options, within_run, poll);
  };
  eval::for_each_part(runs.size(), within_run > 1 ? 1u : threads, [&](std::size_t i) {
    // An exception becomes this run's failure, so that every run is tried.
    try {
      slots[i].emplace(score(i));
    } catch (const Error& error) {
      if (error.status() == Status::cancelled) throw;  // the run's end, not this run's failure
      slots[i].emplace(fail(Status::internal, "run '" + runs[i].first + "': " + error.what()));
    } catch (const std::exception& error) {
      slots[i].emplace(fail(Status::internal, "run '" + runs[i].first + "': " + error.what()));
    }
  }, {poll, {}});
  std::vector<RunScores> scores;
  for (auto& slot : slots) {
    if (!*slot) return unexpected(std::move(*slot).error());
    scores.push_back(std::move(**slot));
  }
  return scores;
}

ValueLayout::ValueLayout(const std::vector<RequestedMeasure>& requested) : measures(requested) {
  for (const auto& measure : measures) {
    offsets.push_back(size);
    size += measure.names.size();
  }
}

Expected<RunScores> evaluate_run(const TrecRun& run, std::string_view run_name, const Qrels& qrels,
                                 const ValueLayout& layout, const EvaluationOptions& options, unsigned threads,
                                 const std::function<void()>& poll) {
  QueryScoring scoring(qrels, layout, options, threads, poll);
  scoring.score(run.queries);
  return scoring.finish(run_name, run.run_id);
}

Expected<RunScores> evaluate_run_file(const std::filesystem::path& path, std::string_view run_name, const Qrels& qrels,
                                      const ValueLayout& layout, const EvaluationOptions& options, unsigned threads,
                                      const std::function<void()>& poll) {
  std::optional<QueryScoring> scoring;
  GRK_TRY(std::string run_id,
          read_run_for_scoring(
              path, threads, false, [&] { scoring.emplace(qrels, layout, options, threads, poll); },
              [&](const std::vector<RunQuery>& queries) { scoring->score(queries); }));
  return scoring->finish(run_name, std::move(run_id));
}

}  // namespace grk::measures
