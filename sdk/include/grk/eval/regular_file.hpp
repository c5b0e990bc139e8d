// grk/eval/regular_file.hpp: open_regular_file, the one way the shipped
// readers open a file a parameter names. The check and the read see the same
// object, the descriptor: a path swapped for a FIFO between a check and an
// open cannot hang the read, and a device (`/dev/zero`) is never read as data.
#ifndef GRK_EVAL_REGULAR_FILE_HPP
#define GRK_EVAL_REGULAR_FILE_HPP

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace grk::eval {

/// What opening a file to read found.
struct OpenedFile {
  int fd = -1;                    ///< the caller's to close; -1 when the open failed
  int error = 0;                  ///< errno of a failed open or fstat (EISDIR for a folder)
  const char* special = nullptr;  ///< "a FIFO", "a character device", ... when it is no regular file
};

/// What a file that is neither regular nor a folder is, for a message.
inline const char* special_file_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

/// `path` opened read-only (close-on-exec) when its descriptor shows a
/// regular file: opened without blocking, so that a FIFO is refused instead
/// of waited on, then made blocking again for the read.
inline OpenedFile open_regular_file(const char* path) {
  OpenedFile opened;
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    opened.error = errno;
    return opened;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    opened.error = errno;
  } else if (S_ISDIR(st.st_mode)) {
    opened.error = EISDIR;
  } else if (!S_ISREG(st.st_mode)) {
    opened.special = special_file_kind(st.st_mode);
  } else if (::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
    opened.error = errno;
  }
  if (opened.error != 0 || opened.special != nullptr) {
    ::close(fd);
    return opened;
  }
  opened.fd = fd;
  return opened;
}

}  // namespace grk::eval

#endif
