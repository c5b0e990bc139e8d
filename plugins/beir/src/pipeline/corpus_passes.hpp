// The two passes over corpus.jsonl (docs/behaviour/beir.md §7 steps 3-4 and 13-14). The
// first surveys the records and keeps ids and counts, never texts; the second
// reads the same bytes again, hands each document to the writer and keeps the
// texts the judgments quote, refusing the file if anything changed between.
#ifndef GRK_BEIR_PIPELINE_CORPUS_PASSES_HPP
#define GRK_BEIR_PIPELINE_CORPUS_PASSES_HPP

#include <grk/expected.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "pipeline/hooks.hpp"
#include "source/document_index.hpp"
#include "policies/id_adaptation.hpp"
#include "rules/identifier_rules.hpp"
#include "source/source_file.hpp"
#include "source/source_lines.hpp"
#include "write/dataset_output.hpp"

namespace grk::beir {

// A part of corpus.jsonl as the first pass read it, so that the second pass
// reads the same bytes the same way and notices any change.
struct CorpusRange {
  std::uint64_t begin = 0;
  std::optional<std::uint64_t> end;  // none: read on from the file offset to the end
  ContentFingerprint fingerprint;
};

// docs/behaviour/beir.md §7 step 4's first record error, its record position and whether it comes
// before the duplicate check within that record.
struct RecordProblem {
  std::string message;
  std::uint64_t position = 0;
  bool before_duplicate_check = false;
  std::string hint;  // docs/behaviour/beir.md §19
};

// What the first pass over corpus.jsonl keeps: ids and counts, never texts.
struct CorpusSurvey {
  DocumentIndex index;
  std::uint64_t record_count = 0;
  std::uint64_t total_characters = 0;
  // Recorded, not returned: the pass goes on to the end of the file, because
  // a decode error or a loader error later in the file outranks it, and so
  // may a duplicate id, known only once every id is.
  std::optional<RecordProblem> record_problem;
  std::vector<std::string> surrogate_ids;  // texts Python could not encode
  std::set<std::string> separator_ids;     // texts that break a judgments line
  std::vector<CorpusRange> ranges;         // in file order
  FileState state;
  LineBreaks line_breaks = LineBreaks::python;  // how both passes split lines
  std::uint64_t lines_kept_whole = 0;           // LineBreaks::newline: lines splitlines would have cut
  IdentifierChecks checks;                      // whether both passes check the ids (docs/behaviour/beir.md §16.8)
};

/// The first pass: on two threads for a large regular file (halves split
/// after a '\n', used only when both are clean), else in file order. Fails
/// for a file that cannot be read or decoded, then for the first line the
/// loader refuses; the records' problems are kept in the survey, for the
/// caller's check order.
/// `checks` says whether document ids are checked by docs/behaviour/beir.md §5.
Expected<CorpusSurvey> survey_corpus(const SourceFile& file, const std::string& path, LineBreaks line_breaks,
                                     const AdaptationHooks& hooks, IdentifierChecks checks = {});

/// The second pass over the ranges of `survey`, splitting lines as the first did: each document goes to `output`
/// when given, named by `names` when given (docs/behaviour/beir.md §16.8); returns the texts of the `referenced` ids. Fails with
/// failed_precondition when the file is not as the first pass saw it, and with
/// the output's failure to write.
Expected<std::map<std::string, std::string>> replay_corpus(const SourceFile& file, const std::string& path,
                                                           const CorpusSurvey& survey,
                                                           const std::set<std::string>& referenced,
                                                           DatasetOutput* output, const AdaptationHooks& hooks,
                                                           const DocumentNames* names = nullptr);

}  // namespace grk::beir

#endif
