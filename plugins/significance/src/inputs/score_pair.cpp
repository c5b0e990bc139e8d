#include "inputs/score_pair.hpp"

#include <cmath>
#include <string>

#include <grk/python/text.hpp>

namespace grk::significance {

Expected<std::vector<double>> paired_deltas(const eval::ScoreMap& baseline, const eval::ScoreMap& candidate,
                                            std::string_view test) {
  const std::string name(test);
  if (baseline.empty()) {
    return fail(Status::invalid_data, name + " requires at least one query score");
  }
  // Both maps walked once side by side, in their code-point order: the
  // deltas come out in query-id order and the ids of one side only come out
  // sorted, as the message lists them.
  std::vector<std::string> missing_from_candidate;
  std::vector<std::string> missing_from_baseline;
  std::vector<double> deltas;
  deltas.reserve(baseline.size());
  auto b = baseline.begin();
  auto c = candidate.begin();
  while (b != baseline.end() || c != candidate.end()) {
    if (c == candidate.end() || (b != baseline.end() && b->first < c->first)) {
      missing_from_candidate.push_back((b++)->first);
    } else if (b == baseline.end() || c->first < b->first) {
      missing_from_baseline.push_back((c++)->first);
    } else {
      deltas.push_back((c++)->second - (b++)->second);
    }
  }
  if (!missing_from_candidate.empty() || !missing_from_baseline.empty()) {
    return fail(Status::invalid_data, name + " query ids differ (missing from candidate=" +
                                          python::repr_list(missing_from_candidate) +
                                          ", missing from baseline=" + python::repr_list(missing_from_baseline) + ")");
  }
  for (double delta : deltas) {
    if (!std::isfinite(delta)) return fail(Status::invalid_data, name + " scores must be finite");
  }
  return deltas;
}

}  // namespace grk::significance
