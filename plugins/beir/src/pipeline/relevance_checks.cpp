#include "pipeline/relevance_checks.hpp"

#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/python/text.hpp>

#include <set>
#include <vector>

#include "rules/identifier_rules.hpp"
#include "write/number_text.hpp"
#include "rules/problem_messages.hpp"
#include "rules/refusal_hints.hpp"

namespace grk::beir {
// docs/behaviour/beir.md §7 steps 6-10, each with its message.
Expected<void> check_relevance(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                               const DocumentIndex& index, const std::string& split, IdentifierChecks checks,
                               const QrelsOrigin& origin) {
  std::set<std::string> positive_documents;
  for (const auto& entry : qrels.positives) positive_documents.insert(entry.second.begin(), entry.second.end());
  std::vector<std::string> missing_documents;
  for (const auto& id : positive_documents) {
    if (!index.contains(id)) missing_documents.push_back(id);
  }
  // docs/behaviour/beir.md §19: the hints name the first row of the first id listed.
  const std::string name = dataset_file_name(origin.path, true);
  const auto row_of = [&](int column, const std::string& id) {
    const auto& lines = column == 0 ? qrels.first_line_of_query : qrels.first_line_of_document;
    const auto found = lines.find(id);
    return found == lines.end() ? name : name + " line " + std::to_string(found->second);
  };
  if (!missing_documents.empty()) {
    std::size_t pairs = 0;
    for (const auto& entry : qrels.positives) {
      for (const auto& doc : entry.second) pairs += index.contains(doc) ? 0 : 1;
    }
    return fail(Status::invalid_data,
                missing_documents_message(missing_documents),
                row_of(1, missing_documents.front()) + " names " + python::repr(missing_documents.front()) +
                    ", which corpus.jsonl does not hold (" +
                    counted(missing_documents.size(), "absent document", "absent documents") + " in " +
                    counted(pairs, "positive pair", "positive pairs") +
                    "); set missing_documents=drop to drop those pairs (and the queries left without one)");
  }
  std::vector<std::string> missing_queries;
  std::size_t missing_query_pairs = 0;
  for (const auto& entry : qrels.positives) {
    if (queries.count(entry.first) != 0) continue;
    missing_queries.push_back(entry.first);
    missing_query_pairs += entry.second.size();
  }
  if (!missing_queries.empty()) {
    return fail(Status::invalid_data, missing_queries_message(missing_queries),
                row_of(0, missing_queries.front()) + " names the query " + python::repr(missing_queries.front()) +
                    ", which queries.jsonl does not hold (" +
                    counted(missing_queries.size(), "absent query", "absent queries") + " in " +
                    counted(missing_query_pairs, "positive pair", "positive pairs") +
                    "); set missing_queries=drop to drop those pairs");
  }
  if (qrels.positives.empty()) {
    return fail(Status::invalid_data, no_positive_rows_message(split),
                unresolvable_hint(name + " has no row with a score >= " + origin.threshold));
  }
  std::vector<std::string> unusable;
  for (const auto& entry : qrels.positives) {
    if (!checks.queries) break;
    // The harness's query id pattern (docs/behaviour/beir.md §7 step 9) is the judgment model's.
    if (!judgments::is_judgment_query_id(entry.first)) unusable.push_back(entry.first);
  }
  if (!unusable.empty()) {
    return fail(Status::invalid_data, non_kebab_query_ids_message(unusable),
                row_of(0, unusable.front()) + " judges the query " + python::repr(unusable.front()) +
                    ", which is not kebab-case (" + counted(unusable.size(), "such query", "such queries") +
                    "); set query_ids=encode to map such ids to kebab-case ids");
  }
  if (!checks.documents) return {};
  const auto collisions = index.case_collisions();
  if (!collisions.empty()) {
    return fail(Status::invalid_data, case_collision_message(collisions),
                "corpus.jsonl holds " + python::repr_list(collisions.front()) + " (" +
                    counted(collisions.size(), "group", "groups") +
                    " of ids equal when case is folded); set document_ids=encode to give them distinct file names");
  }
  return {};
}

}  // namespace grk::beir
