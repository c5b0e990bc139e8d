#include "evaluation/plan_evaluation.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <limits>

#include <grk/eval/threads.hpp>

#include "evaluation/query_scoring.hpp"
#include "evaluation/system_evaluation.hpp"
#include "families/family_measures.hpp"
#include "trec/run_reader.hpp"
#include "trec/text_lines.hpp"

namespace grk::measures {

namespace {

// ir_measures sums these over the queries instead of taking their mean.
bool is_count(const PlannedMeasure& planned) {
  if (planned.dialect != Dialect::ir_measures) return false;
  const std::string_view name = planned.measure.definition->name;
  return name == "NumQ" || name == "NumRet" || name == "NumRel";
}

// The integer cutoff a measure stops at, or 0.
std::size_t integer_cutoff(const PlannedMeasure& planned, const MeasurePlan& plan) {
  if (planned.dialect == Dialect::ir_measures) {
    const auto& cutoff = planned.measure.cutoff;
    return cutoff && cutoff->kind == Literal::Kind::integer ? static_cast<std::size_t>(cutoff->number) : 0;
  }
  const RequestedMeasure& requested = plan.groups[planned.group].measures[planned.measure_index];
  if (requested.definition->style != ParamStyle::integer_cutoffs) return 0;
  return static_cast<std::size_t>(requested.params.cutoffs[planned.value_index]);
}

// The run's scores of one query, highest first.
void scores_descending(const RunQuery& retrieved, std::vector<double>& scores) {
  scores.clear();
  for (const auto& document : retrieved.documents) scores.push_back(document.score);
  if (!std::is_sorted(scores.begin(), scores.end(), std::greater<>())) std::sort(scores.begin(), scores.end(), std::greater<>());
}

// Whether the documents at ranks `cutoff` and `cutoff + 1` tie: there the
// references' tie orders give different values.
bool cutoff_in_tie(const std::vector<double>& scores, std::size_t cutoff) {
  return cutoff > 0 && scores.size() > cutoff && scores[cutoff - 1] == scores[cutoff];
}

// The means, each value added in the order the qrels file first names its
// query (ir_measures' order): an ir_measures name's over every qrels query,
// a query without a value counting 0; a trec_eval name's over the queries
// trec_eval averages (mean_over, set by score_groups). trec_eval's other
// summaries (sums, geometric means, num_q) stay as trec-eval makes them.
void summarize(const MeasurePlan& plan, const Qrels& qrels, PlanScores& scores) {
  for (std::size_t m = 0; m < plan.measures.size(); ++m) {
    const PlannedMeasure& planned = plan.measures[m];
    const bool ir = planned.dialect == Dialect::ir_measures;
    if (!ir) {
      const RequestedMeasure& requested = plan.groups[planned.group].measures[planned.measure_index];
      if (requested.definition->summary != Summary::mean) continue;
    }
    double sum = 0.0;
    CwlMeasurement cwl_sums{};
    for (const std::size_t q : qrels.file_order) {
      if (scores.values[m][q]) sum += *scores.values[m][q];
      if (planned.family == Family::cwl && scores.cwl[m][q]) {
        for (std::size_t c = 0; c < cwl_sums.size(); ++c) cwl_sums[c] += (*scores.cwl[m][q])[c];
      }
    }
    if (ir) scores.mean_over[m] = qrels.queries.size();
    const auto over = static_cast<double>(scores.mean_over[m]);
    scores.summary[m] = is_count(planned) ? sum : sum / over;
    if (planned.family == Family::cwl) {
      for (std::size_t c = 0; c < cwl_sums.size(); ++c) scores.cwl_summary[m][c] = cwl_sums[c] / over;
    }
  }
}

// The qrels each trec_eval group reads: `qrels` itself, or for a group with
// gains a copy in `mapped` with the levels mapped (a level not named keeps
// its value).
std::vector<const Qrels*> qrels_for_groups(const MeasurePlan& plan, const Qrels& qrels, std::deque<Qrels>& mapped) {
  std::vector<const Qrels*> out;
  for (const auto& group : plan.groups) {
    if (group.gains.empty()) {
      out.push_back(&qrels);
      continue;
    }
    Qrels& copy = mapped.emplace_back(qrels);
    for (auto& query : copy.queries) {
      for (auto& judgment : query.judgments) {
        for (const auto& [level, gain] : group.gains) {
          if (judgment.relevance == level) {
            judgment.relevance = gain;
            break;
          }
        }
      }
    }
    out.push_back(&copy);
  }
  return out;
}

// The first rank a query gives twice, if any: ndeval's rank order refuses it.
std::optional<long> rank_given_twice(const RunQuery& query) {
  std::vector<long> sorted;
  const std::vector<long>* ranks = &query.ranks;
  if (!std::is_sorted(ranks->begin(), ranks->end())) {  // most runs list them in order: no copy
    sorted = query.ranks;
    std::sort(sorted.begin(), sorted.end());
    ranks = &sorted;
  }
  const auto twice = std::adjacent_find(ranks->begin(), ranks->end());
  if (twice == ranks->end()) return std::nullopt;
  return *twice;
}

// Whether ndeval's rank order reads the runs' rank column.
bool reads_ranks(const MeasurePlan& plan, DiversityOrder order) {
  return order == DiversityOrder::rank && has_family(plan, Family::ndeval);
}

// One run's values under a plan, from its queries as they come: the whole
// run, or a window's queries at a time (read_run_query_by_query). Each
// query's values go to the slots of its qrels query, so the values do not
// depend on how the queries came.
class PlanScoring {
 public:
  PlanScoring(const std::string& system, const MeasurePlan& plan, const Qrels& qrels,
              const std::vector<const Qrels*>& group_qrels, unsigned threads, DiversityOrder order,
              const Qrels* subtopics, const std::function<void()>& poll)
      : system_(system), plan_(plan), qrels_(qrels), group_qrels_(group_qrels), threads_(threads), order_(order),
        subtopics_(subtopics), poll_(poll), seen_(qrels.queries.size(), false) {
    const std::size_t count = qrels.queries.size();
    for (std::size_t g = 0; g < plan.groups.size(); ++g) {
      const ValueLayout& layout = layouts_.emplace_back(plan.groups[g].measures);
      groups_.emplace_back(*group_qrels[g], layout, plan.groups[g].options, threads, poll);
    }
    scores_.values.assign(plan.measures.size(), std::vector<std::optional<double>>(count));
    scores_.summary.assign(plan.measures.size(), 0.0);
    scores_.mean_over.assign(plan.measures.size(), 0);
    scores_.tied_cutoffs.assign(plan.measures.size(), 0);
    scores_.cwl.resize(plan.measures.size());
    scores_.cwl_summary.assign(plan.measures.size(), CwlMeasurement{});
    for (std::size_t m = 0; m < plan.measures.size(); ++m) {
      if (plan.measures[m].family == Family::cwl) scores_.cwl[m].resize(count);
      cutoffs_.push_back(integer_cutoff(plan.measures[m], plan));
    }
  }

