#include "statistic/plan_result_json.hpp"

#include <cmath>

namespace grk::measures {

namespace {

boost::json::value number_json(double value) {
  if (std::isnan(value)) return boost::json::value(nullptr);  // trec_eval's 0/0
  return boost::json::value(value);
}

boost::json::object cwl_json(const CwlMeasurement& measured) {
  boost::json::object columns;
  for (std::size_t c = 0; c < measured.size(); ++c) columns[cwl_column_names[c]] = measured[c];
  return columns;
}

// cwl_eval's quantities beside the measures of its family, shaped as the
// system's own summary and per_query.
boost::json::object system_cwl_json(const PlanScores& scores, const MeasurePlan& plan, const Qrels& qrels,
                                    bool per_query) {
  boost::json::object summary, rows;
  for (std::size_t m = 0; m < plan.measures.size(); ++m) {
    if (plan.measures[m].family == Family::cwl) summary[plan.measures[m].name] = cwl_json(scores.cwl_summary[m]);
  }
  if (summary.empty()) return {};
  boost::json::object cwl{{"summary", std::move(summary)}};
  if (!per_query) return cwl;
  for (std::size_t q = 0; q < qrels.queries.size(); ++q) {
    boost::json::object row;
    for (std::size_t m = 0; m < plan.measures.size(); ++m) {
      if (plan.measures[m].family == Family::cwl && scores.cwl[m][q]) {
        row[plan.measures[m].name] = cwl_json(*scores.cwl[m][q]);
      }
    }
    if (!row.empty()) rows.emplace(qrels.queries[q].qid, std::move(row));
  }
  cwl["per_query"] = std::move(rows);
  return cwl;
}

boost::json::object system_json(const PlanScores& scores, const MeasurePlan& plan, const Qrels& qrels,
                                 std::size_t qrels_queries, bool per_query) {
  boost::json::object system;
  system["run_id"] = scores.run_id;
  boost::json::array missing;
  for (const auto& qid : scores.missing) missing.emplace_back(qid);
  system["queries"] = {{"qrels", qrels_queries},
                       {"run", qrels_queries - scores.missing.size()},
                       {"missing", std::move(missing)}};
  boost::json::object summary, mean_over, tied;
  for (std::size_t m = 0; m < plan.measures.size(); ++m) {
    const std::string& name = plan.measures[m].name;
    summary[name] = number_json(scores.summary[m]);
    mean_over[name] = scores.mean_over[m];
    tied[name] = scores.tied_cutoffs[m];
  }
  system["summary"] = std::move(summary);
  system["mean_over"] = std::move(mean_over);
  system["tied_cutoffs"] = std::move(tied);
  if (per_query) {
    boost::json::object rows;
    for (std::size_t q = 0; q < qrels.queries.size(); ++q) {
      boost::json::object row;
      for (std::size_t m = 0; m < plan.measures.size(); ++m) {
        if (scores.values[m][q]) row[plan.measures[m].name] = number_json(*scores.values[m][q]);
      }
      if (!row.empty()) rows.emplace(qrels.queries[q].qid, std::move(row));
    }
    system["per_query"] = std::move(rows);
  }
  if (auto cwl = system_cwl_json(scores, plan, qrels, per_query); !cwl.empty()) system["cwl"] = std::move(cwl);
  return system;
}

}  // namespace

boost::json::object plan_result_json(const std::vector<std::string>& systems, const std::vector<PlanScores>& scores,
                                     const MeasurePlan& plan, const Qrels& scored, std::size_t qrels_queries,
                                     bool per_query, bool intersect) {
  boost::json::array names;
  boost::json::object families, twins;
  for (const auto& planned : plan.measures) {
    names.emplace_back(planned.name);
    families[planned.name] = family_name(planned.family);
    if (planned.dialect != Dialect::trec_eval) continue;
    if (auto twin = ir_measures_twin(planned.name, plan.groups[planned.group].options, intersect)) {
      twins[planned.name] = std::move(*twin);
    }
  }
  boost::json::object by_system;
  for (std::size_t s = 0; s < systems.size(); ++s) {
    by_system[systems[s]] = system_json(scores[s], plan, scored, qrels_queries, per_query);
  }
  boost::json::object result;
  result["measures"] = std::move(names);
  result["families"] = std::move(families);
  result["ir_measures_names"] = std::move(twins);
  if (intersect) result["shared_queries"] = scored.queries.size();
  result["systems"] = std::move(by_system);
  return result;
}

std::string plan_result_summary(const boost::json::value& result) {
  const auto& object = result.as_object();
  const auto& systems = object.at("systems").as_object();
  const std::size_t measures = object.at("measures").as_array().size();
  std::string line = "evaluate: " + std::to_string(systems.size()) + (systems.size() == 1 ? " run, " : " runs, ") +
                     std::to_string(measures) + (measures == 1 ? " measure" : " measures");
  std::int64_t tied = 0;
  for (const auto& [system, value] : systems) {
    const auto& queries = value.as_object().at("queries").as_object();
    if (line.find(" qrels queries") == std::string::npos) {
      const auto* shared = object.if_contains("shared_queries");
      line += " over " + (shared ? std::to_string(shared->to_number<std::uint64_t>()) + " shared queries of " : "") +
              std::to_string(queries.at("qrels").to_number<std::uint64_t>()) + " qrels queries";
    }
    const std::size_t missing = queries.at("missing").as_array().size();
    if (missing > 0) {
      line += "; " + std::string(system) + " lacks " + std::to_string(missing) + " of them" +
              (object.contains("shared_queries") ? "" : " (0 in the means)");
    }
    for (const auto& [name, count] : value.as_object().at("tied_cutoffs").as_object()) {
      (void)name;
      tied += count.to_number<std::int64_t>();
    }
  }
  if (tied > 0) line += "; " + std::to_string(tied) + " cutoffs fall inside tied scores";
  return line;
}

}  // namespace grk::measures
