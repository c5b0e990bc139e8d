#include "statistic/result_json.hpp"

#include <algorithm>
#include <cmath>

#include <grk/eval/threads.hpp>

#include "language/measure_plan.hpp"

namespace grk::measures {

namespace {

boost::json::value value_json(const RequestedMeasure& measure, double value) {
  if (measure.definition->integer) return boost::json::value(static_cast<std::int64_t>(value));
  if (std::isnan(value)) return boost::json::value(nullptr);
  return boost::json::value(value);
}

// The named values of one row: each measure shown in this place (per query or summary).
boost::json::object row_json(const ValueLayout& layout, const std::vector<double>& values, const std::string* relstring,
                             bool per_query) {
  boost::json::object row;
  row.reserve(values.size() + 1);  // at most every value and the relstring: no rehash
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const RequestedMeasure& measure = layout.measures[m];
    const Summary summary = measure.definition->summary;
    if (summary == Summary::run_id) continue;
    if (summary == Summary::none) {
      if (per_query && relstring != nullptr) row[measure.names[0]] = *relstring;
      continue;
    }
    if (per_query && !measure.definition->per_query) continue;
    for (std::size_t k = 0; k < measure.names.size(); ++k) {
      row[measure.names[k]] = value_json(measure, values[layout.offsets[m] + k]);
    }
  }
  return row;
}

// One system's summary and, with `per_query`, its rows: in parts on the
// threads, each into its own slot, then joined in query order (memory from
// the default resource, which any thread may use).
boost::json::object system_json(const RunScores& scores, const ValueLayout& layout, bool per_query, unsigned threads) {
  boost::json::object system;
  system["run_id"] = scores.run_id;
  system["summary"] = row_json(layout, scores.summary, nullptr, false);
  if (!per_query) return system;
  const auto& queries = scores.queries;
  std::vector<boost::json::object> rows(queries.size());
  constexpr std::size_t queries_per_part = 256;
  eval::for_each_part((queries.size() + queries_per_part - 1) / queries_per_part, threads, [&](std::size_t part) {
    const std::size_t end = std::min(queries.size(), (part + 1) * queries_per_part);
    for (std::size_t q = part * queries_per_part; q < end; ++q) {
      rows[q] = row_json(layout, queries[q].values, &queries[q].relstring, true);
    }
  });
  boost::json::object by_query;
  by_query.reserve(queries.size());
  for (std::size_t q = 0; q < queries.size(); ++q) by_query.emplace(queries[q].qid, std::move(rows[q]));
  system["per_query"] = std::move(by_query);
  return system;
}

}  // namespace

boost::json::object result_json(const std::vector<std::string>& systems, const std::vector<RunScores>& scores,
                                const ValueLayout& layout, const EvaluationOptions& options, unsigned threads) {
  const bool per_query = options.per_query;
  boost::json::array names;
  boost::json::object twins;  // what a paper's table calls each measure
  for (const auto& measure : layout.measures) {
    if (measure.definition->summary == Summary::run_id) continue;
    for (const auto& name : measure.names) {
      names.emplace_back(name);
      if (auto twin = ir_measures_twin(name, options, false)) twins[name] = std::move(*twin);
    }
  }
  // Systems go to threads while there are at least as many as threads (a
  // TREC track's runs have too few queries each to share); fewer systems
  // are each built by every thread in turn.
  const unsigned within_system = systems.size() >= threads ? 1u : threads;
  std::vector<boost::json::object> objects(systems.size());
  eval::for_each_part(systems.size(), within_system > 1 ? 1u : threads, [&](std::size_t s) {
    objects[s] = system_json(scores[s], layout, per_query, within_system);
  });
  boost::json::object by_system;
  for (std::size_t s = 0; s < systems.size(); ++s) by_system[systems[s]] = std::move(objects[s]);
  boost::json::object result;
  result["measures"] = std::move(names);
  result["systems"] = std::move(by_system);
  result["ir_measures_names"] = std::move(twins);
  return result;
}

}  // namespace grk::measures