  /// Scores `queries`, each a query of the run not given before.
  void add(const std::vector<RunQuery>& queries) {
    // ndeval's rank order: the first query in id order that gives a rank twice is refused.
    if (reads_ranks(plan_, order_)) {
      for (const auto& query : queries) {
        if (repeated_rank_ && !(query.qid < repeated_rank_->first)) continue;
        if (const auto rank = rank_given_twice(query)) repeated_rank_.emplace(std::string(query.qid), *rank);
      }
    }
    // Each group's qrels hold the qrels' queries, in their order.
    const std::vector<JudgedQuery> judged = judged_queries(queries, qrels_);
    for (const auto& [query, q] : judged) seen_[q] = true;
    for (auto& group : groups_) group.score(judged);
    score_families(judged);
  }

  /// The values once every query of the run is added, its id `run_id`. Fails
  /// as trec-eval does on a run that shares no query with the qrels.
  Expected<PlanScores> finish(std::string run_id) {
    if (repeated_rank_) {
      return fail(Status::invalid_data, "run '" + system_ + "' gives query '" + repeated_rank_->first + "' rank " +
                                            std::to_string(repeated_rank_->second) +
                                            " twice, which ndeval's rank order refuses (diversity_order 'score' "
                                            "orders by score)");
    }
    for (const std::size_t q : qrels_.file_order) {
      if (!seen_[q]) scores_.missing.emplace_back(qrels_.queries[q].qid);
    }
    if (scores_.missing.size() == qrels_.queries.size()) {
      return fail(Status::invalid_data, "run '" + system_ + "' has no query of the qrels");
    }
    for (std::size_t g = 0; g < groups_.size(); ++g) GRK_TRY_VOID(take_group(g, run_id));
    summarize(plan_, qrels_, scores_);
    scores_.run_id = std::move(run_id);
    return std::move(scores_);
  }

