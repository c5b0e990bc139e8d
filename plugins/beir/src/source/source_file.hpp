// An input file held open for the whole adaptation, so that both passes over
// the corpus read the same file, and a change to it can be noticed (docs/behaviour/beir.md §15.5).
#ifndef GRK_BEIR_SOURCE_SOURCE_FILE_HPP
#define GRK_BEIR_SOURCE_SOURCE_FILE_HPP

#include <grk/eval/regular_file.hpp>
#include <grk/expected.hpp>

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

/// A read-only open file.
class SourceFile {
 public:
  /// Opens `path`, a regular file (checked on the descriptor, which is
  /// opened without blocking: a FIFO cannot hang the adaptation). Fails like
  /// Python's open(), with the errno of open(2), or EISDIR for a directory;
  /// or with what the special file is (OpenedFile::special).
  static Expected<SourceFile, eval::OpenedFile> open(const std::string& path);

  SourceFile(const SourceFile&) = delete;
  SourceFile& operator=(const SourceFile&) = delete;
  SourceFile(SourceFile&& other) noexcept;
  SourceFile& operator=(SourceFile&& other) noexcept;
  ~SourceFile();

  int fd() const noexcept { return fd_; }
  FileState state() const;
  /// Back to the first byte, for the second pass.
  void rewind() const;

 private:
  explicit SourceFile(int fd) noexcept : fd_(fd) {}
  int fd_ = -1;
};

/// Opens the source file `path`, a BEIR `what` ("file", "qrels") for the
/// message: "cannot read BEIR file '/abs/corpus.jsonl': [Errno 2] ...",
/// not_found for a missing file or folder, else io_error.
Expected<SourceFile> open_source(const std::string& path, const char* what);

}  // namespace grk::beir

#endif
