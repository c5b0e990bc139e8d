#include "pipeline/encodability_check.hpp"

#include <grk/json/wtf8.hpp>
#include <grk/python/text.hpp>

#include <algorithm>

#include "rules/problem_messages.hpp"

namespace grk::beir {

// Where the reference would die with UnicodeEncodeError while writing (docs/behaviour/beir.md §2),
// we refuse before writing. Documents are written before the judgments, in
// ascending id order, so the first one Python would hit is named.
Expected<void> check_encodable(const CorpusSurvey& survey, const Qrels& qrels,
                               const std::map<std::string, std::string>& queries) {
  if (!survey.surrogate_ids.empty()) {
    std::string first = survey.surrogate_ids.front();
    for (const auto& id : survey.surrogate_ids) first = std::min(first, id);
    return fail(Status::invalid_data, lone_surrogate_message("document", first));
  }
  for (const auto& entry : qrels.positives) {
    if (json::contains_lone_surrogate(queries.at(entry.first))) {
      return fail(Status::invalid_data, lone_surrogate_message("query", entry.first));
    }
  }
  return {};
}

}  // namespace grk::beir
