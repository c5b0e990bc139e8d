// The relevance checks: the positive qrels against the corpus and the queries,
// and the ids the judgments would carry.
#ifndef GRK_BEIR_PIPELINE_RELEVANCE_CHECKS_HPP
#define GRK_BEIR_PIPELINE_RELEVANCE_CHECKS_HPP

#include <grk/expected.hpp>

#include <map>
#include <string>

#include "source/document_index.hpp"
#include "rules/identifier_rules.hpp"
#include "read/qrels_reader.hpp"
#include "source/source_lines.hpp"

namespace grk::beir {

/// Where the qrels came from and how they were read, for a refusal's hint
/// (docs/behaviour/beir.md §19).
struct QrelsOrigin {
  std::string path;
  std::string threshold = "1";    ///< the lowest positive score
};

/// The checks in the reference's order, each failing (invalid_data) with the
/// reference's message and a hint. `index` must be sealed. Step 9 (the
/// judgment id rule) runs only when `checks` applies to queries, step 10 (case
/// collisions) only when it applies to documents: `query_ids: encode` and
/// `document_ids: encode` resolve those instead (docs/behaviour/beir.md §16.8).
Expected<void> check_relevance(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                               const DocumentIndex& index, const std::string& split, IdentifierChecks checks = {},
                               const QrelsOrigin& origin = {});

}  // namespace grk::beir

#endif
