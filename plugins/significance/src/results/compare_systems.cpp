#include "results/compare_systems.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <algorithm>
#include <optional>
#include <utility>

#include <grk/eval/choices.hpp>
#include <grk/eval/threads.hpp>
#include <grk/python/text.hpp>

#include "inputs/score_pair.hpp"
#include "methods/comparison_record.hpp"

namespace grk::significance {

namespace {

constexpr eval::Spellings<Family, 2> family_spellings{{{Family::all, "all"}, {Family::per_metric, "per-metric"}}};

Expected<std::size_t> find_system(const std::vector<std::string>& systems, const std::string& name,
                                  std::string_view param) {
  const auto found = std::find(systems.begin(), systems.end(), name);
  if (found != systems.end()) return static_cast<std::size_t>(found - systems.begin());
  return fail(Status::invalid_argument, std::string(param) + ": unknown system " + python::repr(name) +
                                            "; the input has " + python::repr_list(systems));
}

/// One comparison, computed from its own inputs only: the same record
/// whichever thread runs it. Every failure names the comparison.
Expected<ComparisonRecord> compare_pair(const std::string& baseline, const std::string& candidate,
                                        const std::string& metric, const ScorePair& scores,
                                        const FamilySettings& settings, const TestRun& run) {
  const auto named = [&](const Failure& failure) {
    return fail(failure.status, "compare-systems " + candidate + " vs " + baseline + " on " + metric + ": " +
                                    failure.message);
  };
  const ComparisonTest& test = *settings.test;
  auto deltas = paired_deltas(scores.baseline, scores.candidate, test.prose);
  if (!deltas) return named(deltas.error());
  ComparisonRecord record = describe_comparison(baseline, candidate, metric, std::string(test.name), scores, *deltas);
  if (auto filled = test.fill(record, *deltas, settings.test_settings, run); !filled) {
    // The test is undefined on these deltas (invalid_data: a run copied, two
    // systems tied on every query): one such pair must not cost the whole
    // table, so it stays in the family, untestable (docs/behaviour/comparisons.md §10.8).
    if (filled.error().status != Status::invalid_data) return named(filled.error());
    record.untestable = filled.error().message;
    record.alpha = settings.test_settings.alpha;  // its verdict is set with the others' (never significant)
  }
  return record;
}

/// The family's systems, in the input's order, and each one's column in the
/// aligned scores: alignment is per metric over all of them, so that every
/// row of a metric compares the same queries.
struct FamilyMembers {
  std::vector<std::size_t> systems;
  std::size_t column(std::size_t system) const {
    return static_cast<std::size_t>(std::lower_bound(systems.begin(), systems.end(), system) - systems.begin());
  }
};

FamilyMembers family_members(const std::vector<SystemPair>& pairs) {
  FamilyMembers members;
  for (const SystemPair& pair : pairs) {
    members.systems.push_back(pair.baseline);
    members.systems.push_back(pair.candidate);
  }
  std::sort(members.systems.begin(), members.systems.end());
  members.systems.erase(std::unique(members.systems.begin(), members.systems.end()), members.systems.end());
  return members;
}

/// Each metric's scores aligned over the members, and the result's
/// `queries.metrics` object saying what the policy did per metric.
struct AlignedFamily {
  std::vector<eval::AlignedScores> metrics;
  boost::json::object summary;
};

Expected<AlignedFamily> align_family(const SystemTable& table, const FamilyMembers& members,
                                     eval::MissingQueries policy) {
  AlignedFamily aligned;
  for (std::size_t m = 0; m < table.metrics.size(); ++m) {
    std::vector<eval::SystemScores> systems;
    for (const std::size_t s : members.systems) systems.push_back({table.systems[s], &table.scores[m][s]});
    GRK_TRY(eval::AlignedScores scores, eval::align_queries(systems, table.metrics[m], policy));
    boost::json::object filled;
    for (std::size_t i = 0; i < members.systems.size(); ++i) {
      filled[table.systems[members.systems[i]]] = scores.filled_queries[i];
    }
    aligned.summary[table.metrics[m]] = boost::json::object{{"compared", scores.query_ids.size()},
                                                            {"dropped", scores.dropped_queries},
                                                            {"filled", std::move(filled)}};
    aligned.metrics.push_back(std::move(scores));
  }
  return aligned;
}

/// The aligned scores of one pair on one metric: two score maps, or, with
/// `deltas`, the JSON object {query id: candidate - baseline}.
struct PairColumns {
  const eval::AlignedScores& scores;
  const std::vector<double>& baseline;
  const std::vector<double>& candidate;

  PairColumns(const eval::AlignedScores& aligned, const FamilyMembers& members, const SystemPair& pair)
      : scores(aligned),
        baseline(aligned.scores[members.column(pair.baseline)]),
        candidate(aligned.scores[members.column(pair.candidate)]) {}

  ScorePair score_pair() const {
    ScorePair paired;
    for (std::size_t q = 0; q < scores.query_ids.size(); ++q) {
      paired.baseline.emplace_hint(paired.baseline.end(), scores.query_ids[q], baseline[q]);
      paired.candidate.emplace_hint(paired.candidate.end(), scores.query_ids[q], candidate[q]);
    }
    return paired;
  }

