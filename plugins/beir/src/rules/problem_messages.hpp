// groundkit's messages for the problems found once a whole file is read (duplicate
// ids, texts that cannot be written) and for the relevance checks (docs/behaviour/beir.md
// §7 steps 4-10, §15.3): the one place each text is written, so that the adapt
// path's refusal and validate mode's example say the same words.
#ifndef GRK_BEIR_RULES_PROBLEM_MESSAGES_HPP
#define GRK_BEIR_RULES_PROBLEM_MESSAGES_HPP

#include <string>
#include <string_view>
#include <vector>

#include "rules/refusal_hints.hpp"

namespace grk::beir {

/// "duplicate BEIR document id 'd1'" (`subject` "document") or "... query id ...".
std::string duplicate_id_message(const char* subject, std::string_view id);

/// A text holding a lone surrogate that UTF-8 cannot carry; `subject` "document" or "query".
std::string lone_surrogate_message(const char* subject, std::string_view id);

/// Positive pairs naming documents the corpus lacks (ascending ids).
std::string missing_documents_message(const std::vector<std::string>& ids);

/// Positive pairs naming queries queries.jsonl lacks (ascending ids).
std::string missing_queries_message(const std::vector<std::string>& ids);

/// No positive pair in the split.
std::string no_positive_rows_message(const std::string& split);

/// Judged query ids that are not kebab-case (ascending).
std::string non_kebab_query_ids_message(const std::vector<std::string>& ids);

/// Two judged query ids that query_ids=encode turns into one.
std::string encoded_query_id_collision_message(const std::string& first, const std::string& second,
                                               const std::string& adapted);

/// Document ids equal when case is folded: each group ascending.
std::string case_collision_message(const std::vector<std::vector<std::string>>& groups);

/// validate mode's words for a raw U+0085, U+2028 or U+2029 in a quoted text;
/// `subject` "document" or "query".
std::string raw_separator_message(const char* subject, std::string_view id, const SeparatorAt& at);

}  // namespace grk::beir

#endif
