#include "support/atomic_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

namespace grk::host {
namespace {

// Why this file is careful (docs/design.md §4.15): grk-eval often runs as root
// and writes into folders that other users can write to. Every step is taken
// relative to one descriptor of the target's folder, the temporary is created
// without a name (O_TMPFILE) or with O_EXCL | O_NOFOLLOW under a name nobody
// can predict, and the final rename replaces the directory entry without
// following it: a planted symlink is never written through.

constexpr const char* temporary_marker = ".tmp-";
constexpr std::size_t random_hex_length = 16;
// A temporary nobody holds locked and untouched for this long belongs to a
// writer that died; a later write of the same file removes it.
constexpr std::time_t stale_after_seconds = 10;

/// A descriptor closed when it goes out of scope.
class Descriptor {
 public:
  explicit Descriptor(int fd = -1) noexcept : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const noexcept { return fd_; }

 private:
  int fd_;
};

std::string reason() { return std::strerror(errno); }

/// What a target that is not a regular file is, in words; empty for a regular
/// file or none at all.
std::string refused_kind(int dir, const std::string& name) {
  struct stat st {};
  if (::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return {};
  return file_kind_name(st.st_mode);
}

/// "." + the name (cut so that the whole stays within the folder's NAME_MAX)
/// + ".tmp-": what every temporary of this target starts with.
std::string temporary_prefix(int dir, const std::string& name) {
  long name_max = ::fpathconf(dir, _PC_NAME_MAX);
  if (name_max <= 0) name_max = 255;
  const std::size_t room = static_cast<std::size_t>(name_max) - 1 - std::strlen(temporary_marker) - random_hex_length;
  return "." + name.substr(0, room) + temporary_marker;
}

Expected<std::string, HostError> random_hex() {
  unsigned char bytes[random_hex_length / 2];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return usage_error("cannot draw a temporary file name: " + reason());
    got += static_cast<std::size_t>(n);
  }
  static const char digits[] = "0123456789abcdef";
  std::string hex;
  for (unsigned char byte : bytes) {
    hex += digits[byte >> 4];
    hex += digits[byte & 0xf];
  }
  return hex;
}

bool is_temporary_of(const std::string& entry, const std::string& prefix) {
  if (entry.size() != prefix.size() + random_hex_length || entry.compare(0, prefix.size(), prefix) != 0) return false;
  return entry.find_first_not_of("0123456789abcdef", prefix.size()) == std::string::npos;
}

/// Removes the temporaries of this target that a killed writer left: regular
/// files of this user, unlocked (a live writer holds its lock from creation
/// to rename) and unchanged for a while. Anything else is left alone.
void remove_stale_temporaries(int dir, const std::string& prefix) {
  const int listing_fd = ::openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (listing_fd < 0) return;
  DIR* listing = ::fdopendir(listing_fd);
  if (listing == nullptr) {
    ::close(listing_fd);
    return;
  }
  const std::time_t now = std::time(nullptr);
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    if (!is_temporary_of(name, prefix)) continue;
    const Descriptor candidate(::openat(dir, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    struct stat st {};
    if (candidate.get() < 0 || ::fstat(candidate.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() ||
        now - st.st_mtime < stale_after_seconds || ::flock(candidate.get(), LOCK_EX | LOCK_NB) != 0) {
      continue;
    }
    ::unlinkat(dir, name.c_str(), 0);
  }
  ::closedir(listing);
}

/// Writes the pieces it is given to `fd`, in order; after the first failure
/// only remembers it, for the writer to report once the text is produced.
/// A large piece (a mebibyte of a results document) is copied and written by
/// a thread of the sink's own while the next one is made: of a 24 MB document,
/// the writes (the page cache filled, and fresh pages zeroed on this project's
/// VMs) took 15-40 ms that its writing on the calling thread then waited for.
/// A text of one small piece (most files) is written at once, without a thread.
class FileSink {
 public:
  FileSink(int fd, const std::string& shown) : fd_(fd), shown_(shown) {}
  FileSink(const FileSink&) = delete;
  FileSink& operator=(const FileSink&) = delete;
  ~FileSink() { stop_writer(); }

  void operator()(std::string_view text) {
    if (!writer_.joinable() && text.size() < large_piece) {
      write_now(text);
      return;
    }
    if (!writer_.joinable()) {
      try {
        writer_ = std::thread([this] { write_handed_pieces(); });
      } catch (const std::system_error&) {
        write_now(text);  // no thread to be had: the same bytes, in turn
        return;
      }
    }
    std::unique_lock<std::mutex> lock(mutex_);
    // The piece before this one is written and its buffer free.
    changed_.wait(lock, [this] { return !handed_; });
    spare_.assign(text.data(), text.size());
    std::swap(spare_, handed_text_);
    handed_ = true;
    lock.unlock();
    changed_.notify_all();
  }

  /// The first failure of a write, else the fsync's.
  Expected<void, HostError> finish() {
    stop_writer();
    if (failure_) return unexpected(std::move(*failure_));
    if (::fsync(fd_) != 0) return usage_error("cannot write '" + shown_ + "': " + reason());
    return {};
  }

 private:
  static constexpr std::size_t large_piece = std::size_t{1} << 19;

  // On the writer thread, or on the caller's while there is none.
  void write_now(std::string_view text) {
    const char* data = text.data();
    std::size_t left = text.size();
    while (left > 0 && !failure_) {
      const ssize_t n = ::write(fd_, data, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) failure_ = usage_error("cannot write '" + shown_ + "': " + reason()).error;
      if (n > 0) {
        data += n;
        left -= static_cast<std::size_t>(n);
      }
    }
  }

  void write_handed_pieces() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [this] { return handed_ || stopping_; });
      if (!handed_) return;
      lock.unlock();
      write_now(handed_text_);
      lock.lock();
      handed_ = false;
      changed_.notify_all();
    }
  }

