#include "write/judgments_text.hpp"

#include <grk/groundkit/judgments/judgments_writer.hpp>
#include <grk/json/quoted_string.hpp>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace grk::beir {
namespace {

// The SDK's json.dumps(ensure_ascii=False) quoting, with docs/behaviour/beir.md §16.4's escapes.
std::uint64_t append_text(std::string& out, const std::string& text, bool escape) {
  return judgments::append_judgment_string(out, text, escape);
}

}  // namespace

// judgments.jsonl exactly as json.dumps(row, ensure_ascii=False) + "\n" writes
// each row (docs/behaviour/beir.md §9).
RenderedJudgments render_judgments(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                                   const std::map<std::string, std::string>& texts, UnicodeSeparators separators,
                                   const AdaptedIds* ids) {
  const bool escape = separators == UnicodeSeparators::escape;
  RenderedJudgments rendered;
  std::string& out = rendered.text;
  std::set<std::string> escaped_documents;
  // (adapted id, original id), in the adapted ids' order; without `ids` the
  // map's own order, the reference's.
  std::vector<std::pair<std::string, const std::string*>> rows, gold;
  for (const auto& entry : qrels.positives) rows.emplace_back(ids ? ids->queries.name(entry.first) : entry.first, &entry.first);
  if (ids) std::sort(rows.begin(), rows.end());
  for (const auto& [query_id, original_query] : rows) {
    const std::set<std::string>& documents = qrels.positives.at(*original_query);
    gold.clear();
    for (const auto& doc_id : documents) gold.emplace_back(ids ? ids->documents.stem(doc_id) : doc_id, &doc_id);
    if (ids) std::sort(gold.begin(), gold.end());
    out += "{\"query_id\": ";
    json::append_quoted(out, query_id);
    out += ", \"query\": ";
    std::uint64_t escaped = append_text(out, queries.at(*original_query), escape);
    out += ", \"category\": \"normal\", \"gold\": [";
    bool first = true;
    for (const auto& [stem, original_doc] : gold) {
      const std::string& doc_id = *original_doc;
      out += first ? "{\"doc\": " : ", {\"doc\": ";
      first = false;
      json::append_quoted(out, stem + ".txt");
      out += ", \"quote\": ";
      const std::uint64_t in_quote = append_text(out, texts.at(doc_id), escape);
      if (in_quote != 0) escaped_documents.insert(doc_id);
      escaped += in_quote;
      out += "}";
    }
    out += "]}\n";
    rendered.escaped_characters += escaped;
    rendered.escaped_rows += escaped != 0 ? 1 : 0;
  }
  rendered.escaped_documents = escaped_documents.size();
  return rendered;
}

}  // namespace grk::beir