  boost::json::object deltas() const {
    boost::json::object out;
    for (std::size_t q = 0; q < scores.query_ids.size(); ++q) out[scores.query_ids[q]] = candidate[q] - baseline[q];
    return out;
  }
};

/// A test of the matrix's analysis of each metric (none for a paired test),
/// metric by metric, each on every thread, polling as it goes; the first
/// failure names its metric.
Expected<std::vector<MatrixAnalysis>> analyse_metrics(const SystemTable& table, const AlignedFamily& aligned,
                                                      const FamilySettings& settings,
                                                      const std::function<void()>& poll) {
  std::vector<MatrixAnalysis> analyses;
  if (settings.test->analyse == nullptr) return analyses;
  for (std::size_t m = 0; m < table.metrics.size(); ++m) {
    auto analysis = settings.test->analyse(aligned.metrics[m].scores, settings.test_settings, settings.threads, poll);
    if (!analysis) {
      return fail(analysis.error().status, "compare-systems on " + table.metrics[m] + ": " + analysis.error().message);
    }
    analyses.push_back(std::move(*analysis));
  }
  return analyses;
}

/// Every comparison of the family, pair by pair and metric by metric within
/// a pair, each into its own slot on settings.threads threads; the first
/// failure in family order.
Expected<std::vector<ComparisonRecord>> compare_family(const SystemTable& table, const std::vector<SystemPair>& pairs,
                                                       const FamilyMembers& members, const AlignedFamily& aligned,
                                                       const std::vector<MatrixAnalysis>& analyses,
                                                       const FamilySettings& settings,
                                                       const std::function<void(std::size_t, std::size_t)>& progress,
                                                       const std::function<void()>& poll) {
  const std::size_t metric_count = table.metrics.size();
  const std::size_t family_size = pairs.size() * metric_count;
  std::vector<std::optional<Expected<ComparisonRecord>>> slots(family_size);
  eval::for_each_part(family_size, settings.threads, [&](std::size_t i) {
    const SystemPair& pair = pairs[i / metric_count];
    const std::size_t m = i % metric_count;
    TestRun run;
    if (!analyses.empty()) {
      run.matrix = &analyses[m];
      run.baseline_row = members.column(pair.baseline);
      run.candidate_row = members.column(pair.candidate);
    }
    slots[i].emplace(compare_pair(table.systems[pair.baseline], table.systems[pair.candidate], table.metrics[m],
                                  PairColumns(aligned.metrics[m], members, pair).score_pair(), settings, run));
  }, {poll, [&](std::size_t done) {
    if (progress) progress(done, family_size);
  }});
  std::vector<ComparisonRecord> records;
  for (auto& slot : slots) {
    GRK_TRY(ComparisonRecord record, std::move(*slot));
    records.push_back(std::move(record));
  }
  return records;
}

/// The p-values adjusted together: one family of every record, or one per
/// metric (record i is of metric i % metric_count).
std::vector<double> adjust_family(const std::vector<ComparisonRecord>& records, std::size_t metric_count,
                                  eval::Correction correction, Family family) {
  std::vector<double> adjusted(records.size());
  const std::size_t families = family == Family::all ? 1 : metric_count;
  for (std::size_t f = 0; f < families; ++f) {
    std::vector<std::size_t> members;
    for (std::size_t i = 0; i < records.size(); ++i) {
      if (family == Family::all || i % metric_count == f) members.push_back(i);
    }
    // An untestable comparison counts as one that found nothing (p = 1), so
    // it makes no other comparison's correction looser (§10.8).
    std::vector<double> p_values;
    for (const std::size_t i : members) p_values.push_back(records[i].untestable ? 1.0 : records[i].p_value_two_sided);
    const std::vector<double> family_adjusted = eval::adjust(p_values, correction);
    for (std::size_t j = 0; j < members.size(); ++j) adjusted[members[j]] = family_adjusted[j];
  }
  return adjusted;
}

boost::json::object anova_term(const AnovaTerm& term, bool with_test) {
  boost::json::object out{{"sum_of_squares", term.sum_of_squares},
                          {"df", term.df},
                          {"mean_square", term.mean_square}};
  if (with_test) {
    out["f"] = term.f;
    out["p_value"] = term.p_value;
  }
  return out;
}

/// `anova`: {metric: {"system": {...}, "topic": {...}, "residual": {...}}}.
boost::json::object anova_tables(const SystemTable& table, const std::vector<MatrixAnalysis>& analyses) {
  boost::json::object out;
  for (std::size_t m = 0; m < analyses.size(); ++m) {
    const TwoWayAnova& anova = analyses[m].anova;
    out[table.metrics[m]] = boost::json::object{{"system", anova_term(anova.system, true)},
                                                {"topic", anova_term(anova.topic, true)},
                                                {"residual", anova_term(anova.residual, false)}};
  }
  return out;
}

/// Sakai's (SIGIR 2006) discriminative power per metric: how many of the
/// metric's listed pairs are significant after correction, and their share.
boost::json::object discriminative_power(const SystemTable& table, const std::vector<ComparisonRecord>& records) {
  boost::json::object out;
  const std::size_t metric_count = table.metrics.size();
  for (std::size_t m = 0; m < metric_count; ++m) {
    std::size_t pairs = 0;
    std::size_t significant = 0;
    for (std::size_t i = m; i < records.size(); i += metric_count) {
      ++pairs;
      significant += records[i].significant ? 1 : 0;
    }
    out[table.metrics[m]] = boost::json::object{
        {"significant", significant},
        {"pairs", pairs},
        {"share", static_cast<double>(significant) / static_cast<double>(pairs)}};
  }
  return out;
}

}  // namespace

std::string_view family_name(Family family) noexcept { return eval::choice_name(family_spellings, family); }

Expected<Family> parse_family(std::string_view name) { return eval::parse_choice(family_spellings, "family", name); }

Expected<std::vector<SystemPair>> plan_pairs(const std::vector<std::string>& input_systems,
                                             const std::optional<std::string>& baseline,
                                             const std::optional<std::vector<std::string>>& systems) {
  std::optional<std::size_t> baseline_index;
  if (baseline) {
    GRK_TRY(baseline_index, find_system(input_systems, *baseline, "baseline"));
  }
  std::vector<std::size_t> chosen;
  if (systems) {
    for (const std::string& name : *systems) {
      GRK_TRY(const std::size_t index, find_system(input_systems, name, "systems"));
      chosen.push_back(index);
    }
  } else {
    for (std::size_t s = 0; s < input_systems.size(); ++s) chosen.push_back(s);
  }

  std::vector<SystemPair> pairs;
  if (baseline_index) {
    for (const std::size_t candidate : chosen) {
      if (candidate != *baseline_index) pairs.push_back({*baseline_index, candidate});
    }
    if (pairs.empty()) {
      return fail(Status::invalid_argument,
                  "systems: no candidate to compare with the baseline " + python::repr(*baseline));
    }
  } else {
    for (std::size_t a = 0; a < chosen.size(); ++a) {
      for (std::size_t b = a + 1; b < chosen.size(); ++b) pairs.push_back({chosen[a], chosen[b]});
    }
    if (pairs.empty()) {
      return fail(Status::invalid_argument, "systems: at least two systems are needed for a comparison, got " +
                                                std::to_string(chosen.size()));
    }
  }
  return pairs;
}

Expected<boost::json::value> compare_systems(const SystemTable& table, const std::vector<SystemPair>& pairs,
                                             const FamilySettings& settings,
                                             const std::function<void(std::size_t, std::size_t)>& progress,
                                             const std::function<void()>& poll) {
  const FamilyMembers members = family_members(pairs);
  GRK_TRY(AlignedFamily aligned, align_family(table, members, settings.missing_queries));
  GRK_TRY(const std::vector<MatrixAnalysis> analyses, analyse_metrics(table, aligned, settings, poll));
  GRK_TRY(std::vector<ComparisonRecord> records,
          compare_family(table, pairs, members, aligned, analyses, settings, progress, poll));

  // The correction over each family, then each record's verdict on it.
  const std::size_t metric_count = table.metrics.size();
  const std::vector<double> adjusted = adjust_family(records, metric_count, settings.correction, settings.family);
  boost::json::array comparisons;
  for (std::size_t i = 0; i < records.size(); ++i) {
    ComparisonRecord& record = records[i];
    record.p_value_adjusted = adjusted[i];
    record.significant = !record.untestable && adjusted[i] < settings.test_settings.alpha;
    boost::json::value json = to_json(record);
    if (settings.per_query) {
      json.as_object()["per_query_deltas"] =
          PairColumns(aligned.metrics[i % metric_count], members, pairs[i / metric_count]).deltas();
    }
    comparisons.push_back(std::move(json));
  }

  // A Tukey family is every pair of the family's k systems on a metric,
  // whether or not a baseline lists only some of them.
  const std::size_t k = members.systems.size();
  const std::size_t family_size = !analyses.empty()                ? k * (k - 1) / 2
                                  : settings.family == Family::all ? records.size()
                                                                   : pairs.size();
  boost::json::object result{
      {"test", settings.test->family_name},
      {"correction", eval::correction_name(settings.correction)},
      {"family", family_name(settings.family)},
      {"alpha", settings.test_settings.alpha},
      {"family_size", family_size},
  };
  if (!analyses.empty()) {
    boost::json::array systems;
    for (const std::size_t s : members.systems) systems.emplace_back(table.systems[s]);
    result["family_systems"] = std::move(systems);
  }
  result["discriminative_power"] = discriminative_power(table, records);
  result["comparisons"] = std::move(comparisons);
  if (!analyses.empty()) result["anova"] = anova_tables(table, analyses);
  result["queries"] = boost::json::object{{"missing_queries", eval::missing_queries_name(settings.missing_queries)},
                                          {"metrics", std::move(aligned.summary)}};
  return boost::json::value(std::move(result));
}

}  // namespace grk::significance
