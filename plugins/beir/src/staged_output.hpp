// Atomic publication of an adapted dataset (docs/behaviour/beir.md §15.4).
//
// Everything is written into a staging directory that no reader of the output
// folder looks at, flushed to disk, and then made visible by renames:
// - output folder absent, or holding nothing but a previous judgments.jsonl
//   and an empty corpus/: the staging directory is a sibling of the output
//   folder and replaces it in ONE rename (rename(2) or renameat2 EXCHANGE), so
//   a run killed at any instant leaves the folder as it was or complete;
// - output folder holding other files of the user's: staging lives inside it
//   and two renames publish, judgments.jsonl first, corpus/ last. A kill
//   between them leaves new judgments beside an absent or empty corpus, which
//   cannot pass for a dataset (every gold span names a missing document).
// Staging directories are named ".<output>.grk-beir-staging-<pid>-<nonce>"
// (sibling) or ".grk-beir-staging-<pid>-<nonce>" (inside); the next run that
// gets past its checks removes those whose process is gone.
#ifndef GRK_BEIR_STAGED_OUTPUT_HPP
#define GRK_BEIR_STAGED_OUTPUT_HPP

#include <grk/expected.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "document_writers.hpp"
#include "output_checks.hpp"

namespace grk::beir {

/// Called with a step name before every change to the file system, so tests
/// can kill the process at any of them.
using WriteStepObserver = std::function<void(const char* step)>;

/// Every failure is io_error with Python's OSError text.
class StagedOutput {
 public:
  /// Removes stale staging directories and creates a fresh one.
  static Expected<std::unique_ptr<StagedOutput>> create(OutputLayout layout, WriteStepObserver observer);
  StagedOutput(const StagedOutput&) = delete;
  StagedOutput& operator=(const StagedOutput&) = delete;
  /// Removes the staging directory unless published: a failed run leaves the
  /// output folder as it found it.
  ~StagedOutput();

  /// Writes corpus/<file_name> (a safe, single path component) on the
  /// DocumentWriters threads; a failure surfaces at a later call. Pending
  /// bytes are bounded (docs/behaviour/beir.md §15.6).
  Expected<void> write_document(std::string_view file_name, std::string&& bytes);
  Expected<void> write_judgments(std::string_view bytes);
  /// Writes the file `name` (a single path component) beside judgments.jsonl,
  /// from the pieces `produce` hands its sink, so that a large file is never
  /// whole in memory (id_map.tsv, docs/behaviour/beir.md §16.8). Published with the rest;
  /// where two renames publish, this one is renamed first.
  using ByteSink = std::function<Expected<void>(std::string_view)>;
  Expected<void> write_extra_file(const std::string& name, const std::function<Expected<void>(const ByteSink&)>& produce);
  /// Flushes everything to disk and makes it visible.
  Expected<void> publish();

 private:
  enum class Mode { replace_absent, exchange, in_place };
  StagedOutput(OutputLayout layout, WriteStepObserver observer);
  Expected<void> create_staging();
  Expected<void> finish_documents();
  void step(const char* name) const;

  OutputLayout layout_;
  WriteStepObserver observer_;
  Mode mode_ = Mode::in_place;
  std::string staging_path_;
  int staging_fd_ = -1;
  int corpus_fd_ = -1;
  bool published_ = false;
  std::vector<std::string> extra_files_;  // written by write_extra_file
  std::unique_ptr<DocumentWriters> writers_;  // while documents are being written
};

/// Removes a directory tree without following symbolic links. Best effort.
void remove_tree(const std::string& path);

}  // namespace grk::beir

#endif
