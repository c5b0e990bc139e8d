#include "evaluation/system_evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>
#include <string_view>

#include <grk/eval/threads.hpp>

#include "ranking/ranked_judgments.hpp"
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
    GRK_TRY(const TrecRun run, read_run(runs[i].second, within_run));
    return evaluate_run(run, runs[i].first, qrels, layout, options, within_run, poll);
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

namespace {

// What trec_eval resets after scoring its one-document stand-in for a query
// the run lacks (-c): the measures that would otherwise count that document.
void clear_stand_in(const ValueLayout& layout, QueryScores& scores) {
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const auto& names = layout.measures[m].names;
    for (std::size_t k = 0; k < names.size(); ++k) {
      const std::string& name = names[k];
      if (name == "num_ret" || name == "utility" || name == "rbp_resid" || name.rfind("unj", 0) == 0) {
        scores.values[layout.offsets[m] + k] = 0.0;
      }
    }
  }
  scores.relstring.clear();
}

void score_query(const RankedJudgments& ranked, const ValueLayout& layout, const EvaluationOptions& options,
                 QueryScores& scores) {
  scores.values.assign(layout.size, 0.0);
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const RequestedMeasure& measure = layout.measures[m];
    const MeasureInput input{ranked, measure.params, options, scores.values.data() + layout.offsets[m],
                             &scores.relstring};
    measure.definition->compute(input);
  }
}

// The summary from the queries' values, added in query order as trec_eval adds them.
std::vector<double> summarize(const ValueLayout& layout, const std::vector<QueryScores>& queries) {
  std::vector<double> summary(layout.size, 0.0);
  for (const auto& query : queries) {
    for (std::size_t v = 0; v < layout.size; ++v) summary[v] += query.values[v];
  }
  const double count = static_cast<double>(queries.size());
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const RequestedMeasure& measure = layout.measures[m];
    for (std::size_t k = 0; k < measure.names.size(); ++k) {
      double& value = summary[layout.offsets[m] + k];
      switch (measure.definition->summary) {
        case Summary::mean: value /= count; break;
        case Summary::geometric_mean: value = std::exp(value / count); break;
        case Summary::query_count: value = count; break;
        case Summary::sum:
        case Summary::run_id:
        case Summary::none: break;
      }
    }
  }
  return summary;
}

}  // namespace

ValueLayout::ValueLayout(const std::vector<RequestedMeasure>& requested) : measures(requested) {
  for (const auto& measure : measures) {
    offsets.push_back(size);
    size += measure.names.size();
  }
}

Expected<RunScores> evaluate_run(const TrecRun& run, std::string_view run_name, const Qrels& qrels,
                                 const ValueLayout& layout, const EvaluationOptions& options, unsigned threads,
                                 const std::function<void()>& poll) {
  // Each query scored has its own slot, parts of them on each thread; the
  // slots are in qrels order, so nothing depends on the threads.
  const std::size_t count = qrels.queries.size();
  std::vector<const RunQuery*> retrieved(count);
  // Parts are cut from the queries scored, not from all the qrels': a run
  // of one query of a track's is one part, on this thread (starting a
  // thread costs more than scoring it).
  std::vector<std::size_t> scored;
  bool any_shared = false;
  for (std::size_t q = 0; q < count; ++q) {
    retrieved[q] = run.find(qrels.queries[q].qid);
    any_shared = any_shared || retrieved[q] != nullptr;
    // trec_eval 9.0.8: a qrels query the run lacks is skipped unless -c (docs/behaviour/trec-eval.md §4).
    if (retrieved[q] != nullptr || options.complete) scored.push_back(q);
  }
  if (!any_shared) {
    return fail(Status::invalid_data, "run '" + std::string(run_name) + "' has no query of the qrels");
  }
  std::vector<QueryScores> slots(scored.size());
  constexpr std::size_t queries_per_part = 32;
  eval::for_each_part((scored.size() + queries_per_part - 1) / queries_per_part, threads, [&](std::size_t part) {
    RankedJudgments ranked;
    const std::size_t last = std::min(scored.size(), (part + 1) * queries_per_part);
    for (std::size_t k = part * queries_per_part; k < last; ++k) {
      const std::size_t q = scored[k];
      const QrelsQuery& judged = qrels.queries[q];
      QueryScores& query = slots[k];
      query.qid = std::string(judged.qid);
      if (retrieved[q] != nullptr) {
        rank_and_judge(retrieved[q]->documents, judged, options, ranked);
        score_query(ranked, layout, options, query);
      } else {
        judge_missing_query(judged, options, ranked);
        score_query(ranked, layout, options, query);
        clear_stand_in(layout, query);
      }
    }
  }, {poll, {}});
  RunScores scores;
  scores.run_id = run.run_id;
  scores.queries = std::move(slots);
  scores.summary = summarize(layout, scores.queries);
  return scores;
}

}  // namespace grk::measures