 private:
  // Group g's values (its measures scored as trec-eval scores them) into the plan's slots.
  Expected<void> take_group(std::size_t g, const std::string& run_id) {
    GRK_TRY(const RunScores run_scores, groups_[g].finish(system_, run_id));
    const ValueLayout& layout = layouts_[g];
    for (std::size_t m = 0; m < plan_.measures.size(); ++m) {
      const PlannedMeasure& planned = plan_.measures[m];
      if (planned.family != Family::trec_eval || planned.group != g) continue;
      const std::size_t offset = layout.offsets[planned.measure_index] + planned.value_index;
      // The scored queries are a subsequence of the qrels' (both in id order).
      std::size_t q = 0;
      for (const auto& query : run_scores.queries) {
        while (group_qrels_[g]->queries[q].qid != query.qid) ++q;
        scores_.values[m][q] = query.values[offset];
      }
      if (planned.dialect == Dialect::trec_eval) {
        scores_.summary[m] = run_scores.summary[offset];
        scores_.mean_over[m] = run_scores.queries.size();
      }
    }
    return {};
  }

  // The other families' values, and each measure's tied cutoffs, on up to
  // `threads` threads: each part of the queries writes only its own slots,
  // and counts its ties apart.
  void score_families(const std::vector<JudgedQuery>& judged) {
    const bool any_cutoff = std::any_of(cutoffs_.begin(), cutoffs_.end(), [](std::size_t k) { return k > 0; });
    constexpr std::size_t queries_per_part = 64;
    const std::size_t parts = (judged.size() + queries_per_part - 1) / queries_per_part;
    std::vector<std::vector<std::size_t>> tied(parts, std::vector<std::size_t>(plan_.measures.size()));
    eval::for_each_part(parts, threads_, [&](std::size_t part) {
      std::vector<double> sorted_scores;
      const std::size_t end = std::min(judged.size(), (part + 1) * queries_per_part);
      for (std::size_t k = part * queries_per_part; k < end; ++k) {
        const auto [retrieved, q] = judged[k];
        QueryRankings rankings(qrels_.queries[q], *retrieved, order_, subtopics_ ? &subtopics_->queries[q] : nullptr);
        if (any_cutoff) scores_descending(*retrieved, sorted_scores);
        for (std::size_t m = 0; m < plan_.measures.size(); ++m) {
          const PlannedMeasure& planned = plan_.measures[m];
          if (any_cutoff && cutoff_in_tie(sorted_scores, cutoffs_[m])) ++tied[part][m];
          if (planned.family == Family::cwl) {
            const CwlMeasurement measured = family::cwl(planned.measure, rankings);
            scores_.values[m][q] = measured[0];
            scores_.cwl[m][q] = measured;
          } else if (planned.family != Family::trec_eval) {
            scores_.values[m][q] = family_value(planned.measure, rankings);
          }
        }
      }
    }, {poll_, {}});
    for (const auto& counts : tied) {
      for (std::size_t m = 0; m < counts.size(); ++m) scores_.tied_cutoffs[m] += counts[m];
    }
  }

