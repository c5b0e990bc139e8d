// The relevance checks: the positive qrels against the corpus and the queries,
// and the ids the judgments would carry.
#ifndef GRK_BEIR_RELEVANCE_CHECKS_HPP
#define GRK_BEIR_RELEVANCE_CHECKS_HPP

#include <grk/expected.hpp>

#include <map>
#include <string>

#include "document_index.hpp"
#include "qrels_reader.hpp"

namespace grk::beir {

/// The checks in the reference's order, each failing (invalid_data) with the
/// reference's message. `index` must be sealed.
Expected<void> check_relevance(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                               const DocumentIndex& index, const std::string& split);

}  // namespace grk::beir

#endif
