#include "judgments_text.hpp"

#include <grk/json/quoted_string.hpp>

namespace grk::beir {

// judgments.jsonl exactly as json.dumps(row, ensure_ascii=False) + "\n" writes
// each row (docs/behaviour/beir.md §9).
std::string render_judgments(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                             const std::map<std::string, std::string>& texts) {
  std::string out;
  for (const auto& [query_id, documents] : qrels.positives) {
    out += "{\"query_id\": ";
    json::append_quoted(out, query_id);
    out += ", \"query\": ";
    json::append_quoted(out, queries.at(query_id));
    out += ", \"category\": \"normal\", \"gold\": [";
    bool first = true;
    for (const auto& doc_id : documents) {
      out += first ? "{\"doc\": " : ", {\"doc\": ";
      first = false;
      json::append_quoted(out, doc_id + ".txt");
      out += ", \"quote\": ";
      json::append_quoted(out, texts.at(doc_id));
      out += "}";
    }
    out += "]}\n";
  }
  return out;
}

}  // namespace grk::beir
