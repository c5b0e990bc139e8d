// Streaming reader of a BEIR source file as Python sees it (docs/behaviour/beir.md §2):
// strict UTF-8, then `str.splitlines()` after universal-newline translation.
// It never holds more than one line plus one read block, which is what keeps
// the adapter's memory independent of the corpus's size (docs/behaviour/beir.md §15.6).
#ifndef GRK_BEIR_SOURCE_SOURCE_LINES_HPP
#define GRK_BEIR_SOURCE_SOURCE_LINES_HPP

#include <grk/expected.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grk::beir {

/// Where a line ends: python, Python's splitlines (docs/behaviour/beir.md §2); newline, only at
/// \n, \r\n and \r, as other JSONL readers do (docs/behaviour/beir.md §16.1).
enum class LineBreaks { python, newline };

/// The longest line a reader holds (64 MiB, terminator excluded): one record
/// of a BEIR file. A longer line is refused rather than held whole, which
/// bounds the adapter's memory on any input (docs/design.md §8.8).
inline constexpr std::size_t max_line_bytes = std::size_t{64} << 20;

/// Why a source file could not be read as text.
struct ReadFailure {
  enum class Kind { invalid_utf8, os_error, line_too_long };
  Kind kind = Kind::os_error;
  /// invalid_utf8: `str(UnicodeDecodeError)` with the position counted in
  /// bytes from the start of the file, as Python reports it after reading the
  /// whole file (docs/behaviour/python-compat.md §4).
  std::string decode_error;
  int errno_value = 0;  ///< os_error: why read(2) failed
  std::uint64_t line = 0;  ///< line_too_long: its 1-based number, every physical line counted
};

/// 64-bit content fingerprint of a byte stream, independent of how the stream
/// was cut into reads; two passes over an unchanged file agree. Four lanes of
/// 8-byte words, so the multiplications do not wait on each other.
class ContentFingerprint {
 public:
  void add(const char* data, std::size_t size) noexcept;
  std::uint64_t value() const noexcept;
  std::uint64_t size() const noexcept { return size_; }

 private:
  static constexpr std::size_t block = 32;
  void mix(const char* block_bytes) noexcept;
  std::array<std::uint64_t, 4> lanes_{0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL, 0xA4093822299F31D0ULL,
                                      0x082EFA98EC4E6C89ULL};
  std::array<char, block> pending_{};
  std::size_t pending_size_ = 0;
  std::uint64_t size_ = 0;
};

/// Lines of one open file, in order. Terminators are those of Python's
/// splitlines on text read with universal newlines: \n, \r, \r\n, \x0b, \x0c,
/// \x1c, \x1d, \x1e, U+0085, U+2028 and U+2029. A line never includes its
/// terminator; a final terminator does not start an empty line. With
/// LineBreaks::newline only \n, \r and \r\n end a line.
class SourceLineReader {
 public:
  /// Reads from `fd` (not owned) from its current offset to its end.
  explicit SourceLineReader(int fd, LineBreaks breaks = LineBreaks::python, std::size_t block_size = 1 << 20);
  /// Reads bytes [begin, end) of the regular file `fd` with pread, so several
  /// readers can share one descriptor. `begin` must start a line.
  SourceLineReader(int fd, std::uint64_t begin, std::uint64_t end, LineBreaks breaks = LineBreaks::python,
                   std::size_t block_size = 1 << 20);

  /// Sets `line` to the next line, valid until the next call, and returns
  /// true; false at the end of the file. Fails as soon as an invalid byte is
  /// read (even past lines not yet returned, since Python decodes the whole
  /// file before splitting), or when read(2) fails, or with line_too_long
  /// when a line is longer than max_line_bytes (after reading the rest of
  /// the file for an invalid byte, which outranks it).
  Expected<bool, ReadFailure> next(std::string_view& line);

  /// Reads to the end, only checking the encoding (Python's whole-file decode
  /// precedes any parse error a caller found earlier).
  Expected<void, ReadFailure> drain();

  /// 1-based number of the line last returned; every physical line counts.
  std::uint64_t line_number() const noexcept { return line_number_; }
  /// LineBreaks::newline: how many of the lines returned so far hold a
  /// character at which Python's splitlines would have ended them.
  std::uint64_t lines_kept_whole() const noexcept { return lines_kept_whole_; }
  /// Whether the line last returned was one of them.
  bool last_line_kept_whole() const noexcept { return last_line_kept_whole_; }
  /// The character that ended the line last returned ('\n', '\r', 0x0B, 0x85,
  /// 0x2028, ...; 0 at the end of the file), and the one that ended the line
  /// before it (0 for the first line): what a refusal's hint names
  /// (docs/behaviour/beir.md §19).
  char32_t last_terminator() const noexcept { return last_terminator_; }
  char32_t previous_terminator() const noexcept { return previous_terminator_; }
  /// Bytes read from the file so far.
  std::uint64_t bytes_read() const noexcept { return fingerprint_.size(); }
  const ContentFingerprint& fingerprint() const noexcept { return fingerprint_; }

 private:
  Expected<void, ReadFailure> refill();
  // Returns [begin_, stop) as the next line, ended by `terminator` (0: the end
  // of the file); the line after it starts at `resume`.
  void take_line(std::string_view& line, std::size_t stop, std::size_t resume, char32_t terminator);
  Expected<void, ReadFailure> validate_new_bytes();
  // The next line is longer than max_line_bytes: reads to the end for an
  // invalid byte, which outranks it, then fails with line_too_long.
  Unexpected<ReadFailure> refuse_long_line();

  int fd_;
  bool newline_only_;
  bool line_kept_whole_ = false;  // the line being scanned holds a splitlines break
  bool last_line_kept_whole_ = false;
  char32_t last_terminator_ = 0;
  char32_t previous_terminator_ = 0;
  std::uint64_t lines_kept_whole_ = 0;
  std::size_t block_size_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;      // start of the next line
  std::size_t scan_ = 0;       // where the terminator search resumes
  std::size_t validated_ = 0;  // end of the bytes known to be valid UTF-8
  std::size_t end_ = 0;        // end of the bytes read
  std::uint64_t buffer_offset_ = 0;  // file offset of buffer_[0]
  bool positional_ = false;          // pread from read_offset_ up to read_end_
  std::uint64_t read_offset_ = 0;
  std::uint64_t read_end_ = 0;
  bool eof_ = false;
  std::uint64_t line_number_ = 0;
  ContentFingerprint fingerprint_;
};

/// How a refusal names a source file: {"file", "is", "record"} for the JSONL
/// files, {"qrels", "are", "row"} for the qrels.
struct SourceWords {
  const char* noun;
  const char* verb;
  const char* unit;
};

/// A SourceLineReader's failure on the source `path`, in the reference's words.
Unexpected<Failure> fail_unreadable_source(const ReadFailure& failure, const std::string& path,
                                           const SourceWords& words);

}  // namespace grk::beir

#endif
