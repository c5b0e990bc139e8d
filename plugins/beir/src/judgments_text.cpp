#include "judgments_text.hpp"

#include <grk/json/quoted_string.hpp>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "record_fields.hpp"

namespace grk::beir {
namespace {

// Appends `text` as json.dumps(ensure_ascii=False) quotes it, and with
// `escape` its raw U+0085, U+2028 and U+2029 as json.dumps(ensure_ascii=True)
// writes them (docs/behaviour/beir.md §16.4). Returns how many were escaped.
std::uint64_t append_text(std::string& out, const std::string& text, bool escape) {
  if (!escape || !contains_raw_line_separator(text)) {
    json::append_quoted(out, text);
    return 0;
  }
  std::string quoted;
  json::append_quoted(quoted, text);
  std::uint64_t escaped = 0;
  for (std::size_t i = 0; i < quoted.size(); ++i) {
    const unsigned char byte = static_cast<unsigned char>(quoted[i]);
    if (byte == 0xC2 && i + 1 < quoted.size() && quoted[i + 1] == '\x85') {
      out += "\\u0085";
      ++i;
      ++escaped;
    } else if (byte == 0xE2 && i + 2 < quoted.size() && quoted[i + 1] == '\x80' &&
               (quoted[i + 2] == '\xA8' || quoted[i + 2] == '\xA9')) {
      out += quoted[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
      ++escaped;
    } else {
      out += quoted[i];
    }
  }
  return escaped;
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
