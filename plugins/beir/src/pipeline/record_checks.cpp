#include "pipeline/record_checks.hpp"

#include <grk/python/text.hpp>

#include "read/beir_record.hpp"
#include "rules/problem_messages.hpp"
#include "rules/refusal_hints.hpp"

namespace grk::beir {

Expected<void> check_corpus_records(CorpusSurvey& survey) {
  survey.index.seal();
  const auto duplicate = survey.index.first_duplicate();
  const std::optional<RecordProblem>& problem = survey.record_problem;
  if (duplicate && (!problem || duplicate->position < problem->position ||
                    (duplicate->position == problem->position && !problem->before_duplicate_check))) {
    return fail(Status::invalid_data, duplicate_id_message("document", duplicate->id),
                unresolvable_hint("corpus.jsonl record " + std::to_string(duplicate->position) + " repeats the _id " +
                                  python::repr(duplicate->id)));
  }
  if (problem) return fail(Status::invalid_data, problem->message, problem->hint);
  return {};
}

Expected<std::map<std::string, std::string>> check_query_records(const std::vector<RecordFields>& rows,
                                                                 IdentifierChecks checks) {
  std::map<std::string, std::string> queries;
  std::uint64_t position = 0;
  for (const auto& row : rows) {
    const RecordPlace place{"query", ++position};
    const Expected<std::string_view, RuleProblem> id = record_id(row, place, IdentifierSubject::query, checks);
    const std::string where = "queries.jsonl record " + std::to_string(position);
    if (!id) {
      const bool has_id = id.error().kind != ProblemKind::missing_id;
      return fail(Status::invalid_data, id.error().message,
                  has_id ? identifier_hint(where, "_id", row.value[RecordFields::id], IdentifierSubject::query)
                         : unresolvable_hint(where));
    }
    if (queries.count(std::string(*id)) != 0) {
      return fail(Status::invalid_data, duplicate_id_message("query", *id), unresolvable_hint(where));
    }
    Expected<std::string, RuleProblem> text = query_text(row, place, *id);
    if (!text) return fail(Status::invalid_data, std::move(text).error().message, unresolvable_hint(where));
    queries.emplace(std::string(*id), std::move(text).value());
  }
  return queries;
}

}  // namespace grk::beir
