// The opt-ins that drop positive pairs before the relevance checks
// (docs/behaviour/beir.md §16.5-§16.6). One table, pair_rules, says which pairs
// each finds and what its opt-in does; the adapt path drops with it, validate
// mode counts with it, and the result reports with it (pipeline/policy_report.cpp).
#ifndef GRK_BEIR_POLICIES_PAIR_POLICIES_HPP
#define GRK_BEIR_POLICIES_PAIR_POLICIES_HPP

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "rules/adaptation_policies.hpp"
#include "rules/validation_problems.hpp"
#include "source/document_index.hpp"
#include "read/qrels_reader.hpp"

namespace grk::beir {

/// What the pair rules look at: the documents and the queries there are.
struct PairFacts {
  const DocumentIndex& documents;
  std::function<bool(const std::string&)> has_query;
};

/// What a found pair is put down to, which decides what a problem and the
/// result name: nothing but the pair (its query's id), its document, its query.
enum class PairCulprit { pair, document, query };

/// One rule over the positive pairs. Its problem kind names its opt-in
/// (resolved_by: "missing_documents=drop"), which drops the pairs it finds;
/// without the opt-in, groundkit refuses them if the kind makes_invalid, and
/// keeps them otherwise (identical ids).
struct PairRule {
  ProblemKind kind;
  PairCulprit culprit;
  const char* did;  ///< what the result says the opt-in did (docs/behaviour/beir.md §16.7)
  bool (*finds)(const PairFacts& facts, const std::string& query, const std::string& document);
  /// Validate mode's message for a found pair (groundkit's words where groundkit refuses).
  std::string (*message)(const std::string& query, const std::string& document);

  /// The opt-in's parameter ("missing_documents") and the value that drops ("drop").
  std::string param() const;
  std::string value() const;
};

/// The rules in the order they apply: a pair one drops is not seen by the next.
const std::vector<PairRule>& pair_rules();

/// What one dropping policy removed. `ids` are the documents or queries it
/// was put down to (sorted; empty for a rule whose culprit is the pair); `emptied_queries` the
/// queries left without a positive pair by this policy (sorted).
struct DroppedPairs {
  std::uint64_t pairs = 0;
  std::vector<std::string> ids;
  std::vector<std::string> emptied_queries;
};

/// Per policy, what it dropped; only the policies that are on have an entry.
struct PairAdjustments {
  std::map<std::string, DroppedPairs> by_param;  ///< keyed by PairRule::param()
};

/// Applies the rules whose opt-in is on to `qrels`, in pair_rules' order, and
/// removes the queries left without a positive pair. `index` must be sealed.
PairAdjustments drop_pairs(Qrels& qrels, const std::map<std::string, std::string>& queries,
                           const DocumentIndex& index, const AdaptationPolicies& policies);

}  // namespace grk::beir

#endif
