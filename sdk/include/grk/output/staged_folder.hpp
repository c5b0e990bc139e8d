// grk/output/staged_folder.hpp: an output folder written in a staging folder
// and published atomically (docs/design.md §5.6), so that a dataset adapter
// that fails, or is killed, leaves its output as it found it (docs/design.md §5.2).
//
// Linux only (renameat2, syncfs, sync_file_range), like the rest of grk-eval.
#ifndef GRK_OUTPUT_STAGED_FOLDER_HPP
#define GRK_OUTPUT_STAGED_FOLDER_HPP

#include <grk/error.hpp>
#include <grk/expected.hpp>
#include <grk/python/os_error.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

namespace grk::output {

/// Called with a step's name before every change the staged folder makes to
/// the file system, so that a test can kill the process at any of them.
using StepObserver = std::function<void(const char* step)>;

struct StagingOptions {
  /// The top-level names the run writes into the destination, in the order
  /// an in-place publication renames them: put last the entry whose presence
  /// makes the output usable (a corpus folder after its judgments). Writing
  /// any other top-level name is refused.
  std::vector<std::string> entries;
  /// Names the staging folders: ".<destination's name>.<marker><pid>-<nonce>"
  /// beside the destination, ".<marker><pid>-<nonce>" inside it. Make it
  /// yours (e.g. "my-adapter-staging-"): the next run removes the folders
  /// with this marker that are its user's and that no live run holds locked.
  std::string marker = "grk-staging-";
  /// The path named when the destination's parent folders, or a staging
  /// folder inside the destination, cannot be created. Empty: the
  /// destination. (Python's mkdir(path, parents=True) names the leaf it was
  /// asked for, so an adapter mirroring Python passes that leaf.)
  std::string creation_error_path;
  StepObserver observer;
};

namespace detail {

inline std::string join_path(const std::string& a, std::string_view b) {
  if (a.empty() || a.back() == '/') return a + std::string(b);
  return a + "/" + std::string(b);
}

inline std::string parent_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

inline bool exists_no_follow(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

inline Unexpected<Failure> fail_os(int errno_value, const std::string& shown_path) {
  return fail(Status::io_error, python::os_error_text(errno_value, shown_path));
}

constexpr unsigned rename_noreplace = 1U << 0;
constexpr unsigned rename_exchange = 1U << 1;

// renameat2(2); ENOSYS where the system call does not exist.
inline int rename_with_flags(const std::string& from, const std::string& to, unsigned flags) {
#ifdef SYS_renameat2
  return static_cast<int>(::syscall(SYS_renameat2, AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), flags));
#else
  (void)from;
  (void)to;
  (void)flags;
  errno = ENOSYS;
  return -1;
#endif
}

inline void remove_tree_at(int parent_fd, const char* name);

// Empties the folder open as `fd`, which stays open, without following
// symbolic links. Best effort.
inline void remove_children(int fd) {
  const int listed = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);  // closedir closes its own descriptor
  if (listed < 0) return;
  DIR* dir = ::fdopendir(listed);
  if (dir == nullptr) {
    ::close(listed);
    return;
  }
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string child = entry->d_name;
    if (child != "." && child != "..") names.push_back(child);
  }
  ::closedir(dir);
  for (const auto& child : names) {
    if (::unlinkat(fd, child.c_str(), 0) != 0) remove_tree_at(fd, child.c_str());
  }
}

inline void remove_tree_at(int parent_fd, const char* name) {
  const int fd = ::openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    ::unlinkat(parent_fd, name, 0);
    return;
  }
  remove_children(fd);
  ::close(fd);
  ::unlinkat(parent_fd, name, AT_REMOVEDIR);
}

// Removes, from `dir`, the staging folders named `prefix`... that runs which
// died left: folders of our user (never another's, nor a link or a file of
// that name) whose lock no live run holds. A run locks its staging folder as
// it creates it, under the parent's lock, which the caller holds too; so a
// live run is never taken for dead, not even one in another PID namespace,
// whose process id would mean nothing here.
inline void remove_dead_staging(const std::string& dir, const std::string& prefix) {
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) return;
  std::vector<std::string> candidates;
  if (const int listed = ::fcntl(dir_fd, F_DUPFD_CLOEXEC, 0); listed >= 0) {
    if (DIR* handle = ::fdopendir(listed)) {
      while (const dirent* entry = ::readdir(handle)) {
        if (std::string_view(entry->d_name).substr(0, prefix.size()) == prefix) candidates.emplace_back(entry->d_name);
      }
      ::closedir(handle);
    } else {
      ::close(listed);
    }
  }
  for (const auto& name : candidates) {
    const int fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat st {};
    // Emptied through the descriptor judged, and locked while it is.
    if (::fstat(fd, &st) == 0 && st.st_uid == ::geteuid() && ::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      remove_children(fd);
      ::unlinkat(dir_fd, name.c_str(), AT_REMOVEDIR);
    }
    ::close(fd);
  }
  ::close(dir_fd);
}

