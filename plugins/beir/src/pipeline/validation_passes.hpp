// The passes of validate mode (docs/behaviour/beir.md §18.4), one per source file and one
// for the relevance checks, in the adapt path's order. Each asks the same rule
// functions the adapt path asks, logs every problem it finds and reads on.
#ifndef GRK_BEIR_PIPELINE_VALIDATION_PASSES_HPP
#define GRK_BEIR_PIPELINE_VALIDATION_PASSES_HPP

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/hooks.hpp"
#include "pipeline/validate.hpp"
#include "rules/adaptation_policies.hpp"
#include "source/document_index.hpp"
#include "source/source_lines.hpp"
#include "rules/refusal_hints.hpp"
#include "rules/validation_problems.hpp"

namespace grk::beir {

/// What every pass shares: the options, the dataset folder and what is found.
struct ValidationScope {
  const AdaptationPolicies& policies;
  const AdaptationHooks& hooks;
  std::string source;  ///< source_dir, resolved
  std::string split;
  ProblemLog& log;
  ValidationCounts& counts;
};

/// What the corpus pass keeps: ids, one line number per record, and the
/// documents whose text holds a raw separator. Never the texts.
struct CorpusFacts {
  DocumentIndex index;
  std::vector<std::uint64_t> line_of_record;                                 // record position - 1 -> line
  std::map<std::string, std::pair<std::uint64_t, SeparatorAt>> separators;  // id -> line, first separator
};

/// What the queries pass keeps.
struct QueryFacts {
  std::map<std::string, std::string> texts;  // id -> stripped text
  std::map<std::string, std::uint64_t> lines;
};

/// Positive pairs: query id -> document id -> the first qrels line naming the pair.
using Positives = std::map<std::string, std::map<std::string, std::uint64_t>>;

/// An example of a problem, as the log keeps it.
ProblemExample example(const std::string& file, std::optional<std::uint64_t> line, std::optional<std::string> id,
                       std::string message);

/// Logs a SourceLineReader failure on the file `name`, with the adapt path's `message`.
void log_read_failure(ProblemLog& log, const std::string& name, const ReadFailure& failure, std::string message);

/// corpus.jsonl (docs/behaviour/beir.md §7 steps 3-4); `corpus.index` comes back sealed.
void validate_corpus(ValidationScope& scope, CorpusFacts& corpus);

/// queries.jsonl (docs/behaviour/beir.md §7 step 5).
void validate_queries(ValidationScope& scope, QueryFacts& queries);

/// qrels/<split>.tsv (docs/behaviour/beir.md §4, §16.2-§16.3): the positive pairs, by the
/// threshold of `graded` (1 without it).
Positives validate_qrels(ValidationScope& scope);

/// The pair policies and docs/behaviour/beir.md §7 steps 6-10 on the positive pairs, then
/// what the reference meets only while writing (§15.3).
void validate_relevance(ValidationScope& scope, const CorpusFacts& corpus, const QueryFacts& queries,
                        Positives& positives);

}  // namespace grk::beir

#endif
