// adapt_beir_dataset: groundkit's BEIR adaptation (reference 3.7), streaming,
// with every check before the first write and an atomic publication.
#ifndef GRK_BEIR_BEIR_ADAPTATION_HPP
#define GRK_BEIR_BEIR_ADAPTATION_HPP

#include <boost/json/object.hpp>

#include <cstdint>
#include <functional>
#include <string>

#include "staged_output.hpp"

namespace grk::beir {

struct AdaptationRequest {
  std::string source_dir;
  std::string output_dir;
  std::string split = "test";
};

/// BeirAdaptationReport (reference 3.10), fields in the reference's order.
struct AdaptationReport {
  std::string source_dir;
  std::string output_dir;
  std::string split;
  std::uint64_t document_count = 0;
  std::uint64_t query_count = 0;
  std::uint64_t relevance_pair_count = 0;
  std::uint64_t total_characters = 0;  ///< code points, as Python's len()
  std::string corpus_dir;
  std::string judgments_path;
};

/// Ways for a caller to watch, interrupt or tune a run; all optional.
struct AdaptationHooks {
  /// Progress of a phase ("reading corpus", "writing corpus"): units done, of
  /// total (0 = unknown), and bytes.
  std::function<void(const char* phase, std::uint64_t done, std::uint64_t total, std::uint64_t bytes)> progress;
  /// Called before each change to the file system (see StagedOutput).
  WriteStepObserver before_write_step;
  /// Called between the two reads of corpus.jsonl (tests change the file here).
  std::function<void()> between_corpus_passes;
  /// A corpus.jsonl at least this large is read by the first pass in two
  /// halves on two threads (tests lower it to exercise that path on small files).
  std::uint64_t parallel_survey_min_bytes = 8u << 20;
};

/// Adapts the BEIR dataset in `request.source_dir` into `request.output_dir`.
/// Throws grk::Error with the reference's message and a status (invalid_argument
/// for the split, invalid_data for malformed sources, not_found for a missing
/// source file, failed_precondition for the output's state, io_error for the
/// OS). On any failure the output folder is left as it was.
AdaptationReport adapt_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks = {});

/// The report as the component's JSON result, fields in order.
boost::json::object report_to_json(const AdaptationReport& report);

/// One line in the words of the reference's CLI wrapper (3.10).
std::string summary_line(std::uint64_t document_count, std::uint64_t total_characters, const std::string& corpus_dir,
                         std::uint64_t query_count, std::uint64_t relevance_pair_count,
                         const std::string& judgments_path);

}  // namespace grk::beir

#endif
