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

namespace {

// A run's queries scored as they come, each in the slot of its qrels query,
// so that nothing depends on the threads or on how the queries came.
class QueryScoring {
 public:
  QueryScoring(const Qrels& qrels, const ValueLayout& layout, const EvaluationOptions& options, unsigned threads,
               const std::function<void()>& poll)
      : qrels_(qrels), layout_(layout), options_(options), threads_(threads), poll_(poll),
        slots_(qrels.queries.size()), has_(qrels.queries.size(), false) {}

  /// Scores each (run query, index of its qrels query), in parts of up to 32
  /// on the threads; a null run query is the qrels query's stand-in (-c).
  /// Parts are cut from these queries, not from all the qrels': a run of one
  /// query of a track's is one part, on this thread (starting a thread costs
  /// more than scoring it).
  void score(const std::vector<std::pair<const RunQuery*, std::size_t>>& queries) {
    constexpr std::size_t queries_per_part = 32;
    eval::for_each_part((queries.size() + queries_per_part - 1) / queries_per_part, threads_, [&](std::size_t part) {
      RankedJudgments ranked;
      const std::size_t last = std::min(queries.size(), (part + 1) * queries_per_part);
      for (std::size_t k = part * queries_per_part; k < last; ++k) {
        const auto [retrieved, q] = queries[k];
        const QrelsQuery& judged = qrels_.queries[q];
        QueryScores& query = slots_[q];
        query.qid = std::string(judged.qid);
        if (retrieved != nullptr) {
          rank_and_judge(retrieved->documents, judged, options_, ranked);
          score_query(ranked, layout_, options_, query);
        } else {
          judge_missing_query(judged, options_, ranked);
          score_query(ranked, layout_, options_, query);
          clear_stand_in(layout_, query);
        }
      }
    }, {poll_, {}});
    for (const auto& [retrieved, q] : queries) has_[q] = retrieved != nullptr;
  }

  /// Scores the queries of `run` that the qrels judge.
  void score(const std::vector<RunQuery>& run) {
    std::vector<std::pair<const RunQuery*, std::size_t>> judged;
    for (const auto& query : run) {
      const auto found = std::lower_bound(qrels_.queries.begin(), qrels_.queries.end(), query.qid,
                                          [](const QrelsQuery& q, std::string_view id) { return q.qid < id; });
      if (found != qrels_.queries.end() && found->qid == query.qid) {
        judged.emplace_back(&query, static_cast<std::size_t>(found - qrels_.queries.begin()));
      }
    }
    score(judged);
  }

  /// The run's scores once every query it has is scored: with `complete`,
  /// each qrels query it lacks scored as a stand-in (trec_eval 9.0.8: else
  /// skipped, docs/behaviour/trec-eval.md §4); the summary in qrels order.
  /// Fails when no query of the run is judged.
  Expected<RunScores> finish(std::string_view run_name, std::string run_id) {
    if (std::find(has_.begin(), has_.end(), true) == has_.end()) {
      return fail(Status::invalid_data, "run '" + std::string(run_name) + "' has no query of the qrels");
    }
    if (options_.complete) {
      std::vector<std::pair<const RunQuery*, std::size_t>> stand_ins;
      for (std::size_t q = 0; q < has_.size(); ++q) {
        if (!has_[q]) stand_ins.emplace_back(nullptr, q);
      }
      score(stand_ins);
    }
    RunScores scores;
    scores.run_id = std::move(run_id);
    for (std::size_t q = 0; q < slots_.size(); ++q) {
      if (has_[q] || options_.complete) scores.queries.push_back(std::move(slots_[q]));
    }
    scores.summary = summarize(layout_, scores.queries);
    return scores;
  }

 private:
  const Qrels& qrels_;
  const ValueLayout& layout_;
  const EvaluationOptions& options_;
  unsigned threads_;
  const std::function<void()>& poll_;
  std::vector<QueryScores> slots_;
  std::vector<bool> has_;  ///< which slots hold a query of the run
};

}  // namespace

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
  QueryScoring scoring(qrels, layout, options, threads, poll);
  GRK_TRY(const RunInPassing read, read_run_query_by_query(path, threads, [&](const std::vector<RunQuery>& queries) {
    scoring.score(queries);
  }));
  if (read.grouped) return scoring.finish(run_name, read.run_id);
  GRK_TRY(const TrecRun run, read_run(path, threads));
  return evaluate_run(run, run_name, qrels, layout, options, threads, poll);
}

}  // namespace grk::measures
