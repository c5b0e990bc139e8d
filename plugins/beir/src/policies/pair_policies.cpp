#include "policies/pair_policies.hpp"

#include <set>

#include <grk/python/text.hpp>

#include "rules/problem_messages.hpp"

namespace grk::beir {
namespace {

// Drops every pair `rule` finds; returns what went.
DroppedPairs drop_found(Qrels& qrels, const PairRule& rule, const PairFacts& facts) {
  DroppedPairs dropped;
  std::set<std::string> ids;
  for (auto entry = qrels.positives.begin(); entry != qrels.positives.end();) {
    std::set<std::string>& documents = entry->second;
    for (auto doc = documents.begin(); doc != documents.end();) {
      if (rule.finds(facts, entry->first, *doc)) {
        ++dropped.pairs;
        if (rule.culprit == PairCulprit::document) ids.insert(*doc);
        if (rule.culprit == PairCulprit::query) ids.insert(entry->first);
        doc = documents.erase(doc);
      } else {
        ++doc;
      }
    }
    if (documents.empty()) {
      dropped.emptied_queries.push_back(entry->first);  // ascending: the map's order
      entry = qrels.positives.erase(entry);
    } else {
      ++entry;
    }
  }
  dropped.ids.assign(ids.begin(), ids.end());
  return dropped;
}

}  // namespace

std::string PairRule::param() const {
  const std::string setting = resolved_by(kind);
  return setting.substr(0, setting.find('='));
}

std::string PairRule::value() const {
  const std::string setting = resolved_by(kind);
  return setting.substr(setting.find('=') + 1);
}

// docs/behaviour/beir.md §16.5-§16.6, in that order.
const std::vector<PairRule>& pair_rules() {
  static const std::vector<PairRule> rules = {
      {ProblemKind::identical_ids, PairCulprit::pair, "dropped positive pairs whose query id equals the document id",
       [](const PairFacts&, const std::string& query, const std::string& doc) { return query == doc; },
       [](const std::string& query, const std::string&) {
         return "positive pair of query " + python::repr(query) +
                " and the document with the same id; BEIR's evaluator drops such pairs (ignore_identical_ids)";
       }},
      {ProblemKind::missing_document, PairCulprit::document,
       "dropped positive pairs naming documents absent from corpus.jsonl",
       [](const PairFacts& facts, const std::string&, const std::string& doc) {
         return !facts.documents.contains(doc);
       },
       [](const std::string&, const std::string& doc) { return missing_documents_message({doc}); }},
      {ProblemKind::missing_query, PairCulprit::query, "dropped positive pairs naming queries absent from queries.jsonl",
       [](const PairFacts& facts, const std::string& query, const std::string&) { return !facts.has_query(query); },
       [](const std::string& query, const std::string&) { return missing_queries_message({query}); }},
  };
  return rules;
}

PairAdjustments drop_pairs(Qrels& qrels, const std::map<std::string, std::string>& queries,
                           const DocumentIndex& index, const AdaptationPolicies& policies) {
  const PairFacts facts{index, [&queries](const std::string& query) { return queries.count(query) != 0; }};
  PairAdjustments adjustments;
  for (const PairRule& rule : pair_rules()) {
    if (opt_in_chosen(rule.kind, policies)) adjustments.by_param[rule.param()] = drop_found(qrels, rule, facts);
  }
  return adjustments;
}

}  // namespace grk::beir
