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

Expected<SourceFile, eval::OpenedFile> SourceFile::open(const std::string& path) {
  const eval::OpenedFile opened = eval::open_regular_file(path.c_str());
  if (opened.fd < 0) return unexpected(opened);
  return SourceFile(opened.fd);
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
  Expected<SourceFile, eval::OpenedFile> file = SourceFile::open(path);
  if (file) return std::move(file).value();
  const std::string cannot = std::string("cannot read BEIR ") + what + " " + python::repr(path) + ": ";
  if (file.error().special != nullptr) {
    return fail(Status::invalid_data, cannot + file.error().special + ", not a regular file");
  }
  const int error = file.error().error;
  return fail(error == ENOENT || error == ENOTDIR ? Status::not_found : Status::io_error,
              cannot + os_error_text(error, path));
}

}  // namespace grk::beir
