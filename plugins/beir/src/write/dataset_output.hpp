// Where an adapted dataset is written: the SDK's staged folder
// (<grk/output/staged_folder.hpp>, docs/design.md §5.6) with the entries of a
// BEIR output, judgments.jsonl published before corpus/ (docs/behaviour/beir.md §15.4),
// and the plugin's writer threads for the documents (docs/behaviour/beir.md §15.8).
#ifndef GRK_BEIR_WRITE_DATASET_OUTPUT_HPP
#define GRK_BEIR_WRITE_DATASET_OUTPUT_HPP

#include <grk/expected.hpp>
#include <grk/output/staged_folder.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "write/document_writers.hpp"
#include "rules/output_checks.hpp"

namespace grk::beir {

/// Called with a step name before every change to the file system, so tests
/// can kill the process at any of them.
using WriteStepObserver = output::StepObserver;

/// Every failure is io_error with Python's OSError text.
class DatasetOutput {
 public:
  /// Removes stale staging folders and creates a fresh one holding corpus/.
  /// `with_id_map`: the run writes id_map.tsv too (docs/behaviour/beir.md §16.8); only
  /// then is a previous one in the destination replaced. The documents are
  /// written on `writer_threads` threads (writer_thread_count()).
  static Expected<std::unique_ptr<DatasetOutput>> create(OutputLayout layout, bool with_id_map,
                                                         WriteStepObserver observer, unsigned writer_threads);
  DatasetOutput(const DatasetOutput&) = delete;
  DatasetOutput& operator=(const DatasetOutput&) = delete;
  /// Stops the writer threads before the staged folder goes (and with it,
  /// unless published, everything written).
  ~DatasetOutput();

  /// Writes corpus/<file_name> (a safe, single path component) on the
  /// DocumentWriters threads; a failure surfaces at a later call. Pending
  /// bytes are bounded (docs/behaviour/beir.md §15.6).
  Expected<void> write_document(std::string_view file_name, std::string&& bytes);
  Expected<void> write_judgments(std::string_view bytes);
  /// Writes id_map.tsv from the pieces `produce` hands the sink, never whole
  /// in memory (docs/behaviour/beir.md §16.8). Only when created `with_id_map`.
  using ByteSink = output::StagedFolder::ByteSink;
  Expected<void> write_id_map(const std::function<Expected<void>(const ByteSink&)>& produce);
  /// Flushes everything to disk and makes it visible.
  Expected<void> publish();

 private:
  DatasetOutput(OutputLayout layout, WriteStepObserver observer, std::unique_ptr<output::StagedFolder> folder,
                int corpus_fd, unsigned writer_threads);
  Expected<void> finish_documents();

  OutputLayout layout_;
  WriteStepObserver observer_;
  std::unique_ptr<output::StagedFolder> folder_;
  int corpus_fd_;                             // owned by folder_
  unsigned writer_threads_;
  std::unique_ptr<DocumentWriters> writers_;  // while documents are being written
};

}  // namespace grk::beir

#endif
