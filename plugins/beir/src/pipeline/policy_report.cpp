#include "pipeline/policy_report.hpp"

#include <boost/json/array.hpp>

#include <algorithm>

namespace grk::beir {
namespace {

constexpr std::size_t examples = 10;

boost::json::array first_ids(const std::vector<std::string>& ids) {
  boost::json::array out;
  for (std::size_t i = 0; i < std::min(ids.size(), examples); ++i) out.emplace_back(ids[i]);
  return out;
}

std::uint64_t rows_outside_binary(const Qrels& qrels) {
  std::uint64_t rows = 0;
  for (const auto& [grade, count] : qrels.rows_by_grade) rows += grade == "0" || grade == "1" ? 0 : count;
  return rows;
}

// The first renamings of `renamed` (original -> adapted pairs, in order).
template <typename Renamings>
boost::json::array renamed_pairs(const Renamings& renamed) {
  boost::json::array out;
  for (const auto& [original, adapted] : renamed) {
    if (out.size() == examples) break;
    out.push_back(boost::json::object{{"original", original}, {"adapted", adapted}});
  }
  return out;
}

// The pair rules' opt-ins (policies/pair_policies.hpp): the pairs each
// dropped, in the order of the opt-ins' table (policy_params), not the order
// the rules apply in.
void add_pair_drops(boost::json::object& adjustments, const PairAdjustments& pairs) {
  for (const ParamSpec& spec : policy_params()) {
    const auto found = pairs.by_param.find(spec.name);
    if (found == pairs.by_param.end() || found->second.pairs == 0) continue;
    const PairRule& rule = *std::find_if(pair_rules().begin(), pair_rules().end(),
                                         [&](const PairRule& each) { return each.param() == spec.name; });
    const DroppedPairs& dropped = found->second;
    boost::json::object entry;
    entry["value"] = rule.value();
    entry["did"] = rule.did;
    if (rule.culprit != PairCulprit::pair) {
      const std::string ids = rule.culprit == PairCulprit::document ? "documents" : "queries";
      entry[ids] = dropped.ids.size();
      entry["first_" + ids] = first_ids(dropped.ids);
    }
    entry["pairs"] = dropped.pairs;
    entry["queries_dropped"] = dropped.emptied_queries.size();
    entry["first_queries_dropped"] = first_ids(dropped.emptied_queries);
    adjustments[spec.name] = std::move(entry);
  }
}

// document_ids, query_ids: the ids encoded.
void add_id_renames(boost::json::object& adjustments, const AdaptedIds& ids) {
  if (ids.documents_changed != 0) {
    boost::json::object entry;
    entry["value"] = "encode";
    entry["did"] = "renamed the documents whose id is no portable file name, or collides when case is folded; "
                   "id_map.tsv lists them";
    entry["documents"] = ids.documents_changed;
    entry["case_collisions"] = ids.documents.case_renamed.size();
    entry["first_documents"] = renamed_pairs(ids.first_documents);
    adjustments["document_ids"] = std::move(entry);
  }
  if (!ids.queries.renamed.empty()) {
    const auto& renamed = ids.queries.renamed;
    boost::json::object entry;
    entry["value"] = "encode";
    entry["did"] = "renamed the written query ids that are not kebab-case; id_map.tsv lists them";
    entry["queries"] = renamed.size();
    entry["first_queries"] = renamed_pairs(renamed);
    adjustments["query_ids"] = std::move(entry);
  }
}

}  // namespace

// docs/behaviour/beir.md §16.7: each entry's fields, in the order written there.
boost::json::object policy_fields(const AdaptationPolicies& policies, const PolicyEffects& effects) {
  const Qrels& qrels = *effects.qrels;
  boost::json::object fields;
  boost::json::object adjustments;
  if (policies.qrels_header == QrelsHeader::automatic) fields["qrels_header"] = qrels.header_found ? "present" : "absent";
  if (policies.graded) {
    boost::json::object grades;
    grades["threshold"] = *policies.graded;
    boost::json::object rows;
    for (const auto& [grade, count] : qrels.rows_by_grade) rows[grade] = count;
    grades["rows_by_grade"] = std::move(rows);
    fields["grades"] = std::move(grades);
  }

  const std::uint64_t kept_whole =
      effects.corpus_lines_kept_whole + effects.query_lines_kept_whole + qrels.lines_kept_whole;
  if (policies.line_breaks == LineBreaks::newline && kept_whole != 0) {
    boost::json::object entry;
    entry["value"] = "newline";
    entry["did"] = "kept whole the lines Python's splitlines would have cut";
    entry["lines"] = kept_whole;
    boost::json::object files;
    if (effects.corpus_lines_kept_whole != 0) files["corpus.jsonl"] = effects.corpus_lines_kept_whole;
    if (effects.query_lines_kept_whole != 0) files["queries.jsonl"] = effects.query_lines_kept_whole;
    if (qrels.lines_kept_whole != 0) files[effects.qrels_file] = qrels.lines_kept_whole;
    entry["files"] = std::move(files);
    adjustments["line_breaks"] = std::move(entry);
  }
  if (policies.qrels_header == QrelsHeader::automatic && !qrels.header_found) {
    boost::json::object entry;
    entry["value"] = "auto";
    entry["did"] = "read the first row as data: the qrels have no header";
    entry["rows"] = 1;
    adjustments["qrels_header"] = std::move(entry);
  }
  if (policies.graded && rows_outside_binary(qrels) != 0) {
    boost::json::object entry;
    entry["value"] = *policies.graded;
    entry["did"] = "read scores other than 0 and 1; scores >= " + std::to_string(*policies.graded) + " are positive";
    entry["rows"] = rows_outside_binary(qrels);
    adjustments["graded"] = std::move(entry);
  }
  const RenderedJudgments& judgments = *effects.judgments;
  if (policies.unicode_separators == UnicodeSeparators::escape && judgments.escaped_characters != 0) {
    boost::json::object entry;
    entry["value"] = "escape";
    entry["did"] = "wrote U+0085, U+2028 and U+2029 as \\uXXXX escapes in judgments.jsonl";
    entry["characters"] = judgments.escaped_characters;
    entry["judgments"] = judgments.escaped_rows;
    entry["documents"] = judgments.escaped_documents;
    adjustments["unicode_separators"] = std::move(entry);
  }
  add_pair_drops(adjustments, *effects.pairs);
  if (effects.ids != nullptr) add_id_renames(adjustments, *effects.ids);
  if (!adjustments.empty()) fields["adjustments"] = std::move(adjustments);
  return fields;
}

}  // namespace grk::beir
