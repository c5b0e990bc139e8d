#include "results/compare_systems.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <algorithm>
#include <optional>
#include <utility>

#include <grk/json/float_format.hpp>
#include <grk/python/text.hpp>

#include "resampling/bootstrap_interval.hpp"
#include "resampling/bounded_bootstrap.hpp"
#include "results/comparison_record.hpp"
#include "inputs/paired_deltas.hpp"
#include "methods/paired_t.hpp"
#include "results/parallel_slots.hpp"
#include "methods/randomization.hpp"
#include "methods/wilcoxon.hpp"

namespace grk::significance {

namespace {

constexpr std::string_view test_names[] = {"bootstrap", "randomization", "t", "wilcoxon"};

/// The record's `test`: the name of the component that runs the test alone.
std::string component_name(ComparisonTest test) {
  switch (test) {
    case ComparisonTest::bootstrap: return "paired-bootstrap";
    case ComparisonTest::randomization: return "randomization";
    case ComparisonTest::t: return "paired-t";
    case ComparisonTest::wilcoxon: return "wilcoxon";
  }
  return "paired-bootstrap";
}

/// The test in prose, for paired_deltas' messages, as each component words it.
const char* test_prose(ComparisonTest test) {
  switch (test) {
    case ComparisonTest::bootstrap: return "paired bootstrap";
    case ComparisonTest::randomization: return "randomization test";
    case ComparisonTest::t: return "paired t-test";
    case ComparisonTest::wilcoxon: return "wilcoxon signed-rank test";
  }
  return "paired bootstrap";
}

Expected<std::optional<std::size_t>> find_system(const std::vector<std::string>& systems, const std::string& name,
                                                 std::string_view param) {
  const auto found = std::find(systems.begin(), systems.end(), name);
  if (found != systems.end()) return std::optional<std::size_t>(static_cast<std::size_t>(found - systems.begin()));
  return fail(Status::invalid_argument, std::string(param) + ": unknown system " + python::repr(name) +
                                            "; the input has " + python::repr_list(systems));
}

/// One comparison, computed from its own inputs only: the same record
/// whichever thread runs it.
Expected<ComparisonRecord> compare_pair(const std::string& baseline, const std::string& candidate,
                                        const std::string& metric, const ScorePair& scores,
                                        const FamilySettings& settings) {
  const auto named = [&](const Failure& failure) {
    return fail(failure.status, "compare-systems " + candidate + " vs " + baseline + " on " + metric + ": " +
                                    failure.message);
  };
  auto deltas = paired_deltas(scores.baseline, scores.candidate, test_prose(settings.test));
  if (!deltas) return named(deltas.error());
  ComparisonRecord record =
      describe_comparison(baseline, candidate, metric, component_name(settings.test), scores, *deltas);
  double p_value = 0.0;
  switch (settings.test) {
    case ComparisonTest::bootstrap: {
      // The engine paired_bootstrap runs, on the same deltas, so that a row
      // equals what paired-bootstrap returns for the pair, bit for bit.
      auto result = bounded_bootstrap(*deltas, settings.resamples, settings.seed, settings.confidence_level);
      if (!result) return named(result.error());
      record.effect = result->effect;
      record.confidence_interval_low = result->confidence_interval_low;
      record.confidence_interval_high = result->confidence_interval_high;
      record.interval_method = bootstrap_interval_method(settings.resamples, settings.seed);
      p_value = result->p_value_two_sided;
      break;
    }
    case ComparisonTest::randomization: {
      auto interval =
          set_bootstrap_interval(record, *deltas, settings.resamples, settings.seed, settings.confidence_level);
      if (!interval) return named(interval.error());
      const RandomizationEstimate estimate = randomization_test(*deltas, settings.permutations, settings.seed);
      p_value = estimate.p_value_two_sided;
      record.details = RandomizationDetails{estimate.exact ? "exact" : "monte-carlo", estimate.permutations,
                                            estimate.p_value_standard_error};
      break;
    }
    case ComparisonTest::t: {
      auto estimate = paired_t_test(*deltas, settings.confidence_level);
      if (!estimate) return named(estimate.error());
      record.confidence_interval_low = estimate->confidence_interval_low;
      record.confidence_interval_high = estimate->confidence_interval_high;
      record.interval_method = "t";
      p_value = estimate->p_value_two_sided;
      record.details = PairedTDetails{estimate->t_statistic, estimate->degrees_of_freedom};
      break;
    }
    case ComparisonTest::wilcoxon: {
      auto estimate = wilcoxon_signed_rank(*deltas);
      if (!estimate) return named(estimate.error());
      auto interval =
          set_bootstrap_interval(record, *deltas, settings.resamples, settings.seed, settings.confidence_level);
      if (!interval) return named(interval.error());
      p_value = estimate->p_value_two_sided;
      record.details = WilcoxonDetails{estimate->v_statistic, estimate->exact ? "exact" : "normal"};
      break;
    }
  }
  set_p_value(record, p_value, settings.alpha);
  return record;
}

}  // namespace

std::string_view comparison_test_name(ComparisonTest test) noexcept {
  return test_names[static_cast<std::size_t>(test)];
}

Expected<ComparisonTest> parse_comparison_test(std::string_view name) {
  for (std::size_t i = 0; i < std::size(test_names); ++i) {
    if (test_names[i] == name) return static_cast<ComparisonTest>(i);
  }
  return fail(Status::invalid_argument,
              "test must be one of 'bootstrap', 'randomization', 't', 'wilcoxon', got " + python::repr(name));
}

Expected<std::vector<SystemPair>> plan_pairs(const std::vector<std::string>& input_systems,
                                             const std::optional<std::string>& baseline,
                                             const std::optional<std::vector<std::string>>& systems) {
  std::optional<std::size_t> baseline_index;
  if (baseline) {
    auto found = find_system(input_systems, *baseline, "baseline");
    if (!found) return unexpected(std::move(found).error());
    baseline_index = **found;
  }
  std::vector<std::size_t> chosen;
  if (systems) {
    for (const std::string& name : *systems) {
      auto found = find_system(input_systems, name, "systems");
      if (!found) return unexpected(std::move(found).error());
      chosen.push_back(**found);
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
                                             const std::function<void(std::size_t, std::size_t)>& progress) {
  // The family's systems, in the input's order: alignment is per metric over
  // all of them, so every row of a metric compares the same queries.
  std::vector<std::size_t> members;
  for (const SystemPair& pair : pairs) {
    members.push_back(pair.baseline);
    members.push_back(pair.candidate);
  }
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  const auto column = [&](std::size_t system) {
    return static_cast<std::size_t>(std::lower_bound(members.begin(), members.end(), system) - members.begin());
  };

  std::vector<AlignedScores> aligned;
  boost::json::object by_metric;
  for (std::size_t m = 0; m < table.metrics.size(); ++m) {
    std::vector<SystemScores> systems;
    for (const std::size_t s : members) systems.push_back({table.systems[s], &table.scores[m][s]});
    auto scores = align_queries(systems, table.metrics[m], settings.missing_queries);
    if (!scores) return unexpected(std::move(scores).error());
    boost::json::object filled;
    for (std::size_t i = 0; i < members.size(); ++i) filled[table.systems[members[i]]] = scores->filled_queries[i];
    by_metric[table.metrics[m]] = boost::json::object{{"compared", scores->query_ids.size()},
                                                      {"dropped", scores->dropped_queries},
                                                      {"filled", std::move(filled)}};
    aligned.push_back(std::move(*scores));
  }

  const std::size_t metric_count = table.metrics.size();
  const std::size_t family_size = pairs.size() * metric_count;
  std::vector<std::optional<Expected<ComparisonRecord>>> slots(family_size);
  run_slots(family_size, settings.threads, [&](std::size_t i) {
    const SystemPair& pair = pairs[i / metric_count];
    const std::size_t m = i % metric_count;
    const AlignedScores& scores = aligned[m];
    const auto& baseline_column = scores.scores[column(pair.baseline)];
    const auto& candidate_column = scores.scores[column(pair.candidate)];
    ScorePair pair_scores;
    for (std::size_t q = 0; q < scores.query_ids.size(); ++q) {
      pair_scores.baseline.emplace_hint(pair_scores.baseline.end(), scores.query_ids[q], baseline_column[q]);
      pair_scores.candidate.emplace_hint(pair_scores.candidate.end(), scores.query_ids[q], candidate_column[q]);
    }
    slots[i].emplace(compare_pair(table.systems[pair.baseline], table.systems[pair.candidate], table.metrics[m],
                                  pair_scores, settings));
  }, [&](std::size_t done) {
    if (progress) progress(done, family_size);
  });

  std::vector<ComparisonRecord> records;
  std::vector<double> p_values;
  for (auto& slot : slots) {
    if (!*slot) return unexpected(std::move(*slot).error());
    p_values.push_back((*slot)->p_value_two_sided);
    records.push_back(std::move(**slot));
  }
  const std::vector<double> adjusted = adjust(p_values, settings.correction);

  boost::json::array comparisons;
  for (std::size_t i = 0; i < records.size(); ++i) {
    ComparisonRecord& record = records[i];
    record.p_value_adjusted = adjusted[i];
    record.significant = adjusted[i] < settings.alpha;
    boost::json::value json = to_json(record);
    if (settings.per_query) {
      const SystemPair& pair = pairs[i / metric_count];
      const AlignedScores& scores = aligned[i % metric_count];
      const auto& baseline_column = scores.scores[column(pair.baseline)];
      const auto& candidate_column = scores.scores[column(pair.candidate)];
      boost::json::object deltas;
      for (std::size_t q = 0; q < scores.query_ids.size(); ++q) {
        deltas[scores.query_ids[q]] = candidate_column[q] - baseline_column[q];
      }
      json.as_object()["per_query_deltas"] = std::move(deltas);
    }
    comparisons.push_back(std::move(json));
  }

  return boost::json::value(boost::json::object{
      {"test", comparison_test_name(settings.test)},
      {"correction", correction_name(settings.correction)},
      {"alpha", settings.alpha},
      {"family_size", family_size},
      {"comparisons", std::move(comparisons)},
      {"queries", boost::json::object{{"missing_queries", missing_queries_name(settings.missing_queries)},
                                      {"metrics", std::move(by_metric)}}},
  });
}

std::string summarize_family(const boost::json::value& result) {
  const auto* family = result.if_object();
  if (family == nullptr) return {};
  const auto text = [&](const char* key) {
    const auto* v = family->if_contains(key);
    return v && v->is_string() ? std::string(v->get_string()) : std::string();
  };
  const auto* size = family->if_contains("family_size");
  const auto* alpha = family->if_contains("alpha");
  std::string summary = text("test") + " test, " + text("correction") + " correction over " +
                        (size && size->is_number() ? std::to_string(size->to_number<std::uint64_t>()) : "?") +
                        " comparisons, alpha " +
                        (alpha && alpha->is_number() ? json::format_python_float(alpha->to_number<double>()) : "?");
  if (const auto* comparisons = family->if_contains("comparisons"); comparisons && comparisons->is_array()) {
    for (const auto& record : comparisons->get_array()) summary += "\n        " + summarize_comparison(record);
  }
  return summary;
}

}  // namespace grk::significance
