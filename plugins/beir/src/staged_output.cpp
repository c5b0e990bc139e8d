#include "staged_output.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <random>
#include <signal.h>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "python_path.hpp"

namespace grk::beir {
namespace {

constexpr std::string_view staging_marker = "grk-beir-staging-";

std::string parent_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

int rename_with_flags(const std::string& from, const std::string& to, unsigned flags) {
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
constexpr unsigned rename_noreplace = 1U << 0;
constexpr unsigned rename_exchange = 1U << 1;

void remove_tree_at(int parent_fd, const char* name) {
  const int fd = ::openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    ::unlinkat(parent_fd, name, 0);
    return;
  }
  if (DIR* dir = ::fdopendir(fd)) {
    std::vector<std::string> names;
    while (const dirent* entry = ::readdir(dir)) {
      const std::string child = entry->d_name;
      if (child != "." && child != "..") names.push_back(child);
    }
    for (const auto& child : names) {
      if (::unlinkat(fd, child.c_str(), 0) != 0) remove_tree_at(fd, child.c_str());
    }
    ::closedir(dir);
  } else {
    ::close(fd);
  }
  ::unlinkat(parent_fd, name, AT_REMOVEDIR);
}

// A leftover of a run that died: our marker, and a process id that is gone.
bool is_stale_staging(const std::string& name, const std::string& prefix) {
  if (name.compare(0, prefix.size(), prefix) != 0) return false;
  const std::string rest = name.substr(prefix.size());
  const long pid = std::strtol(rest.c_str(), nullptr, 10);
  if (pid <= 0) return false;
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

void remove_stale_staging(const std::string& dir, const std::string& prefix) {
  DIR* handle = ::opendir(dir.c_str());
  if (handle == nullptr) return;
  std::vector<std::string> stale;
  while (const dirent* entry = ::readdir(handle)) {
    if (is_stale_staging(entry->d_name, prefix)) stale.emplace_back(entry->d_name);
  }
  ::closedir(handle);
  for (const auto& name : stale) remove_tree(join_path(dir, name));
}

std::string nonce() {
  std::random_device device;
  char text[32];
  std::snprintf(text, sizeof text, "%ld-%08x", static_cast<long>(::getpid()), device());
  return text;
}

bool exists_no_follow(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

// Python's mkdir(parents=True, exist_ok=True) for the folders above `path`;
// fails with mkdir's errno.
Expected<void, int> make_parents(const std::string& path) {
  if (path == "/" || exists_no_follow(path)) return {};
  if (auto made = make_parents(parent_of(path)); !made) return made;
  if (::mkdir(path.c_str(), 0777) != 0 && errno != EEXIST) return unexpected(errno);
  return {};
}

// Python's OSError for `errno_value` on `shown_path`.
Unexpected<Failure> fail_os(int errno_value, const std::string& shown_path) {
  return fail(Status::io_error, os_error_text(errno_value, shown_path));
}

// Writes a new file `name` in `dir_fd` whole.
Expected<void> write_file(int dir_fd, const std::string& name, std::string_view bytes, const std::string& shown_path) {
  const int fd = ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return fail_os(errno, shown_path);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      return fail_os(error, shown_path);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return fail_os(errno, shown_path);
  return {};
}

void sync_directory(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

}  // namespace

void remove_tree(const std::string& path) { remove_tree_at(AT_FDCWD, path.c_str()); }

void StagedOutput::step(const char* name) const {
  if (observer_) observer_(name);
}

StagedOutput::StagedOutput(OutputLayout layout, WriteStepObserver observer)
    : layout_(std::move(layout)), observer_(std::move(observer)) {}

Expected<std::unique_ptr<StagedOutput>> StagedOutput::create(OutputLayout layout, WriteStepObserver observer) {
  std::unique_ptr<StagedOutput> output(new StagedOutput(std::move(layout), std::move(observer)));
  // On failure the destructor removes what create_staging made.
  if (auto staged = output->create_staging(); !staged) return unexpected(std::move(staged).error());
  return output;
}

Expected<void> StagedOutput::create_staging() {
  const std::string& destination = layout_.destination;
  const std::string parent = parent_of(destination);
  const std::string sibling_prefix = "." + base_name(destination) + "." + std::string(staging_marker);
  const std::string inner_prefix = "." + std::string(staging_marker);

  step("mkdir-parents");
  // Failures name the path Python's mkdir(corpus, parents=True) would name.
  if (auto made = make_parents(parent); !made) return fail_os(made.error(), layout_.corpus_dir);
  remove_stale_staging(parent, sibling_prefix);

  struct stat st {};
  if (::stat(destination.c_str(), &st) != 0) {
    mode_ = Mode::replace_absent;
  } else {
    remove_stale_staging(destination, inner_prefix);
    // Replaceable in one step only when it holds nothing of the user's besides
    // what this run replaces anyway (docs/behaviour/beir.md §7 step 12 guaranteed corpus/ is empty).
    mode_ = Mode::exchange;
    if (DIR* dir = ::opendir(destination.c_str())) {
      while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name != "." && name != ".." && name != "judgments.jsonl" && name != "corpus") mode_ = Mode::in_place;
      }
      ::closedir(dir);
    }
  }
  // staging_path_ is set only once the folder is ours, so a failure never
  // removes a folder this run did not create.
  std::string candidate = mode_ == Mode::in_place ? join_path(destination, inner_prefix + nonce())
                                                  : join_path(parent, sibling_prefix + nonce());
  step("mkdir-staging");
  if (::mkdir(candidate.c_str(), 0777) != 0) {
    const int error = errno;
    // The parent refuses new entries: stage inside an existing output folder.
    if (mode_ != Mode::exchange) return fail_os(error, mode_ == Mode::in_place ? layout_.corpus_dir : destination);
    mode_ = Mode::in_place;
    candidate = join_path(destination, inner_prefix + nonce());
    if (::mkdir(candidate.c_str(), 0777) != 0) return fail_os(errno, layout_.corpus_dir);
  }
  staging_path_ = candidate;
  staging_fd_ = ::open(staging_path_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (staging_fd_ < 0) return fail_os(errno, destination);
  step("mkdir-corpus");
  if (::mkdirat(staging_fd_, "corpus", 0777) != 0) return fail_os(errno, layout_.corpus_dir);
  corpus_fd_ = ::openat(staging_fd_, "corpus", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (corpus_fd_ < 0) return fail_os(errno, layout_.corpus_dir);
  return {};
}

StagedOutput::~StagedOutput() {
  writers_.reset();
  if (corpus_fd_ >= 0) ::close(corpus_fd_);
  if (staging_fd_ >= 0) ::close(staging_fd_);
  if (!published_ && !staging_path_.empty()) remove_tree(staging_path_);
}

Expected<void> StagedOutput::write_document(std::string_view file_name, std::string&& bytes) {
  step("write-document");
  if (!writers_) writers_ = std::make_unique<DocumentWriters>(corpus_fd_, layout_.corpus_dir);
  if (!writers_->write(file_name, std::move(bytes))) return finish_documents();
  return {};
}

Expected<void> StagedOutput::finish_documents() {
  if (!writers_) return {};
  Expected<void> finished = writers_->finish();
  writers_.reset();
  return finished;
}

Expected<void> StagedOutput::write_judgments(std::string_view bytes) {
  if (auto finished = finish_documents(); !finished) return finished;
  step("write-judgments");
  return write_file(staging_fd_, "judgments.jsonl", bytes, layout_.judgments_path);
}

Expected<void> StagedOutput::write_extra_file(const std::string& name,
                                              const std::function<Expected<void>(const ByteSink&)>& produce) {
  if (auto finished = finish_documents(); !finished) return finished;
  step("write-extra-file");
  const std::string shown_path = join_path(layout_.destination, name);
  const int fd = ::openat(staging_fd_, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return fail_os(errno, shown_path);
  extra_files_.push_back(name);
  const ByteSink sink = [&](std::string_view bytes) -> Expected<void> {
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return fail_os(errno, shown_path);
      done += static_cast<std::size_t>(n);
    }
    return {};
  };
  Expected<void> produced = produce(sink);
  const int closed = ::close(fd);
  if (!produced) return produced;
  if (closed != 0) return fail_os(errno, shown_path);
  return {};
}

Expected<void> StagedOutput::publish() {
  if (auto finished = finish_documents(); !finished) return finished;
  const std::string& destination = layout_.destination;
  const std::string parent = parent_of(destination);
  // One flush of the file system instead of one fsync per document: the
  // rename below must not reach the disk before the bytes it publishes.
  step("sync");
  if (::syncfs(staging_fd_) != 0) return fail_os(errno, destination);
  if (mode_ == Mode::replace_absent) {
    step("rename-output");
    if (rename_with_flags(staging_path_, destination, rename_noreplace) != 0) {
      if ((errno != EINVAL && errno != ENOSYS) || exists_no_follow(destination) ||
          ::rename(staging_path_.c_str(), destination.c_str()) != 0) {
        return fail_os(errno == EINVAL || errno == ENOSYS ? EEXIST : errno, destination);
      }
    }
    published_ = true;
    sync_directory(parent);
    return {};
  }
  if (mode_ == Mode::exchange) {
    step("exchange-output");
    if (rename_with_flags(staging_path_, destination, rename_exchange) == 0) {
      published_ = true;
      sync_directory(parent);
      step("remove-previous");
      remove_tree(staging_path_);  // now the previous judgments.jsonl and empty corpus/
      return {};
    }
    if (errno != EINVAL && errno != ENOSYS && errno != EBUSY && errno != EXDEV) return fail_os(errno, destination);
  }
  for (const std::string& name : extra_files_) {
    step("rename-extra-file");
    const std::string published = join_path(destination, name);
    if (::rename(join_path(staging_path_, name).c_str(), published.c_str()) != 0) return fail_os(errno, published);
  }
  step("rename-judgments");
  if (::rename(join_path(staging_path_, "judgments.jsonl").c_str(), layout_.judgments_path.c_str()) != 0) {
    return fail_os(errno, layout_.judgments_path);
  }
  step("rename-corpus");
  if (::rename(join_path(staging_path_, "corpus").c_str(), layout_.corpus_dir.c_str()) != 0) {
    return fail_os(errno, layout_.corpus_dir);
  }
  published_ = true;
  sync_directory(destination);
  step("remove-staging");
  remove_tree(staging_path_);
  return {};
}

}  // namespace grk::beir
