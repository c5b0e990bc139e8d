#include "source_file.hpp"

#include <cerrno>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace grk::beir {

SourceFile::SourceFile(SourceFile&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

SourceFile& SourceFile::operator=(SourceFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

SourceFile::~SourceFile() {
  if (fd_ >= 0) ::close(fd_);
}

int SourceFile::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int error = errno;
    ::close(fd);
    return error;
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return EISDIR;
  }
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
  return 0;
}

FileState SourceFile::state() const {
  struct stat st {};
  if (::fstat(fd_, &st) != 0) return {};
  return FileState{static_cast<std::uint64_t>(st.st_size),
                   static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                   static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec};
}

void SourceFile::rewind() const { ::lseek(fd_, 0, SEEK_SET); }

}  // namespace grk::beir
