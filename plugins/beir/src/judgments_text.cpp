#include "judgments_text.hpp"

#include <grk/groundkit/judgments/judgments_writer.hpp>
#include <grk/json/quoted_string.hpp>

#include <set>

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
                                   const std::map<std::string, std::string>& texts, UnicodeSeparators separators) {
  const bool escape = separators == UnicodeSeparators::escape;
  RenderedJudgments rendered;
  std::string& out = rendered.text;
  std::set<std::string> escaped_documents;
  for (const auto& [query_id, documents] : qrels.positives) {
    out += "{\"query_id\": ";
    json::append_quoted(out, query_id);
    out += ", \"query\": ";
    std::uint64_t escaped = append_text(out, queries.at(query_id), escape);
    out += ", \"category\": \"normal\", \"gold\": [";
    bool first = true;
    for (const auto& doc_id : documents) {
      out += first ? "{\"doc\": " : ", {\"doc\": ";
      first = false;
      json::append_quoted(out, doc_id + ".txt");
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
