#include "write/document_writers.hpp"

#include <algorithm>
#include <cerrno>

#include <fcntl.h>
#include <unistd.h>

#include <grk/eval/threads.hpp>

#include "source/python_path.hpp"

namespace grk::beir {
namespace {

// A batch is handed over at whichever limit it reaches first.
constexpr std::size_t batch_documents = 64;
constexpr std::size_t batch_bytes = 512u << 10;
// Enough in flight to keep the threads busy, little enough to stay small.
constexpr std::size_t max_pending_bytes = 8u << 20;

// Fails with the errno of the first system call that failed.
Expected<void, int> write_whole_file(int dir_fd, const std::string& name, const std::string& bytes) {
  const int fd = ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return unexpected(errno);
  int error = 0;
  std::size_t done = 0;
  while (error == 0 && done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno != EINTR) error = errno;
    if (n > 0) done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) return unexpected(error);
  return {};
}

}  // namespace

Expected<unsigned> writer_thread_count() {
  const unsigned cores = std::thread::hardware_concurrency();
  return eval::count_from_environment("GRK_BEIR_WRITERS", cores == 0 ? 2 : std::min(8u, cores));
}

DocumentWriters::DocumentWriters(int dir_fd, std::string shown_dir, unsigned threads)
    : dir_fd_(dir_fd), shown_dir_(std::move(shown_dir)), thread_count_(threads) {}

DocumentWriters::~DocumentWriters() { join_threads(true); }

bool DocumentWriters::write(std::string_view name, std::string&& bytes) {
  if (filling_.documents.empty()) filling_.first_sequence = next_sequence_;
  ++next_sequence_;
  filling_.bytes += bytes.size();
  filling_.documents.push_back(Document{std::string(name), std::move(bytes)});
  if (filling_.documents.size() >= batch_documents || filling_.bytes >= batch_bytes) hand_over();
  std::lock_guard<std::mutex> lock(mutex_);
  return !first_failure_;
}

void DocumentWriters::hand_over() {
  if (filling_.documents.empty()) return;
  if (threads_.empty()) {
    for (unsigned i = 0; i < thread_count_; ++i) threads_.emplace_back([this] { run(); });
  }
  std::unique_lock<std::mutex> lock(mutex_);
  space_ready_.wait(lock, [this] { return first_failure_ || pending_bytes_ < max_pending_bytes; });
  pending_bytes_ += filling_.bytes;
  queue_.push_back(std::move(filling_));
  filling_ = Batch{};
  work_ready_.notify_one();
}

Expected<void, DocumentWriters::FailedWrite> DocumentWriters::write_batch(const Batch& batch) const {
  std::uint64_t sequence = batch.first_sequence;
  for (const Document& document : batch.documents) {
    if (auto written = write_whole_file(dir_fd_, document.name, document.bytes); !written) {
      // Later documents of the batch do not matter: this one is reported.
      return unexpected(FailedWrite{written.error(), sequence, document.name});
    }
    ++sequence;
  }
  return {};
}

void DocumentWriters::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
    if (queue_.empty()) return;
    Batch batch = std::move(queue_.front());
    queue_.pop_front();
    const bool skip = first_failure_ && first_failure_->sequence < batch.first_sequence;
    lock.unlock();
    Expected<void, FailedWrite> written;
    if (!skip) written = write_batch(batch);
    lock.lock();
    pending_bytes_ -= batch.bytes;
    if (!written && (!first_failure_ || written.error().sequence < first_failure_->sequence)) {
      first_failure_ = std::move(written).error();
    }
    space_ready_.notify_one();
  }
}

Expected<void> DocumentWriters::finish() {
  hand_over();
  join_threads(false);
  if (first_failure_) {
    return fail(Status::io_error,
                os_error_text(first_failure_->errno_value, join_path(shown_dir_, first_failure_->name)));
  }
  return {};
}

void DocumentWriters::join_threads(bool discard_queued) noexcept {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
    if (discard_queued) queue_.clear();
  }
  work_ready_.notify_all();
  for (auto& thread : threads_) thread.join();
  threads_.clear();
}

}  // namespace grk::beir
