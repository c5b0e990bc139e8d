#include "evaluation/run_evaluation.hpp"

#include <cmath>

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

ValueLayout::ValueLayout(const std::vector<RequestedMeasure>& requested) : measures(requested) {
  for (const auto& measure : measures) {
    offsets.push_back(size);
    size += measure.names.size();
  }
}

Expected<RunScores> evaluate_run(const TrecRun& run, std::string_view run_name, const Qrels& qrels,
                                 const ValueLayout& layout, const EvaluationOptions& options) {
  RunScores scores;
  scores.run_id = run.run_id;
  RankedJudgments ranked;
  bool any_shared = false;
  for (const auto& judged : qrels.queries) {
    const RunQuery* retrieved = run.find(judged.qid);
    any_shared = any_shared || retrieved != nullptr;
    // trec_eval 9.0.8: a qrels query the run lacks is skipped unless -c (docs/behaviour/trec-eval.md §4).
    if (retrieved == nullptr && !options.complete) continue;
    QueryScores query;
    query.qid = std::string(judged.qid);
    if (retrieved != nullptr) {
      rank_and_judge(retrieved->documents, judged, options, ranked);
      score_query(ranked, layout, options, query);
    } else {
      judge_missing_query(judged, options, ranked);
      score_query(ranked, layout, options, query);
      clear_stand_in(layout, query);
    }
    scores.queries.push_back(std::move(query));
  }
  if (!any_shared) {
    return fail(Status::invalid_data, "run '" + std::string(run_name) + "' has no query of the qrels");
  }
  scores.summary = summarize(layout, scores.queries);
  return scores;
}

}  // namespace grk::measures
