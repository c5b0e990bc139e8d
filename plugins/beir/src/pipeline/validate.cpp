#include "pipeline/validate.hpp"

#include <grk/error.hpp>
#include <grk/python/text.hpp>

#include "pipeline/subsets.hpp"
#include "pipeline/validation_passes.hpp"
#include "source/python_path.hpp"
#include "source/source_file.hpp"
#include "rules/identifier_rules.hpp"
#include "write/number_text.hpp"

namespace grk::beir {

// docs/behaviour/beir.md §18.4: the adapt path's checks in its order, each problem counted and
// the read continued.
ValidationReport validate_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  const AdaptationPolicies& policies = request.policies;
  check_request(request, false);  // docs/behaviour/beir.md §7 steps 1-2, as in adapt mode
  ProblemLog log(policies);
  ValidationCounts counts;
  ValidationScope scope{policies, hooks, python_realpath(request.source_dir), request.split, log, counts};
  CorpusFacts corpus;
  validate_corpus(scope, corpus);
  QueryFacts queries;
  validate_queries(scope, queries);
  Positives positives = validate_qrels(scope);
  validate_relevance(scope, corpus, queries, positives);

  ValidationReport report;
  report.valid = log.valid();
  for (const ProblemKind kind : log.kinds()) report.resolvable_kinds += resolved_by(kind) != nullptr ? 1 : 0;
  report.problems = log.to_json();
  report.counts = std::move(counts);
  return report;
}

boost::json::object validation_to_json(const ValidationReport& report) {
  boost::json::object out;
  out["valid"] = report.valid;
  out["problems"] = report.problems;
  boost::json::object counts;
  counts["documents"] = report.counts.documents;
  counts["queries"] = report.counts.queries;
  counts["qrels_rows"] = report.counts.qrels_rows;
  boost::json::object grades;
  for (const auto& [grade, rows] : report.counts.qrels_rows_by_grade) grades[grade] = rows;
  counts["qrels_rows_by_grade"] = std::move(grades);
  counts["judged_queries"] = report.counts.judged_queries;
  counts["relevance_pairs"] = report.counts.relevance_pairs;
  counts["total_characters"] = report.counts.total_characters;
  out["counts"] = std::move(counts);
  return out;
}

boost::json::object validate_subsets(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  if (request.source_dir.find('\0') != std::string::npos) throw Error(Status::invalid_argument, "embedded null byte");
  const std::string source = python_realpath(request.source_dir);
  // docs/behaviour/beir.md §17 step 2, as adapt mode refuses it.
  const std::string corpus = join_path(source, "corpus.jsonl");
  if (SourceFile::open(corpus)) {
    throw Error(Status::invalid_argument, one_dataset_not_subsets(source));
  }
  const SubsetFolders folders = find_subsets(source);
  // docs/behaviour/beir.md §17 step 3: no subset, the folder is read as one dataset.
  if (folders.datasets.empty()) return validation_to_json(validate_beir_dataset(request, hooks));
  boost::json::object out;
  bool valid = true;
  boost::json::array subsets;
  for (const std::string& name : folders.datasets) {
    AdaptationRequest subset(join_path(source, name), std::string(), request.split, request.policies);
    boost::json::object entry;
    entry["name"] = name;
    for (auto& field : validation_to_json(validate_beir_dataset(subset, hooks))) entry[field.key()] = field.value();
    valid = valid && entry.at("valid").as_bool();
    subsets.push_back(std::move(entry));
  }
  out["valid"] = valid;
  out["subsets"] = std::move(subsets);
  boost::json::array skipped;
  for (const std::string& name : folders.skipped) skipped.emplace_back(name);
  out["skipped"] = std::move(skipped);
  return out;
}

// docs/behaviour/beir.md §18.2: "beir validate: N problems (M resolvable by opt-ins) in ...:
// kind count (opt-in), ...".
std::string validation_summary(const boost::json::object& result) {
  // docs/behaviour/beir.md §18.6: each subset with problems, after the count of subsets.
  if (const boost::json::value* subsets = result.if_contains("subsets")) {
    std::string names;
    std::string troubled;
    std::uint64_t with_problems = 0;
    for (const boost::json::value& subset : subsets->as_array()) {
      const std::string name(subset.at("name").as_string());
      names += (names.empty() ? "" : ", ") + name;
      if (subset.at("problems").as_array().empty()) continue;
      ++with_problems;
      const std::string line = validation_summary(subset.as_object());
      troubled += "; " + name + ": " + line.substr(std::string("beir validate: ").size());
    }
    return "beir validate: " + counted(subsets->as_array().size(), "subset", "subsets") + " (" + names + "), " +
           with_thousands(with_problems) + " with problems" + troubled;
  }
  const boost::json::object& counts = result.at("counts").as_object();
  const auto number = [](const boost::json::value& v) {
    return v.is_uint64() ? v.get_uint64() : static_cast<std::uint64_t>(v.to_number<std::int64_t>());
  };
  const boost::json::array& problems = result.at("problems").as_array();
  std::uint64_t resolvable = 0;
  std::string listed;
  for (const boost::json::value& problem : problems) {
    const boost::json::object& fields = problem.as_object();
    listed += (listed.empty() ? ": " : ", ") + std::string(fields.at("kind").as_string()) + " " +
              with_thousands(number(fields.at("count")));
    if (fields.at("resolved_by").is_string()) {
      ++resolvable;
      listed += " (" + std::string(fields.at("resolved_by").as_string()) + ")";
    }
  }
  const std::string scope = " in " + counted(number(counts.at("documents")), "document", "documents") + ", " +
                            counted(number(counts.at("queries")), "query", "queries") + " and " +
                            counted(number(counts.at("qrels_rows")), "qrels row", "qrels rows");
  if (problems.empty()) return "beir validate: no problems" + scope;
  return "beir validate: " + counted(problems.size(), "problem", "problems") + " (" + with_thousands(resolvable) +
         " resolvable by opt-ins)" + scope + listed;
}

}  // namespace grk::beir
