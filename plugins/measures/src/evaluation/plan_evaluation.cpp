#include "evaluation/plan_evaluation.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <limits>

#include <grk/eval/threads.hpp>

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

// The trec_eval groups' values: each group's measures scored as trec-eval scores them.
Expected<void> score_groups(const TrecRun& run, const std::string& system, const MeasurePlan& plan,
                            const std::vector<const Qrels*>& group_qrels, unsigned threads,
                            const std::function<void()>& poll, PlanScores& scores) {
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    const TrecGroup& group = plan.groups[g];
    const ValueLayout layout(group.measures);
    GRK_TRY(const RunScores run_scores, evaluate_run(run, system, *group_qrels[g], layout, group.options, threads, poll));
    for (std::size_t m = 0; m < plan.measures.size(); ++m) {
      const PlannedMeasure& planned = plan.measures[m];
      if (planned.family != Family::trec_eval || planned.group != g) continue;
      const std::size_t offset = layout.offsets[planned.measure_index] + planned.value_index;
      // The scored queries are a subsequence of the qrels' (both in id order).
      std::size_t q = 0;
      for (const auto& query : run_scores.queries) {
        while (group_qrels[g]->queries[q].qid != query.qid) ++q;
        scores.values[m][q] = query.values[offset];
      }
      if (planned.dialect == Dialect::trec_eval) {
        scores.summary[m] = run_scores.summary[offset];
        scores.mean_over[m] = run_scores.queries.size();
      }
    }
  }
  return {};
}

// The other families' values, and each measure's tied cutoffs, on up to
// `threads` threads: each part of the queries writes only its own slots, and
// counts its ties apart.
void score_families(const TrecRun& run, const MeasurePlan& plan, const Qrels& qrels, DiversityOrder order,
                    const Qrels* subtopics, unsigned threads, const std::function<void()>& poll,
                    PlanScores& scores) {
  std::vector<std::size_t> cutoffs;
  for (const auto& planned : plan.measures) cutoffs.push_back(integer_cutoff(planned, plan));
  const bool any_cutoff = std::any_of(cutoffs.begin(), cutoffs.end(), [](std::size_t k) { return k > 0; });
  constexpr std::size_t queries_per_part = 64;
  const std::size_t parts = (qrels.queries.size() + queries_per_part - 1) / queries_per_part;
  std::vector<std::vector<std::size_t>> tied(parts, std::vector<std::size_t>(plan.measures.size()));
  eval::for_each_part(parts, threads, [&](std::size_t part) {
    std::vector<double> sorted_scores;
    const std::size_t end = std::min(qrels.queries.size(), (part + 1) * queries_per_part);
    for (std::size_t q = part * queries_per_part; q < end; ++q) {
      const RunQuery* retrieved = run.find(qrels.queries[q].qid);
      if (retrieved == nullptr) continue;
      QueryRankings rankings(qrels.queries[q], *retrieved, order, subtopics ? &subtopics->queries[q] : nullptr);
      if (any_cutoff) scores_descending(*retrieved, sorted_scores);
      for (std::size_t m = 0; m < plan.measures.size(); ++m) {
        const PlannedMeasure& planned = plan.measures[m];
        if (any_cutoff && cutoff_in_tie(sorted_scores, cutoffs[m])) ++tied[part][m];
        if (planned.family == Family::cwl) {
          const CwlMeasurement measured = family::cwl(planned.measure, rankings);
          scores.values[m][q] = measured[0];
          scores.cwl[m][q] = measured;
        } else if (planned.family != Family::trec_eval) {
          scores.values[m][q] = family_value(planned.measure, rankings);
        }
      }
    }
  }, {poll, {}});
  for (const auto& counts : tied) {
    for (std::size_t m = 0; m < counts.size(); ++m) scores.tied_cutoffs[m] += counts[m];
  }
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

// ndeval's rank order reads each query's ranks, which must differ.
Expected<void> check_ranks(const TrecRun& run, const std::string& system) {
  std::vector<long> sorted;
  for (const auto& query : run.queries) {
    const std::vector<long>* ranks = &query.ranks;
    if (!std::is_sorted(ranks->begin(), ranks->end())) {  // most runs list them in order: no copy
      sorted = query.ranks;
      std::sort(sorted.begin(), sorted.end());
      ranks = &sorted;
    }
    const auto twice = std::adjacent_find(ranks->begin(), ranks->end());
    if (twice == ranks->end()) continue;
    return fail(Status::invalid_data, "run '" + system + "' gives query '" + std::string(query.qid) + "' rank " +
                                          std::to_string(*twice) +
                                          " twice, which ndeval's rank order refuses (diversity_order 'score' "
                                          "orders by score)");
  }
  return {};
}

// Whether ndeval's rank order reads the runs' rank column.
bool reads_ranks(const MeasurePlan& plan, DiversityOrder order) {
  return order == DiversityOrder::rank && has_family(plan, Family::ndeval);
}

Expected<PlanScores> score_run(const TrecRun& run, const std::string& system, const MeasurePlan& plan,
                               const Qrels& qrels, const std::vector<const Qrels*>& group_qrels, unsigned threads,
                               DiversityOrder order, const Qrels* subtopics, const std::function<void()>& poll) {
  if (reads_ranks(plan, order)) GRK_TRY_VOID(check_ranks(run, system));
  const std::size_t count = qrels.queries.size();
  PlanScores scores;
  scores.run_id = run.run_id;
  scores.values.assign(plan.measures.size(), std::vector<std::optional<double>>(count));
  scores.summary.assign(plan.measures.size(), 0.0);
  scores.mean_over.assign(plan.measures.size(), 0);
  scores.tied_cutoffs.assign(plan.measures.size(), 0);
  scores.cwl.resize(plan.measures.size());
  scores.cwl_summary.assign(plan.measures.size(), CwlMeasurement{});
  for (std::size_t m = 0; m < plan.measures.size(); ++m) {
    if (plan.measures[m].family == Family::cwl) scores.cwl[m].resize(count);
  }
  for (const std::size_t q : qrels.file_order) {
    if (run.find(qrels.queries[q].qid) == nullptr) scores.missing.emplace_back(qrels.queries[q].qid);
  }
  if (scores.missing.size() == count) {
    return fail(Status::invalid_data, "run '" + system + "' has no query of the qrels");
  }
  GRK_TRY_VOID(score_groups(run, system, plan, group_qrels, threads, poll, scores));
  score_families(run, plan, qrels, order, subtopics, threads, poll, scores);
  summarize(plan, qrels, scores);
  return scores;
}

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
  for (const auto& [system, path] : runs) {
    if (poll) poll();
    GRK_TRY(const TrecRun run, read_run(path, threads, reads_ranks(plan, diversity_order)));
    GRK_TRY(auto one, score_run(run, system, plan, qrels, group_qrels, threads, diversity_order, subtopics, poll));
    scores.push_back(std::move(one));
  }
  return scores;
}

Expected<PlanScores> evaluate_plan(const TrecRun& run, const std::string& system, const MeasurePlan& plan,
                                   const Qrels& qrels, unsigned threads, DiversityOrder diversity_order,
                                   const Qrels* subtopics) {
  std::deque<Qrels> mapped;
  const std::vector<const Qrels*> group_qrels = qrels_for_groups(plan, qrels, mapped);
  return score_run(run, system, plan, qrels, group_qrels, threads, diversity_order, subtopics, {});
}

}  // namespace grk::measures
