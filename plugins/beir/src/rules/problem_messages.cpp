#include "rules/problem_messages.hpp"

#include <grk/python/text.hpp>

namespace grk::beir {

std::string duplicate_id_message(const char* subject, std::string_view id) {
  return std::string("duplicate BEIR ") + subject + " id " + python::repr(id);
}

std::string lone_surrogate_message(const char* subject, std::string_view id) {
  return std::string("BEIR ") + subject + " " + python::repr(id) +
         " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which cannot be written as UTF-8; "
         "refused. Nothing was written.";
}

std::string missing_documents_message(const std::vector<std::string>& ids) {
  return "BEIR qrels reference missing documents: " + python::repr_list(ids);
}

std::string missing_queries_message(const std::vector<std::string>& ids) {
  return "BEIR qrels reference missing queries: " + python::repr_list(ids);
}

std::string no_positive_rows_message(const std::string& split) {
  return "BEIR qrels for split " + python::repr(split) + " contain no positive relevance rows";
}

std::string non_kebab_query_ids_message(const std::vector<std::string>& ids) {
  return "BEIR query ids are not admissible as groundkit judgment ids: " + python::repr_list(ids) +
         ". The harness requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map "
         "these ids before adapting, rather than writing a corpus the harness would reject on load.";
}

std::string encoded_query_id_collision_message(const std::string& first, const std::string& second,
                                               const std::string& adapted) {
  return "BEIR query ids " + python::repr(first) + " and " + python::repr(second) + " both become the judgment id " +
         python::repr(adapted) + " under query_ids: encode; rename one of them before adapting. Nothing was written.";
}

std::string case_collision_message(const std::vector<std::vector<std::string>>& groups) {
  std::string listed = "[";
  for (std::size_t i = 0; i < groups.size(); ++i) listed += (i ? ", " : "") + python::repr_list(groups[i]);
  return "BEIR document ids collide when case is folded, so they would share one file on a "
         "case-insensitive filesystem: " +
         listed +
         "]. Each would overwrite the other while the judgments still reference both, leaving "
         "quotes resolved against the wrong document. Rename or map these ids before adapting.";
}

std::string raw_separator_message(const char* subject, std::string_view id, const SeparatorAt& at) {
  return std::string("BEIR ") + subject + " " + python::repr(id) + " holds a raw " + character_name(at.code_point) +
         " at character " + std::to_string(at.character) +
         ", which json.dumps writes raw and groundkit's load_judgments reads as a line break";
}

}  // namespace grk::beir
