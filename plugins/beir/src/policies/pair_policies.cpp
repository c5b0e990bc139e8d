#include "policies/pair_policies.hpp"

#include <functional>
#include <set>

namespace grk::beir {
namespace {

// Drops every pair `doomed` picks; returns what went.
DroppedPairs drop_where(Qrels& qrels, const std::function<bool(const std::string&, const std::string&)>& doomed,
                        const std::function<std::string(const std::string&, const std::string&)>& culprit) {
  DroppedPairs dropped;
  std::set<std::string> ids;
  for (auto entry = qrels.positives.begin(); entry != qrels.positives.end();) {
    std::set<std::string>& documents = entry->second;
    for (auto doc = documents.begin(); doc != documents.end();) {
      if (doomed(entry->first, *doc)) {
        ++dropped.pairs;
        const std::string id = culprit(entry->first, *doc);
        if (!id.empty()) ids.insert(id);
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

// docs/behaviour/beir.md §16.5-§16.6, in that order.
PairAdjustments drop_pairs(Qrels& qrels, const std::map<std::string, std::string>& queries,
                           const DocumentIndex& index, const AdaptationPolicies& policies) {
  PairAdjustments adjustments;
  if (policies.identical_ids == IdenticalIds::exclude) {
    adjustments.by_param["identical_ids"] = drop_where(
        qrels, [](const std::string& query, const std::string& doc) { return query == doc; },
        [](const std::string&, const std::string&) { return std::string(); });
  }
  if (policies.missing_documents == MissingPolicy::drop) {
    adjustments.by_param["missing_documents"] = drop_where(
        qrels, [&index](const std::string&, const std::string& doc) { return !index.contains(doc); },
        [](const std::string&, const std::string& doc) { return doc; });
  }
  if (policies.missing_queries == MissingPolicy::drop) {
    adjustments.by_param["missing_queries"] = drop_where(
        qrels, [&queries](const std::string& query, const std::string&) { return queries.count(query) == 0; },
        [](const std::string& query, const std::string&) { return query; });
  }
  return adjustments;
}

}  // namespace grk::beir
