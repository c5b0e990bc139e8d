#include "document_writers.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include <fcntl.h>
#include <unistd.h>

#include "python_path.hpp"

namespace grk::beir {
namespace {

// A batch is handed over at whichever limit it reaches first.
constexpr std::size_t batch_documents = 64;
constexpr std::size_t batch_bytes = 512u << 10;
// Enough in flight to keep the threads busy, little enough to stay small.
constexpr std::size_t max_pending_bytes = 8u << 20;

unsigned thread_count() {
  if (const char* forced = std::getenv("GRK_BEIR_WRITERS")) return std::max(1, std::atoi(forced));
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 2 : std::min(8u, cores);
}

int write_whole_file(int dir_fd, const std::string& name, const std::string& bytes) {
  const int fd = ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return errno;
  int error = 0;
  std::size_t done = 0;
  while (error == 0 && done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno != EINTR) error = errno;
    if (n > 0) done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0 && error == 0) error = errno;
  return error;
}

}  // namespace

DocumentWriters::DocumentWriters(int dir_fd, std::string shown_dir) : dir_fd_(dir_fd), shown_dir_(std::move(shown_dir)) {}

DocumentWriters::~DocumentWriters() { join_threads(true); }

bool DocumentWriters::write(std::string_view name, std::string&& bytes) {
  if (filling_.documents.empty()) filling_.first_sequence = next_sequence_;
  ++next_sequence_;
  filling_.bytes += bytes.size();
  filling_.documents.push_back(Document{std::string(name), std::move(bytes)});
  if (filling_.documents.size() >= batch_documents || filling_.bytes >= batch_bytes) hand_over();
  std::lock_guard<std::mutex> lock(mutex_);
  return error_ == 0;
}

void DocumentWriters::hand_over() {
  if (filling_.documents.empty()) return;
  if (threads_.empty()) {
    const unsigned count = thread_count();
    for (unsigned i = 0; i < count; ++i) threads_.emplace_back([this] { run(); });
  }
  std::unique_lock<std::mutex> lock(mutex_);
  space_ready_.wait(lock, [this] { return error_ != 0 || pending_bytes_ < max_pending_bytes; });
  pending_bytes_ += filling_.bytes;
  queue_.push_back(std::move(filling_));
  filling_ = Batch{};
  work_ready_.notify_one();
}

void DocumentWriters::write_batch(const Batch& batch, int& error, std::uint64_t& error_sequence,
                                  std::string& error_name) const {
  std::uint64_t sequence = batch.first_sequence;
  for (const Document& document : batch.documents) {
    if (const int failed = write_whole_file(dir_fd_, document.name, document.bytes); failed != 0) {
      error = failed;
      error_sequence = sequence;
      error_name = document.name;
      return;  // later documents of the batch do not matter: this one is reported
    }
    ++sequence;
  }
}

void DocumentWriters::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
    if (queue_.empty()) return;
    Batch batch = std::move(queue_.front());
    queue_.pop_front();
    const bool skip = error_ != 0 && error_sequence_ < batch.first_sequence;
    lock.unlock();
    int error = 0;
    std::uint64_t error_sequence = 0;
    std::string error_name;
    if (!skip) write_batch(batch, error, error_sequence, error_name);
    lock.lock();
    pending_bytes_ -= batch.bytes;
    if (error != 0 && (error_ == 0 || error_sequence < error_sequence_)) {
      error_ = error;
      error_sequence_ = error_sequence;
      error_name_ = std::move(error_name);
    }
    space_ready_.notify_one();
  }
}

int DocumentWriters::finish(std::string& failed_path) {
  hand_over();
  join_threads(false);
  if (error_ != 0) failed_path = join_path(shown_dir_, error_name_);
  return error_;
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
