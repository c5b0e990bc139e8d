// An input file held open for the whole adaptation, so that both passes over
// the corpus read the same file, and a change to it can be noticed (issue 4).
#ifndef GRK_BEIR_SOURCE_FILE_HPP
#define GRK_BEIR_SOURCE_FILE_HPP

#include <cstdint>
#include <string>

namespace grk::beir {

/// What identifies a file's state: a rewrite in place changes the size or the
/// modification time; a replacement of the path does not affect an open fd.
struct FileState {
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::int64_t ctime_ns = 0;
  bool operator==(const FileState& other) const noexcept {
    return size == other.size && mtime_ns == other.mtime_ns && ctime_ns == other.ctime_ns;
  }
};

/// A read-only open file. Opening fails like Python's open(): errno is that
/// of open(2), or EISDIR for a directory.
class SourceFile {
 public:
  SourceFile() = default;
  SourceFile(const SourceFile&) = delete;
  SourceFile& operator=(const SourceFile&) = delete;
  SourceFile(SourceFile&& other) noexcept;
  SourceFile& operator=(SourceFile&& other) noexcept;
  ~SourceFile();

  /// Opens `path`; returns 0, or the errno Python's open() would raise.
  int open(const std::string& path);
  int fd() const noexcept { return fd_; }
  FileState state() const;
  /// Back to the first byte, for the second pass.
  void rewind() const;

 private:
  int fd_ = -1;
};

}  // namespace grk::beir

#endif
