// A small pool of threads that creates and writes the corpus's document files.
//
// Creating a small file costs the process almost nothing and the kernel a lot
// (inode, directory entry, page-cache page, all under the directory's lock),
// so the adapter parses on its own thread while these threads make the system
// calls. Documents travel in batches: one hand-over per batch rather than per
// document keeps the threads out of the scheduler (per-document hand-over cost
// more than a second of context switches at 200,000 documents).
#ifndef GRK_BEIR_WRITE_DOCUMENT_WRITERS_HPP
#define GRK_BEIR_WRITE_DOCUMENT_WRITERS_HPP

#include <grk/expected.hpp>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace grk::beir {

/// How many writer threads: GRK_BEIR_WRITERS when set (for measurements;
/// grk::eval::count_from_environment's values and refusal), else one per
/// core, at most 8 (2 when the cores are unknown). docs/behaviour/beir.md §15.8.
[[nodiscard]] Expected<unsigned> writer_thread_count();

class DocumentWriters {
 public:
  /// Writes into the directory `dir_fd` (not owned) on `threads` threads;
  /// `shown_dir` names it in errors. Threads start with the first document.
  DocumentWriters(int dir_fd, std::string shown_dir, unsigned threads);
  DocumentWriters(const DocumentWriters&) = delete;
  DocumentWriters& operator=(const DocumentWriters&) = delete;
  ~DocumentWriters();

  /// Queues the file `name` (a safe, single path component; it must not
  /// exist) with `bytes`. Blocks while too much is pending, so memory stays
  /// bounded. Returns false once a write has failed: stop, and call finish()
  /// for the failure.
  [[nodiscard]] bool write(std::string_view name, std::string&& bytes);

  /// Waits for every queued file. Fails (io_error, Python's OSError text) with
  /// the failed write earliest in queue order, so that the error does not
  /// depend on thread timing.
  Expected<void> finish();

 private:
  struct Document {
    std::string name;
    std::string bytes;
  };
  struct Batch {
    std::vector<Document> documents;
    std::size_t bytes = 0;
    std::uint64_t first_sequence = 0;
  };
  struct FailedWrite {
    int errno_value = 0;
    std::uint64_t sequence = 0;  ///< the document's place in queue order
    std::string name;
  };
  void hand_over();
  Expected<void, FailedWrite> write_batch(const Batch& batch) const;
  void run();
  /// Ends the threads; with `discard_queued` (a failed run) batches not yet
  /// taken are dropped, otherwise the threads write them first.
  void join_threads(bool discard_queued) noexcept;

  int dir_fd_;
  std::string shown_dir_;
  unsigned thread_count_;
  Batch filling_;  // the batch being filled; only the calling thread touches it
  std::uint64_t next_sequence_ = 0;

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable space_ready_;
  std::deque<Batch> queue_;
  std::size_t pending_bytes_ = 0;  // queued or being written
  bool closing_ = false;  // no more batches come: threads end once the queue is empty
  std::optional<FailedWrite> first_failure_;  // earliest in queue order so far
};

}  // namespace grk::beir

#endif
