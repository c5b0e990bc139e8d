#include "evaluation/query_scoring.hpp"

#include <algorithm>
#include <cmath>

#include <grk/eval/threads.hpp>

#include "ranking/ranked_judgments.hpp"

namespace grk::measures {

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

std::vector<JudgedQuery> judged_queries(const std::vector<RunQuery>& run, const Qrels& qrels) {
  std::vector<JudgedQuery> judged;
  for (const auto& query : run) {
    if (const std::size_t q = qrels.index_of(query.qid); q < qrels.queries.size()) judged.emplace_back(&query, q);
  }
  return judged;
}

QueryScoring::QueryScoring(const Qrels& qrels, const ValueLayout& layout, const EvaluationOptions& options,
                           unsigned threads, const std::function<void()>& poll)
    : qrels_(qrels), layout_(layout), options_(options), threads_(threads), poll_(poll),
      slots_(qrels.queries.size()), has_(qrels.queries.size(), false) {}

// Parts are cut from these queries, not from all the qrels': a run of one
// query of a track's is one part, on this thread (starting a thread costs
// more than scoring it).
void QueryScoring::score(const std::vector<JudgedQuery>& queries) {
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

void QueryScoring::score(const std::vector<RunQuery>& run) { score(judged_queries(run, qrels_)); }

Expected<RunScores> QueryScoring::finish(std::string_view run_name, std::string run_id) {
  if (std::find(has_.begin(), has_.end(), true) == has_.end()) {
    return fail(Status::invalid_data, "run '" + std::string(run_name) + "' has no query of the qrels");
  }
  if (options_.complete) {
    std::vector<JudgedQuery> stand_ins;
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

}  // namespace grk::measures
