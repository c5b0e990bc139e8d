// A module file opened once, by descriptor: what the safety checks judged is
// what the probe reads and what the host loads (docs/design.md §4.11), since
// every later use goes through the descriptor (`/proc/self/fd/N`), never
// through the path again.
#ifndef GRK_HOST_MODULES_MODULE_FILE_HPP
#define GRK_HOST_MODULES_MODULE_FILE_HPP

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

namespace grk::host {

class ModuleFile {
 public:
  /// Takes ownership of `fd`, a descriptor of `path` opened for reading.
  ModuleFile(std::filesystem::path path, int fd)
      : path_(std::move(path)), fd_(new int(fd), [](const int* owned) {
          ::close(*owned);
          delete owned;
        }) {
    ::fstat(fd, &identity_);
  }

  /// The path it was found under, for messages and records.
  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }
  /// The descriptor, open for the life of every copy.
  [[nodiscard]] int fd() const noexcept { return *fd_; }
  /// `/proc/self/fd/N`: the opened file for APIs that take a name (dlopen,
  /// Boost.DLL's library_info). Valid in this process and in a child forked
  /// from it.
  [[nodiscard]] std::string proc_path() const { return "/proc/self/fd/" + std::to_string(*fd_); }
  /// fstat of the descriptor, taken when it was opened.
  [[nodiscard]] const struct stat& identity() const noexcept { return identity_; }

 private:
  std::filesystem::path path_;
  std::shared_ptr<const int> fd_;  // closed with the last copy
  struct stat identity_ {};
};

}  // namespace grk::host

#endif
