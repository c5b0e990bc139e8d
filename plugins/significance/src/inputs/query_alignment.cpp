#include "inputs/query_alignment.hpp"

#include <array>
#include <map>
#include <utility>

#include <grk/error.hpp>
#include <grk/python/text.hpp>

#include "inputs/choices.hpp"

namespace grk::significance {

namespace {

constexpr Spellings<MissingQueries, 3> policy_names{{
    {MissingQueries::error, "error"},
    {MissingQueries::intersect, "intersect"},
    {MissingQueries::zero, "zero"},
}};

/// At most this many missing ids per system in a message: enough to spot
/// the pattern, short enough to read.
constexpr std::size_t listed_ids = 10;

std::string missing_ids_message(const std::vector<SystemScores>& systems,
                                const std::map<std::string_view, std::size_t>& coverage, std::string_view metric) {
  std::string listed;
  for (const SystemScores& system : systems) {
    std::vector<std::string> ids;
    std::size_t missing = 0;
    for (const auto& [query, count] : coverage) {
      if (count == systems.size() || system.scores->count(std::string(query)) != 0) continue;
      if (++missing <= listed_ids) ids.emplace_back(query);
    }
    if (missing == 0) continue;
    listed += (listed.empty() ? "missing from " : "; missing from ") + python::repr(system.name) + ": " +
              python::repr_list(ids);
    if (missing > listed_ids) listed += " and " + std::to_string(missing - listed_ids) + " more";
  }
  return "metric " + python::repr(metric) + ": query ids differ between systems (" + listed +
         "); set missing_queries to 'intersect' or 'zero' to compare anyway";
}

}  // namespace

std::string_view missing_queries_name(MissingQueries policy) noexcept { return choice_name(policy_names, policy); }

Expected<MissingQueries> parse_missing_queries(std::string_view name) {
  return parse_choice(policy_names, "missing_queries", name);
}

Expected<AlignedScores> align_queries(const std::vector<SystemScores>& systems, std::string_view metric,
                                      MissingQueries policy) {
  // How many systems score each query; views into the systems' own keys.
  std::map<std::string_view, std::size_t> coverage;
  for (const SystemScores& system : systems) {
    for (const auto& entry : *system.scores) ++coverage[entry.first];
  }
  if (coverage.empty()) return fail(Status::invalid_data, "metric " + python::repr(metric) + ": no per-query scores");

  AlignedScores aligned;
  aligned.filled_queries.assign(systems.size(), 0);
  aligned.scores.resize(systems.size());
  std::size_t shared = 0;
  for (const auto& entry : coverage) shared += entry.second == systems.size() ? 1 : 0;
  if (shared < coverage.size()) {
    if (policy == MissingQueries::error) {
      return fail(Status::invalid_data, missing_ids_message(systems, coverage, metric));
    }
    if (policy == MissingQueries::intersect) {
      if (shared == 0) {
        return fail(Status::invalid_data, "metric " + python::repr(metric) + ": no query is scored by every system");
      }
      aligned.dropped_queries = coverage.size() - shared;
    }
  }

  const bool every_query = policy == MissingQueries::zero;
  const std::size_t count = every_query ? coverage.size() : shared;
  aligned.query_ids.reserve(count);
  for (auto& row : aligned.scores) row.reserve(count);
  // Walk every system's map alongside the sorted union: one pass each, no lookups.
  std::vector<ScoreMap::const_iterator> next;
  next.reserve(systems.size());
  for (const SystemScores& system : systems) next.push_back(system.scores->begin());
  for (const auto& [query, covered] : coverage) {
    const bool kept = every_query || covered == systems.size();
    if (kept) aligned.query_ids.emplace_back(query);
    for (std::size_t s = 0; s < systems.size(); ++s) {
      const bool has = next[s] != systems[s].scores->end() && next[s]->first == query;
      if (kept) {
        aligned.scores[s].push_back(has ? next[s]->second : 0.0);
        if (!has) ++aligned.filled_queries[s];
      }
      if (has) ++next[s];
    }
  }
  return aligned;
}

}  // namespace grk::significance