  // Waits for the piece handed last to be written, then ends the thread.
  void stop_writer() {
    if (!writer_.joinable()) return;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    writer_.join();
  }

  int fd_;
  const std::string& shown_;
  std::optional<HostError> failure_;  // written by one thread at a time: the writer's, once there is one
  std::thread writer_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string handed_text_;  // the piece the writer writes
  std::string spare_;        // the next piece, copied while the one before is written
  bool handed_ = false;
  bool stopping_ = false;
};

/// An unnamed file in the folder (O_TMPFILE), given the temporary's name only
/// once its bytes are written; where the file system has no O_TMPFILE, a
/// named one created exclusively. Either way locked from the start, so that
/// no other writer takes it for a dead one's.
class Temporary {
 public:
  static Expected<Temporary, HostError> create(int dir, const std::string& name, const std::string& shown) {
    Temporary temporary(dir, shown);
    GRK_TRY(const std::string hex, random_hex());
    temporary.name_ = temporary_prefix(dir, name) + hex;
    temporary.fd_ = ::openat(dir, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (temporary.fd_ < 0) {
      temporary.fd_ = ::openat(dir, temporary.name_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
      if (temporary.fd_ < 0) return usage_error("cannot write '" + shown + "': " + reason());
      temporary.named_ = true;
    }
    ::flock(temporary.fd_, LOCK_EX);
    return temporary;
  }

  Temporary(Temporary&& other) noexcept
      : dir_(other.dir_), fd_(other.fd_), named_(other.named_), name_(std::move(other.name_)), shown_(std::move(other.shown_)) {
    other.fd_ = -1;
    other.named_ = false;
  }
  Temporary& operator=(Temporary&&) = delete;
  ~Temporary() {
    if (named_) ::unlinkat(dir_, name_.c_str(), 0);
    if (fd_ >= 0) ::close(fd_);
  }

  int fd() const noexcept { return fd_; }

  /// Gives the written file its temporary name, then renames it over
  /// `target`, which renameat replaces without following.
  Expected<void, HostError> publish(const std::string& target) {
    if (!named_) {
      // Through /proc, which any user may do; AT_EMPTY_PATH (root's way)
      // where /proc is not mounted.
      const std::string self = "/proc/self/fd/" + std::to_string(fd_);
      if (::linkat(AT_FDCWD, self.c_str(), dir_, name_.c_str(), AT_SYMLINK_FOLLOW) != 0 &&
          ::linkat(fd_, "", dir_, name_.c_str(), AT_EMPTY_PATH) != 0) {
        return usage_error("cannot write '" + shown_ + "': " + reason());
      }
      named_ = true;
    }
    if (::renameat(dir_, name_.c_str(), dir_, target.c_str()) != 0) {
      return usage_error("cannot write '" + shown_ + "': " + reason());
    }
    named_ = false;
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) return usage_error("cannot write '" + shown_ + "': " + reason());
    ::fsync(dir_);  // the rename itself survives a power loss
    return {};
  }

 private:
  Temporary(int dir, std::string shown) : dir_(dir), shown_(std::move(shown)) {}
  int dir_;
  int fd_ = -1;
  bool named_ = false;  // a directory entry exists that the destructor must remove
  std::string name_;
  std::string shown_;
};

}  // namespace

Expected<void, HostError> write_file_atomically(const std::filesystem::path& file, const TextProducer& produce) {
  std::error_code ec;
  const auto target = std::filesystem::absolute(file, ec);
  const auto parent = target.parent_path();
  const std::string name = target.filename().string();
  const std::string shown = file.string();
  if (name.empty() || name == "." || name == "..") return usage_error("cannot write '" + shown + "': not a file name");
  std::filesystem::create_directories(parent, ec);
  if (ec) return usage_error("cannot create folder '" + parent.string() + "': " + ec.message());
  const Descriptor dir(::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0) return usage_error("cannot open folder '" + parent.string() + "': " + reason());
  if (const std::string kind = refused_kind(dir.get(), name); !kind.empty()) {
    return usage_error("cannot write '" + shown + "': it is " + kind + ", not a regular file");
  }
  remove_stale_temporaries(dir.get(), temporary_prefix(dir.get(), name));
  GRK_TRY(auto temporary, Temporary::create(dir.get(), name, shown));
  FileSink sink(temporary.fd(), shown);
  produce([&sink](std::string_view piece) { sink(piece); });
  GRK_TRY_VOID(sink.finish());
  return temporary.publish(name);
}

Expected<void, HostError> write_file_atomically(const std::filesystem::path& file, std::string_view text) {
  return write_file_atomically(file, [text](const json::TextSink& put) { put(text); });
}

std::string file_kind_name(mode_t mode) {
  if (S_ISREG(mode)) return {};
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace grk::host
