// Ways for a caller of adapt_beir_dataset to watch, interrupt or tune a run.
#ifndef GRK_BEIR_PIPELINE_HOOKS_HPP
#define GRK_BEIR_PIPELINE_HOOKS_HPP

#include <cstdint>
#include <functional>

#include "write/dataset_output.hpp"

namespace grk::beir {

/// All optional.
struct AdaptationHooks {
  /// Progress of a phase ("reading corpus", "writing corpus"): units done, of
  /// total (0 = unknown), and bytes.
  std::function<void(const char* phase, std::uint64_t done, std::uint64_t total, std::uint64_t bytes)> progress;
  /// Called before each change to the file system (see DatasetOutput).
  WriteStepObserver before_write_step;
  /// Called between the two reads of corpus.jsonl (tests change the file here).
  std::function<void()> between_corpus_passes;
  /// A corpus.jsonl at least this large is read by the first pass in two
  /// halves on two threads (tests lower it to exercise that path on small files).
  std::uint64_t parallel_survey_min_bytes = 8u << 20;
};

}  // namespace grk::beir

#endif
