#include "source/source_file.hpp"

#include <grk/python/text.hpp>

#include <cerrno>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source/python_path.hpp"

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

Expected<SourceFile, int> SourceFile::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return unexpected(errno);
  SourceFile file(fd);
  struct stat st {};
  if (::fstat(fd, &st) != 0) return unexpected(errno);
  if (S_ISDIR(st.st_mode)) return unexpected(EISDIR);
  return file;
}

FileState SourceFile::state() const {
  struct stat st {};
  if (::fstat(fd_, &st) != 0) return {};
  return FileState{static_cast<std::uint64_t>(st.st_size),
                   static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                   static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec};
}

void SourceFile::rewind() const { ::lseek(fd_, 0, SEEK_SET); }

Expected<SourceFile> open_source(const std::string& path, const char* what) {
  Expected<SourceFile, int> file = SourceFile::open(path);
  if (file) return std::move(file).value();
  const int error = file.error();
  return fail(error == ENOENT || error == ENOTDIR ? Status::not_found : Status::io_error,
              std::string("cannot read BEIR ") + what + " " + python::repr(path) + ": " + os_error_text(error, path));
}

}  // namespace grk::beir
