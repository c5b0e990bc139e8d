// validate mode's checks of the positive pairs (docs/behaviour/beir.md §16.5-§16.8, §7 steps
// 6-10) and of the texts the judgments would hold (§15.3), with the adapt path's messages.
#include <grk/groundkit/id_encoding.hpp>
#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/json/wtf8.hpp>

#include <set>

#include "pipeline/validation_passes.hpp"
#include "policies/pair_policies.hpp"
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

// The pair rules (policies/pair_policies.hpp), in their order. A rule's
// problems are counted, one per culprit at the first qrels line naming it;
// then its pairs are dropped, as the adapt path drops or refuses them, so that
// the checks after see the pairs it would.
void check_pairs(ValidationScope& scope, const std::string& qrels_name, const CorpusFacts& corpus,
                 const QueryFacts& queries, Positives& positives) {
  const PairFacts facts{corpus.index, [&queries](const std::string& query) { return queries.lines.count(query) != 0; }};
  struct Found {
    std::string query, document;
    std::uint64_t line;
  };
  for (const PairRule& rule : pair_rules()) {
    std::map<std::string, Found> found;  // by culprit, in its order
    for (const auto& [query, documents] : positives) {
      for (const auto& [doc, line] : documents) {
        if (!rule.finds(facts, query, doc)) continue;
        const std::string key = rule.culprit == PairCulprit::document ? doc
                                : rule.culprit == PairCulprit::query  ? query
                                                                      : query + '\0' + doc;
        auto [at, added] = found.emplace(key, Found{query, doc, line});
        if (!added) at->second.line = std::min(at->second.line, line);
      }
    }
    for (const auto& entry : found) {
      const Found& pair = entry.second;
      scope.log.add(rule.kind, [&] {
        const std::string& id = rule.culprit == PairCulprit::document ? pair.document : pair.query;
        return example(qrels_name, pair.line, id, rule.message(pair.query, pair.document));
      });
    }
    if (opt_in_chosen(rule.kind, scope.policies) || makes_invalid(rule.kind)) {
      drop(positives, [&](const std::string& query, const std::string& doc) { return rule.finds(facts, query, doc); });
    }
  }
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
