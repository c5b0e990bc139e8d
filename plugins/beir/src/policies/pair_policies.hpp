// The opt-ins that drop positive pairs before the relevance checks
// (docs/behaviour/beir.md §16.5-§16.6): identical ids, absent documents, absent queries.
#ifndef GRK_BEIR_POLICIES_PAIR_POLICIES_HPP
#define GRK_BEIR_POLICIES_PAIR_POLICIES_HPP

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rules/adaptation_policies.hpp"
#include "source/document_index.hpp"
#include "read/qrels_reader.hpp"

namespace grk::beir {

/// What one dropping policy removed. `ids` are the absent documents or queries
/// (sorted; empty for identical_ids); `emptied_queries` the queries left
/// without a positive pair by this policy (sorted).
struct DroppedPairs {
  std::uint64_t pairs = 0;
  std::vector<std::string> ids;
  std::vector<std::string> emptied_queries;
};

/// Per policy, what it dropped; only the policies that are on have an entry.
struct PairAdjustments {
  std::map<std::string, DroppedPairs> by_param;  ///< "identical_ids", "missing_documents", "missing_queries"
};

/// Applies, in this order, identical_ids=exclude, missing_documents=drop and
/// missing_queries=drop to `qrels` (a pair dropped by one is not seen by the
/// next), and removes the queries left without a positive pair. `index` must be
/// sealed.
PairAdjustments drop_pairs(Qrels& qrels, const std::map<std::string, std::string>& queries,
                           const DocumentIndex& index, const AdaptationPolicies& policies);

}  // namespace grk::beir

#endif
