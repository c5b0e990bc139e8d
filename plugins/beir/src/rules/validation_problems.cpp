#include "rules/validation_problems.hpp"

#include <boost/json/object.hpp>

namespace grk::beir {

const char* problem_name(ProblemKind kind) noexcept {
  switch (kind) {
    case ProblemKind::unreadable_file: return "unreadable-file";
    case ProblemKind::invalid_utf8: return "invalid-utf8";
    case ProblemKind::line_too_long: return "line-too-long";
    case ProblemKind::line_break_inside_record: return "line-break-inside-record";
    case ProblemKind::invalid_json: return "invalid-json";
    case ProblemKind::not_a_json_object: return "not-a-json-object";
    case ProblemKind::missing_id: return "missing-id";
    case ProblemKind::unsafe_document_id: return "unsafe-document-id";
    case ProblemKind::long_document_id: return "long-document-id";
    case ProblemKind::reserved_document_id: return "reserved-document-id";
    case ProblemKind::duplicate_document_id: return "duplicate-document-id";
    case ProblemKind::non_string_field: return "non-string-field";
    case ProblemKind::empty_document: return "empty-document";
    case ProblemKind::unsafe_query_id: return "unsafe-query-id";
    case ProblemKind::duplicate_query_id: return "duplicate-query-id";
    case ProblemKind::missing_query_text: return "missing-query-text";
    case ProblemKind::empty_query: return "empty-query";
    case ProblemKind::qrels_without_header: return "qrels-without-header";
    case ProblemKind::invalid_qrels_header: return "invalid-qrels-header";
    case ProblemKind::short_qrels_row: return "short-qrels-row";
    case ProblemKind::invalid_score: return "invalid-score";
    case ProblemKind::graded_score: return "graded-score";
    case ProblemKind::identical_ids: return "identical-ids";
    case ProblemKind::missing_document: return "missing-document";
    case ProblemKind::missing_query: return "missing-query";
    case ProblemKind::no_positive_rows: return "no-positive-rows";
    case ProblemKind::non_kebab_query_id: return "non-kebab-query-id";
    case ProblemKind::encoded_query_id_collision: return "encoded-query-id-collision";
    case ProblemKind::case_colliding_document_ids: return "case-colliding-document-ids";
    case ProblemKind::lone_surrogate: return "lone-surrogate";
    case ProblemKind::unicode_separator_in_text: return "unicode-separator-in-text";
  }
  return "";
}

// docs/behaviour/beir.md §18.3: the table of kinds and the opt-ins that resolve them.
const char* resolved_by(ProblemKind kind) noexcept {
  switch (kind) {
    case ProblemKind::line_break_inside_record: return "line_breaks=newline";
    case ProblemKind::unsafe_document_id:
    case ProblemKind::long_document_id:
    case ProblemKind::reserved_document_id:
    case ProblemKind::case_colliding_document_ids: return "document_ids=encode";
    case ProblemKind::unsafe_query_id:
    case ProblemKind::non_kebab_query_id: return "query_ids=encode";
    case ProblemKind::qrels_without_header: return "qrels_header=auto";
    case ProblemKind::graded_score: return "graded=1";
    case ProblemKind::identical_ids: return "identical_ids=exclude";
    case ProblemKind::missing_document: return "missing_documents=drop";
    case ProblemKind::missing_query: return "missing_queries=drop";
    case ProblemKind::unicode_separator_in_text: return "unicode_separators=escape";
    default: return nullptr;
  }
}

// The opt-in's value is read off the one declaration of the opt-ins.
bool opt_in_chosen(ProblemKind kind, const AdaptationPolicies& policies) noexcept {
  const char* setting = resolved_by(kind);
  return setting != nullptr && opt_in_is(policies, setting);
}

bool makes_invalid(ProblemKind kind) noexcept { return kind != ProblemKind::identical_ids; }

bool ProblemLog::valid() const noexcept {
  for (std::size_t i = 0; i < problem_kind_count; ++i) {
    if (entries_[i].count != 0 && makes_invalid(static_cast<ProblemKind>(i))) return false;
  }
  return true;
}

std::vector<ProblemKind> ProblemLog::kinds() const {
  std::vector<ProblemKind> found;
  for (std::size_t i = 0; i < problem_kind_count; ++i) {
    if (entries_[i].count != 0) found.push_back(static_cast<ProblemKind>(i));
  }
  return found;
}

boost::json::array ProblemLog::to_json() const {
  boost::json::array problems;
  for (const ProblemKind kind : kinds()) {
    const Entry& entry = entries_[static_cast<std::size_t>(kind)];
    boost::json::object problem;
    problem["kind"] = problem_name(kind);
    problem["count"] = entry.count;
    boost::json::array examples;
    for (const ProblemExample& example : entry.examples) {
      boost::json::object shown;
      shown["file"] = example.file;
      shown["line"] = example.line ? boost::json::value(*example.line) : boost::json::value(nullptr);
      shown["id"] = example.id ? boost::json::value(*example.id) : boost::json::value(nullptr);
      shown["message"] = example.message;
      examples.push_back(std::move(shown));
    }
    problem["examples"] = std::move(examples);
    const char* resolution = resolved_by(kind);
    problem["resolved_by"] = resolution != nullptr ? boost::json::value(resolution) : boost::json::value(nullptr);
    problems.push_back(std::move(problem));
  }
  return problems;
}

}  // namespace grk::beir
