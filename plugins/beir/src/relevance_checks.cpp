#include "relevance_checks.hpp"

#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/python/text.hpp>

#include <set>
#include <vector>

#include "identifier_rules.hpp"

namespace grk::beir {
namespace {

std::string repr_groups(const std::vector<std::vector<std::string>>& groups) {
  std::string out = "[";
  for (std::size_t i = 0; i < groups.size(); ++i) out += (i ? ", " : "") + python::repr_list(groups[i]);
  return out + "]";
}

}  // namespace

// docs/behaviour/beir.md §7 steps 6-10, each with its message.
Expected<void> check_relevance(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                               const DocumentIndex& index, const std::string& split, IdentifierChecks checks) {
  std::set<std::string> positive_documents;
  for (const auto& entry : qrels.positives) positive_documents.insert(entry.second.begin(), entry.second.end());
  std::vector<std::string> missing_documents;
  for (const auto& id : positive_documents) {
    if (!index.contains(id)) missing_documents.push_back(id);
  }
  if (!missing_documents.empty()) {
    return fail(Status::invalid_data,
                "BEIR qrels reference missing documents: " + python::repr_list(missing_documents));
  }
  std::vector<std::string> missing_queries;
  for (const auto& entry : qrels.positives) {
    if (queries.count(entry.first) == 0) missing_queries.push_back(entry.first);
  }
  if (!missing_queries.empty()) {
    return fail(Status::invalid_data, "BEIR qrels reference missing queries: " + python::repr_list(missing_queries));
  }
  if (qrels.positives.empty()) {
    return fail(Status::invalid_data,
                "BEIR qrels for split " + python::repr(split) + " contain no positive relevance rows");
  }
  std::vector<std::string> unusable;
  for (const auto& entry : qrels.positives) {
    if (!checks.queries) break;
    // The harness's query id pattern (docs/behaviour/beir.md §7 step 9) is the judgment model's.
    if (!judgments::is_judgment_query_id(entry.first)) unusable.push_back(entry.first);
  }
  if (!unusable.empty()) {
    return fail(Status::invalid_data,
                "BEIR query ids are not admissible as groundkit judgment ids: " + python::repr_list(unusable) +
                    ". The harness requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map "
                    "these ids before adapting, rather than writing a corpus the harness would reject on load.");
  }
  if (!checks.documents) return {};
  const auto collisions = index.case_collisions();
  if (!collisions.empty()) {
    return fail(Status::invalid_data,
                "BEIR document ids collide when case is folded, so they would share one file on a "
                "case-insensitive filesystem: " +
                    repr_groups(collisions) +
                    ". Each would overwrite the other while the judgments still reference both, leaving "
                    "quotes resolved against the wrong document. Rename or map these ids before adapting.");
  }
  return {};
}

}  // namespace grk::beir
