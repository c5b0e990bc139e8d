#include "methods/comparison_record.hpp"

#include <cmath>
#include <utility>

#include <grk/json/described.hpp>

#include "resampling/bootstrap.hpp"
#include "methods/paired_t.hpp"

namespace grk::significance {

ComparisonRecord describe_comparison(std::string baseline, std::string candidate, std::string metric,
                                     std::string test, const ScorePair& scores,
                                     const std::vector<double>& deltas) {
  std::vector<double> baseline_scores;
  std::vector<double> candidate_scores;
  baseline_scores.reserve(deltas.size());
  candidate_scores.reserve(deltas.size());
  for (const auto& entry : scores.baseline) {
    baseline_scores.push_back(entry.second);
    candidate_scores.push_back(scores.candidate.at(entry.first));
  }
  ComparisonRecord record;
  record.baseline = std::move(baseline);
  record.candidate = std::move(candidate);
  record.metric = std::move(metric);
  record.test = std::move(test);
  const std::size_t n = deltas.size();
  const auto n_as_double = static_cast<double>(n);
  record.query_count = n;
  record.baseline_mean = python311_sum(baseline_scores.data(), baseline_scores.size()) / n_as_double;
  record.candidate_mean = python311_sum(candidate_scores.data(), candidate_scores.size()) / n_as_double;
  record.effect = python311_sum(deltas.data(), n) / n_as_double;
  if (n >= 2) {
    const SampleMoments moments = sample_moments(deltas);
    const double sd = std::sqrt(moments.variance);
    if (sd > 0.0 && std::isfinite(sd)) record.effect_size = moments.mean / sd;
  }
  for (double delta : deltas) {
    if (delta > 0.0) {
      ++record.wins;
    } else if (delta < 0.0) {
      ++record.losses;
    } else {
      ++record.ties;
    }
  }
  return record;
}

std::string comparison_name(const ComparisonRecord& record) {
  return record.candidate + " vs " + record.baseline + " on " + record.metric;
}

void set_p_value(ComparisonRecord& record, double p_value, double alpha) {
  record.p_value_two_sided = p_value;
  record.p_value_adjusted = p_value;
  record.alpha = alpha;
  record.significant = record.p_value_adjusted < alpha;
}

boost::json::value to_json(const ComparisonRecord& record) {
  boost::json::value json = json::described_object(record);
  if (record.untestable) {
    boost::json::object& fields = json.as_object();
    for (const char* undefined :
         {"confidence_interval_low", "confidence_interval_high", "p_value_two_sided", "p_value_adjusted"}) {
      fields[undefined] = nullptr;
    }
    fields["untestable"] = *record.untestable;
  }
  return json;
}

}  // namespace grk::significance
