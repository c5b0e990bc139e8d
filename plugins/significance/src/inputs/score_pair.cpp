#include "inputs/score_pair.hpp"

#include <cmath>
#include <string>

#include <grk/python/text.hpp>

namespace grk::significance {

namespace {

std::vector<std::string> keys_missing_from(const eval::ScoreMap& from, const eval::ScoreMap& other) {
  std::vector<std::string> missing;
  for (const auto& entry : from) {
    if (other.find(entry.first) == other.end()) missing.push_back(entry.first);
  }
  return missing;  // sorted: ScoreMap iterates in code-point order
}

}  // namespace

Expected<std::vector<double>> paired_deltas(const eval::ScoreMap& baseline, const eval::ScoreMap& candidate,
                                            std::string_view test) {
  const std::string name(test);
  if (baseline.empty()) {
    return fail(Status::invalid_data, name + " requires at least one query score");
  }
  const std::vector<std::string> missing_from_candidate = keys_missing_from(baseline, candidate);
  const std::vector<std::string> missing_from_baseline = keys_missing_from(candidate, baseline);
  if (!missing_from_candidate.empty() || !missing_from_baseline.empty()) {
    return fail(Status::invalid_data, name + " query ids differ (missing from candidate=" +
                                          python::repr_list(missing_from_candidate) +
                                          ", missing from baseline=" + python::repr_list(missing_from_baseline) + ")");
  }
  std::vector<double> deltas;
  deltas.reserve(baseline.size());
  for (const auto& entry : baseline) {
    deltas.push_back(candidate.at(entry.first) - entry.second);
  }
  for (double delta : deltas) {
    if (!std::isfinite(delta)) return fail(Status::invalid_data, name + " scores must be finite");
  }
  return deltas;
}

}  // namespace grk::significance
