// validate mode's checks of the positive pairs (docs/behaviour/beir.md §16.5-§16.8, §7 steps
// 6-10) and of the texts the judgments would hold (§15.3), with the adapt path's messages.
#include <grk/groundkit/id_encoding.hpp>
#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/json/wtf8.hpp>
#include <grk/python/text.hpp>

#include <set>

#include "pipeline/validation_passes.hpp"
#include "rules/problem_messages.hpp"

namespace grk::beir {
namespace {

const std::string corpus_name = "corpus.jsonl";
const std::string queries_name = "queries.jsonl";

std::uint64_t first_line_naming_query(const Positives::mapped_type& documents) {
  std::uint64_t line = 0;
  for (const auto& [doc, at] : documents) line = line == 0 ? at : std::min(line, at);
  return line;
}

template <typename Doomed>
void drop(Positives& positives, const Doomed& doomed) {
  for (auto entry = positives.begin(); entry != positives.end();) {
    for (auto doc = entry->second.begin(); doc != entry->second.end();) {
      doc = doomed(entry->first, doc->first) ? entry->second.erase(doc) : std::next(doc);
    }
    entry = entry->second.empty() ? positives.erase(entry) : std::next(entry);
  }
}

// The pair policies (docs/behaviour/beir.md §16.5-§16.6), in their order. A problem an
// opt-in resolves is counted, then its pairs are dropped as that opt-in would.
void check_pairs(ValidationScope& scope, const std::string& qrels_name, const CorpusFacts& corpus,
                 const QueryFacts& queries, Positives& positives) {
  ProblemLog& log = scope.log;
  for (const auto& entry : positives) {
    // Named, not a structured binding: a lambda cannot capture one before C++20.
    const std::string& query = entry.first;
    const auto same = entry.second.find(query);
    if (same == entry.second.end()) continue;
    log.add(ProblemKind::identical_ids, [&] {
      return example(qrels_name, same->second, query,
                     "positive pair of query " + python::repr(query) +
                         " and the document with the same id; BEIR's evaluator drops such pairs "
                         "(ignore_identical_ids)");
    });
  }
  if (scope.policies.identical_ids == IdenticalIds::exclude) {
    drop(positives, [](const std::string& query, const std::string& doc) { return query == doc; });
  }
  std::map<std::string, std::uint64_t> absent_documents;
  for (const auto& [query, documents] : positives) {
    for (const auto& [doc, line] : documents) {
      if (corpus.index.contains(doc)) continue;
      auto [at, added] = absent_documents.emplace(doc, line);
      if (!added) at->second = std::min(at->second, line);
    }
  }
  for (const auto& [doc, line] : absent_documents) {
    log.add(ProblemKind::missing_document, [&, &doc = doc, &line = line] {
      return example(qrels_name, line, doc, missing_documents_message({doc}));
    });
  }
  drop(positives, [&absent_documents](const std::string&, const std::string& doc) {
    return absent_documents.count(doc) != 0;
  });
  std::vector<std::string> absent_queries;
  for (const auto& [query, documents] : positives) {
    if (queries.lines.count(query) != 0) continue;
    absent_queries.push_back(query);
    log.add(ProblemKind::missing_query, [&, &query = query, &documents = documents] {
      return example(qrels_name, first_line_naming_query(documents), query, missing_queries_message({query}));
    });
  }
  for (const std::string& query : absent_queries) positives.erase(query);
}

// docs/behaviour/beir.md §7 steps 8-10 on the pairs left, and §16.8's collision of encoded query ids.
void check_ids(ValidationScope& scope, const std::string& qrels_name, const CorpusFacts& corpus,
               const Positives& positives) {
  ProblemLog& log = scope.log;
  if (positives.empty()) {
    log.add(ProblemKind::no_positive_rows,
            example(qrels_name, std::nullopt, std::nullopt, no_positive_rows_message(scope.split)));
  }
  for (const auto& [query, documents] : positives) {
    if (judgments::is_judgment_query_id(query)) continue;
    log.add(ProblemKind::non_kebab_query_id, [&, &query = query, &documents = documents] {
      return example(qrels_name, first_line_naming_query(documents), query, non_kebab_query_ids_message({query}));
    });
  }
  // docs/behaviour/beir.md §16.8: under query_ids=encode, two judged queries must not
  // become one judgment id.
  if (scope.policies.query_ids == IdPolicy::encode) {
    std::map<std::string, std::vector<std::string>> originals;  // adapted -> originals, ascending
    for (const auto& entry : positives) originals[groundkit::kebab_case_id(entry.first)].push_back(entry.first);
    for (const auto& [adapted, group] : originals) {
      if (group.size() < 2) continue;
      log.add(ProblemKind::encoded_query_id_collision, [&, &adapted = adapted, &group = group] {
        return example(qrels_name, first_line_naming_query(positives.at(group[1])), group[1],
                       encoded_query_id_collision_message(group[0], group[1], adapted));
      });
    }
  }
  for (const std::vector<std::string>& group : corpus.index.case_collisions()) {
    log.add(ProblemKind::case_colliding_document_ids,
            [&] { return example(corpus_name, std::nullopt, group.front(), case_collision_message({group})); });
  }
}

// What the reference meets only while writing (docs/behaviour/beir.md §15.3), on the
// queries and documents the judgments would hold.
void check_written_texts(ValidationScope& scope, const CorpusFacts& corpus, const QueryFacts& queries,
                         const Positives& positives) {
  ProblemLog& log = scope.log;
  std::set<std::string> quoted;
  for (const auto& [query, documents] : positives) {
    scope.counts.relevance_pairs += documents.size();
    for (const auto& entry : documents) quoted.insert(entry.first);
    const std::string& text = queries.texts.count(query) != 0 ? queries.texts.at(query) : std::string();
    const std::uint64_t line = queries.lines.at(query);
    if (json::contains_lone_surrogate(text)) {
      log.add(ProblemKind::lone_surrogate, [&, &query = query] {
        return example(queries_name, line, query, lone_surrogate_message("query", query));
      });
    }
    if (const std::optional<SeparatorAt> at = first_separator(text)) {
      log.add(ProblemKind::unicode_separator_in_text, [&, &query = query] {
        return example(queries_name, line, query, raw_separator_message("query", query, *at));
      });
    }
  }
  scope.counts.judged_queries = positives.size();
  for (const auto& [id, found] : corpus.separators) {
    if (quoted.count(id) == 0) continue;
    log.add(ProblemKind::unicode_separator_in_text, [&, &id = id, &found = found] {
      return example(corpus_name, found.first, id, raw_separator_message("document", id, found.second));
    });
  }
}

}  // namespace

void validate_relevance(ValidationScope& scope, const CorpusFacts& corpus, const QueryFacts& queries,
                        Positives& positives) {
  const std::string qrels_name = "qrels/" + scope.split + ".tsv";
  check_pairs(scope, qrels_name, corpus, queries, positives);
  check_ids(scope, qrels_name, corpus, positives);
  check_written_texts(scope, corpus, queries, positives);
}

}  // namespace grk::beir