  const std::string& system_;
  const MeasurePlan& plan_;
  const Qrels& qrels_;
  const std::vector<const Qrels*>& group_qrels_;
  unsigned threads_;
  DiversityOrder order_;
  const Qrels* subtopics_;
  const std::function<void()>& poll_;
  std::deque<ValueLayout> layouts_;  // a deque: the groups' scorings hold references to its elements
  std::deque<QueryScoring> groups_;
  std::vector<std::size_t> cutoffs_;
  std::vector<bool> seen_;  ///< the qrels queries the run has
  std::optional<std::pair<std::string, long>> repeated_rank_;  ///< the first query (in id order) giving a rank twice
  PlanScores scores_;
};

}  // namespace

Expected<void> check_plan_computed(const MeasurePlan& plan) {
  std::string refused;
  for (const auto& planned : plan.measures) {
    const std::string_view name = planned.measure.definition ? planned.measure.definition->name : "";
    if (name == "NERR9" || name == "NERR11") refused += (refused.empty() ? "" : ", ") + planned.name;
  }
  if (refused.empty()) return {};
  return fail(Status::invalid_argument, "not computed by this release: " + refused +
                                            " (cwl_eval's NERR9 and NERR11 have no reference values here to be "
                                            "checked against)");
}

bool has_family(const MeasurePlan& plan, Family family) {
  return std::any_of(plan.measures.begin(), plan.measures.end(),
                     [&](const PlannedMeasure& planned) { return planned.family == family; });
}

Expected<void> check_qrels_for_plan(const MeasurePlan& plan, const Qrels& qrels, const std::string& file) {
  const auto first = [&](auto&& wanted) {
    const auto found = std::find_if(plan.measures.begin(), plan.measures.end(), wanted);
    return found == plan.measures.end() ? nullptr : &*found;
  };
  const PlannedMeasure* gdeval = first([](const PlannedMeasure& m) { return m.family == Family::gdeval; });
  const PlannedMeasure* raw_gains = first([](const PlannedMeasure& m) {
    return m.family == Family::cwl && family::cwl_takes_judgments_as_gains(m.measure);
  });
  const auto refuse_outside = [&](long lowest, long highest, const std::string& why) -> Expected<void> {
    if (qrels.text->empty()) {  // made in memory: no line to name
      for (const auto& query : qrels.queries) {
        for (const auto& judgment : query.judgments) {
          if (judgment.relevance >= lowest && judgment.relevance <= highest) continue;
          return fail(Status::invalid_data, file + ": query '" + std::string(query.qid) + "' document '" +
                                                std::string(judgment.docno) + "' judged " +
                                                std::to_string(judgment.relevance) + ": " + why);
        }
      }
      return {};
    }
    const TextLineCopy line = first_judgment_outside(qrels, lowest, highest);
    if (line.number == 0) return {};
    return unexpected(bad_line("qrels file", file, TextLine{line.text, line.number}, why));
  };
  if (gdeval != nullptr) {
    GRK_TRY_VOID(refuse_outside(std::numeric_limits<long>::min(), gdeval_max_grade,
                                "a grade above " + std::to_string(gdeval_max_grade) + ", which gdeval.pl refuses (" +
                                    gdeval->name + " is gdeval's)"));
  }
  if (raw_gains != nullptr) {
    GRK_TRY_VOID(refuse_outside(0, 1, "a judgment outside [0, 1], which cwl_eval refuses as a gain (" +
                                          raw_gains->name + " takes the judgments as gains; rel= or max_rel= maps them)"));
  }
  return {};
}

Expected<std::vector<PlanScores>> evaluate_plan(const std::vector<std::pair<std::string, std::filesystem::path>>& runs,
                                                const MeasurePlan& plan, const Qrels& qrels, unsigned threads,
                                                DiversityOrder diversity_order, const Qrels* subtopics,
                                                const std::function<void()>& poll) {
  std::deque<Qrels> mapped;  // a deque: the pointers to its elements stay valid as it grows
  const std::vector<const Qrels*> group_qrels = qrels_for_groups(plan, qrels, mapped);
  std::vector<PlanScores> scores;
  const bool ranks = reads_ranks(plan, diversity_order);
  for (const auto& run : runs) {
    // Named, not bound: C++17 lets no lambda capture a structured binding.
    const std::string& system = run.first;
    const std::filesystem::path& path = run.second;
    if (poll) poll();
    std::optional<PlanScoring> scoring;
    GRK_TRY(std::string run_id,
            read_run_for_scoring(
                path, threads, ranks,
                [&] { scoring.emplace(system, plan, qrels, group_qrels, threads, diversity_order, subtopics, poll); },
                [&](const std::vector<RunQuery>& queries) { scoring->add(queries); }));
    GRK_TRY(auto one, scoring->finish(std::move(run_id)));
    scores.push_back(std::move(one));
  }
  return scores;
}

Expected<PlanScores> evaluate_plan(const TrecRun& run, const std::string& system, const MeasurePlan& plan,
                                   const Qrels& qrels, unsigned threads, DiversityOrder diversity_order,
                                   const Qrels* subtopics) {
  std::deque<Qrels> mapped;
  const std::vector<const Qrels*> group_qrels = qrels_for_groups(plan, qrels, mapped);
  const std::function<void()> no_poll;
  PlanScoring scoring(system, plan, qrels, group_qrels, threads, diversity_order, subtopics, no_poll);
  scoring.add(run.queries);
  return scoring.finish(run.run_id);
}

}  // namespace grk::measures
