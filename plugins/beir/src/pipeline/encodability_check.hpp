// Texts the reference could not write as UTF-8: where it would die with
// UnicodeEncodeError partway through writing, the adapter refuses before
// writing anything.
#ifndef GRK_BEIR_PIPELINE_ENCODABILITY_CHECK_HPP
#define GRK_BEIR_PIPELINE_ENCODABILITY_CHECK_HPP

#include <grk/expected.hpp>

#include <map>
#include <string>

#include "pipeline/corpus_passes.hpp"
#include "read/qrels_reader.hpp"

namespace grk::beir {

/// Fails (invalid_data) on the first text holding a lone surrogate that the
/// reference would write: a document first, then a query with positive qrels.
Expected<void> check_encodable(const CorpusSurvey& survey, const Qrels& qrels,
                               const std::map<std::string, std::string>& queries);

}  // namespace grk::beir

#endif
