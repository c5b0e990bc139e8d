// The checks on every corpus and query record, once all three source files
// have loaded.
#ifndef GRK_BEIR_PIPELINE_RECORD_CHECKS_HPP
#define GRK_BEIR_PIPELINE_RECORD_CHECKS_HPP

#include <grk/expected.hpp>

#include <map>
#include <string>
#include <vector>

#include "pipeline/corpus_passes.hpp"
#include "source/record_fields.hpp"

namespace grk::beir {

/// The corpus records' first problem, in record order, where a duplicate id
/// counts at its second occurrence. Seals `survey.index`.
Expected<void> check_corpus_records(CorpusSurvey& survey);

/// The query records, in order; query id -> stripped text.
/// `checks` says whether query ids are checked by docs/behaviour/beir.md §5.
Expected<std::map<std::string, std::string>> check_query_records(const std::vector<RecordFields>& rows,
                                                                 IdentifierChecks checks = {});

}  // namespace grk::beir

#endif