inline std::string staging_nonce() {
  std::random_device device;
  char text[32];
  std::snprintf(text, sizeof text, "%ld-%08x", static_cast<long>(::getpid()), device());
  return text;
}

// Python's mkdir(parents=True, exist_ok=True) for `path`; fails with mkdir's errno.
inline Expected<void, int> make_parents(const std::string& path) {
  if (path == "/" || exists_no_follow(path)) return {};
  GRK_TRY_VOID(make_parents(parent_of(path)));
  if (::mkdir(path.c_str(), 0777) != 0 && errno != EEXIST) return unexpected(errno);
  return {};
}

inline void sync_directory(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

/// An exclusive flock(2) on a folder, released when it goes out of scope.
/// Waits for a holder to finish, but not for ever: anyone who can read the
/// folder can hold its lock, so after `patience_ms` the wait ends with
/// EWOULDBLOCK.
class FolderLock {
 public:
  static Expected<FolderLock> take(const std::string& folder, int patience_ms = 60000) {
    FolderLock lock(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (lock.fd_ < 0) return fail_os(errno, folder);
    for (int waited = 0; ::flock(lock.fd_, LOCK_EX | LOCK_NB) != 0; waited += 10) {
      if (errno != EWOULDBLOCK && errno != EINTR) return fail_os(errno, folder);
      if (waited >= patience_ms) return fail_os(EWOULDBLOCK, folder);
      ::usleep(10000);
    }
    return lock;
  }
  FolderLock(FolderLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  FolderLock& operator=(FolderLock&&) = delete;
  ~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
  }

 private:
  explicit FolderLock(int fd) noexcept : fd_(fd) {}
  int fd_;
};

}  // namespace detail

/// Removes a folder tree without following symbolic links. Best effort.
inline void remove_tree(const std::string& path) { detail::remove_tree_at(AT_FDCWD, path.c_str()); }

/// The same for the entry `name` of the folder open as `parent_fd`, for a
/// caller that judged the folder by descriptor and must not look it up by
/// path again.
inline void remove_tree_at(int parent_fd, const std::string& name) { detail::remove_tree_at(parent_fd, name.c_str()); }

/// An output folder written in a staging folder that no reader of the
/// destination looks at, and published by renames (docs/design.md §5.6).
/// Every failure is io_error with Python's OSError text naming the
/// destination-side path (docs/behaviour/python-compat.md §3).
class StagedFolder {
 public:
  /// `destination` is an absolute path without symbolic links or a trailing
  /// slash (resolve it first); it may be absent. Creates its missing
  /// parents, removes stale staging folders of `options.marker` and creates
  /// a fresh staging folder.
  static Expected<std::unique_ptr<StagedFolder>> create(std::string destination, StagingOptions options) {
    std::unique_ptr<StagedFolder> folder(new StagedFolder(std::move(destination), std::move(options)));
    // On failure the destructor removes what create_staging made.
    GRK_TRY_VOID(folder->create_staging());
    return folder;
  }

  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;

  /// Unless published, removes the staging folder (never a folder this run
  /// did not create): the destination is left as it was found.
  ~StagedFolder() {
    for (const auto& [name, fd] : folders_) ::close(fd);
    if (staging_fd_ >= 0) ::close(staging_fd_);
    if (!published_ && !staging_path_.empty()) remove_tree(staging_path_);
  }

  const std::string& destination() const noexcept { return destination_; }

  /// Creates the folder `relative` (e.g. "corpus" or "corpus/part-1"; its
  /// parent must exist) in the staging folder and returns a descriptor of it,
  /// valid while this object lives, for writing many files fast (openat with
  /// O_CREAT | O_EXCL | O_NOFOLLOW).
  Expected<int> make_folder(std::string_view relative) {
    GRK_TRY_VOID(check_entry(relative));
    step("mkdir-folder");
    const std::string name(relative);
    const std::string shown = detail::join_path(destination_, relative);
    if (::mkdirat(staging_fd_, name.c_str(), 0777) != 0) return detail::fail_os(errno, shown);
    const int fd = ::openat(staging_fd_, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return detail::fail_os(errno, shown);
    folders_.emplace_back(name, fd);
    return fd;
  }

  /// Receives the bytes of a file written in parts.
  using ByteSink = std::function<Expected<void>(std::string_view)>;

  /// Writes the new file `relative` (its folder must exist) whole.
  Expected<void> write_file(std::string_view relative, std::string_view bytes) {
    return write_file_in_parts(relative, [&](const ByteSink& sink) { return sink(bytes); });
  }

  /// Writes the new file `relative` from the pieces `produce` hands the sink,
  /// so that a large file is never whole in memory. write_file and this may
  /// be called from several threads at once, each for its own file.
  Expected<void> write_file_in_parts(std::string_view relative,
                                     const std::function<Expected<void>(const ByteSink&)>& produce) {
    GRK_TRY_VOID(check_entry(relative));
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      step("write-file");
    }
    const std::string shown = detail::join_path(destination_, relative);
    const int fd = ::openat(staging_fd_, std::string(relative).c_str(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return detail::fail_os(errno, shown);
    const ByteSink sink = [&](std::string_view bytes) -> Expected<void> {
      for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return detail::fail_os(errno, shown);
        done += static_cast<std::size_t>(n);
      }
      return {};
    };
    Expected<void> produced = produce(sink);
    // Starts the file's writeback now, so that publish's flush of it mostly
    // finds it done.
    if (produced) (void)::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
    const int error = ::close(fd) == 0 ? 0 : errno;
    if (!produced) return produced;
    if (error != 0) return detail::fail_os(error, shown);
    const std::lock_guard<std::mutex> lock(mutex_);
    written_.emplace_back(relative);
    return {};
  }

  /// Flushes everything to disk and makes it visible: one rename when the
  /// destination was absent or held nothing but declared entries, else one
  /// rename per declared entry, in the declared order.
  Expected<void> publish() {
    const std::string parent = detail::parent_of(destination_);
    // The renames must not reach the disk before the bytes they publish.
    step("sync");
    GRK_TRY_VOID(flush_staging());
    // Two runs publishing into one destination must not interleave their
    // renames (one run's judgments beside the other's corpus): each holds the
    // parent's lock for the whole of its publication.
    GRK_TRY(const detail::FolderLock lock, detail::FolderLock::take(parent));
    if (mode_ == Mode::replace_absent) {
      step("rename-output");
      if (detail::rename_with_flags(staging_path_, destination_, detail::rename_noreplace) != 0) {
        // Where the flag is unsupported, rename(2) after checking the
        // destination is still absent.
        if ((errno != EINVAL && errno != ENOSYS) || detail::exists_no_follow(destination_) ||
            ::rename(staging_path_.c_str(), destination_.c_str()) != 0) {
          return detail::fail_os(errno == EINVAL || errno == ENOSYS ? EEXIST : errno, destination_);
        }
      }
      published_ = true;
      detail::sync_directory(parent);
      return {};
    }
    if (mode_ == Mode::exchange) {
      step("exchange-output");
      if (detail::rename_with_flags(staging_path_, destination_, detail::rename_exchange) == 0) {
        published_ = true;
        detail::sync_directory(parent);
        step("remove-previous");
        remove_tree(staging_path_);  // now the previous contents
        return {};
      }
      if (errno != EINVAL && errno != ENOSYS && errno != EBUSY && errno != EXDEV) {
        return detail::fail_os(errno, destination_);
      }
    }
    for (const std::string& entry : options_.entries) {
      const std::string staged = detail::join_path(staging_path_, entry);
      if (!detail::exists_no_follow(staged)) continue;
      const std::string target = detail::join_path(destination_, entry);
      step("rename-entry");
      if (::rename(staged.c_str(), target.c_str()) == 0) continue;
      // A non-empty folder of that name: swap the two, then remove the old one.
      if ((errno != ENOTEMPTY && errno != EEXIST) ||
          detail::rename_with_flags(staged, target, detail::rename_exchange) != 0) {
        return detail::fail_os(errno, target);
      }
      step("remove-replaced");
      remove_tree(staged);
    }
    published_ = true;
    detail::sync_directory(destination_);
    step("remove-staging");
    remove_tree(staging_path_);
    return {};
  }

 private:
  enum class Mode { replace_absent, exchange, in_place };

  // The staging folder's bytes to disk. Files written by write_file alone
  // (a folder of a few outputs) are flushed one by one with the folder's
  // entries: a flush of the whole file system would also wait for whatever
  // else is dirty there, such as the 264 MB run file a user has just
  // written. Where make_folder handed out descriptors, this object does not
  // know every file written, and one syncfs (docs/design.md §5.6) flushes
  // them all, cheaper than an fsync each for many files.
  Expected<void> flush_staging() {
    if (!folders_.empty()) {
      if (::syncfs(staging_fd_) != 0) return detail::fail_os(errno, destination_);
      return {};
    }
    for (const std::string& name : written_) {
      const int fd = ::openat(staging_fd_, name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
      if (fd < 0) return detail::fail_os(errno, detail::join_path(destination_, name));
      const int error = ::fsync(fd) == 0 ? 0 : errno;
      ::close(fd);
      if (error != 0) return detail::fail_os(error, detail::join_path(destination_, name));
    }
    if (::fsync(staging_fd_) != 0) return detail::fail_os(errno, destination_);
    return {};
  }

  StagedFolder(std::string destination, StagingOptions options)
      : destination_(std::move(destination)), options_(std::move(options)) {
    if (options_.creation_error_path.empty()) options_.creation_error_path = destination_;
  }

  void step(const char* name) const {
    if (options_.observer) options_.observer(name);
  }

  bool is_declared(std::string_view name) const {
    return std::find(options_.entries.begin(), options_.entries.end(), name) != options_.entries.end();
  }

  // Only declared entries, and nothing that climbs out of the staging folder.
  Expected<void> check_entry(std::string_view relative) const {
    const std::string_view top = relative.substr(0, relative.find('/'));
    bool climbs = relative.empty() || relative.front() == '/';
    for (std::size_t start = 0; start <= relative.size() && !climbs;) {
      const std::size_t slash = std::min(relative.find('/', start), relative.size());
      const std::string_view part = relative.substr(start, slash - start);
      climbs = part.empty() || part == "." || part == "..";
      start = slash + 1;
    }
    if (climbs || !is_declared(top)) {
      return fail(Status::internal, "staged folder: '" + std::string(relative) +
                                        "' is not inside a declared entry of " + destination_);
    }
    return {};
  }

  Expected<void> create_staging() {
    const std::string parent = detail::parent_of(destination_);
    const std::string base = destination_.substr(destination_.rfind('/') + 1);
    const std::string sibling_prefix = "." + base + "." + options_.marker;
    const std::string inner_prefix = "." + options_.marker;

    step("mkdir-parents");
    if (auto made = detail::make_parents(parent); !made) {
      return detail::fail_os(made.error(), options_.creation_error_path);
    }
    // From judging other runs' staging folders to locking this run's own,
    // under the parent's lock: no run sees another's folder unlocked.
    GRK_TRY(const detail::FolderLock lock, detail::FolderLock::take(parent));
    detail::remove_dead_staging(parent, sibling_prefix);

    struct stat st {};
    if (::stat(destination_.c_str(), &st) != 0) {
      mode_ = Mode::replace_absent;
    } else {
      detail::remove_dead_staging(destination_, inner_prefix);
      // Replaceable in one step only when it holds nothing of the user's
      // besides what this run replaces anyway.
      mode_ = Mode::exchange;
      if (DIR* dir = ::opendir(destination_.c_str())) {
        while (const dirent* entry = ::readdir(dir)) {
          const std::string name = entry->d_name;
          if (name != "." && name != ".." && !is_declared(name)) mode_ = Mode::in_place;
        }
        ::closedir(dir);
      }
    }
    // staging_path_ is set only once the folder is ours, so a failure never
    // removes a folder this run did not create.
    std::string candidate = mode_ == Mode::in_place
                                ? detail::join_path(destination_, inner_prefix + detail::staging_nonce())
                                : detail::join_path(parent, sibling_prefix + detail::staging_nonce());
    step("mkdir-staging");
    if (::mkdir(candidate.c_str(), 0777) != 0) {
      const int error = errno;
      // The parent refuses new entries: stage inside the existing destination.
      if (mode_ != Mode::exchange) {
        return detail::fail_os(error, mode_ == Mode::in_place ? options_.creation_error_path : destination_);
      }
      mode_ = Mode::in_place;
      candidate = detail::join_path(destination_, inner_prefix + detail::staging_nonce());
      if (::mkdir(candidate.c_str(), 0777) != 0) return detail::fail_os(errno, options_.creation_error_path);
    }
    staging_path_ = candidate;
    staging_fd_ = ::open(staging_path_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (staging_fd_ < 0) return detail::fail_os(errno, destination_);
    // Held until the descriptor closes, after publication: says the run lives.
    if (::flock(staging_fd_, LOCK_EX | LOCK_NB) != 0) return detail::fail_os(errno, destination_);
    return {};
  }

  std::string destination_;
  StagingOptions options_;
  Mode mode_ = Mode::in_place;
  std::string staging_path_;
  int staging_fd_ = -1;
  std::vector<std::pair<std::string, int>> folders_;  // made by make_folder, closed at the end
  std::vector<std::string> written_;                   // files written by write_file
  std::mutex mutex_;                                   // guards written_ and the observer's calls
  bool published_ = false;
};

}  // namespace grk::output

#endif
