// grk/eval/line_reader.hpp: LineReader, the lines of a text file one at a
// time in bounded memory. An adapter of a large collection (MS MARCO's
// 8.8 million TSV lines) reads it without holding the file, and a file
// without line breaks cannot make it hold more than its longest line: the
// bound the shipped TREC readers keep (docs/behaviour/trec-eval.md §2).
#ifndef GRK_EVAL_LINE_READER_HPP
#define GRK_EVAL_LINE_READER_HPP

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <grk/error.hpp>
#include <grk/eval/input_file.hpp>
#include <grk/expected.hpp>
#include <grk/python/repr.hpp>

namespace grk::eval {

/// The longest line a LineReader takes unless told otherwise: 1 MiB, far
/// beyond a real TSV or JSONL record of a retrieval collection.
inline constexpr std::size_t default_longest_line = std::size_t{1} << 20;

/// Reads a regular file's lines in order. A line is the bytes up to a "\n"
/// (or the end of the file), without that "\n" and without a "\r" that ends
/// it (files from Windows); the last line need not end in "\n", and an empty
/// file has no line. Memory: one buffer of at most `longest_line` + 64 KiB,
/// whatever the file's size.
///
///     GRK_TRY(auto reader, grk::eval::LineReader::open(path, "collection file"));
///     std::string_view line;
///     for (;;) {
///       GRK_TRY(const bool more, reader->next(line));
///       if (!more) break;
///       // reader->number() is the line's 1-based number, for messages
///     }
class LineReader {
 public:
  /// Opens `path` as open_input_file does (a regular file, checked on its
  /// descriptor), failing as it does; `what` names the file in every failure
  /// ("collection file").
  /// Owned through a pointer, as StagedFolder is: the reader holds its
  /// descriptor and is never copied or moved.
  static Expected<std::unique_ptr<LineReader>> open(const std::filesystem::path& path, std::string_view what,
                                                    std::size_t longest_line = default_longest_line) {
    std::string name = path.string();
    GRK_TRY(const int fd, open_input_file(name, what));
    return std::unique_ptr<LineReader>(new LineReader(fd, std::move(name), std::string(what), longest_line));
  }

  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;
  ~LineReader() { ::close(fd_); }

  /// Sets `line` to the next line (valid until the next call) and gives
  /// true, or gives false at the end of the file. Fails with invalid_data
  /// `<what> '<path>' line N: longer than L bytes, the longest line it may
  /// have` as soon as a line passes `longest_line` (without reading the rest
  /// of it), or with unreadable_input's io_error when a read fails.
  Expected<bool> next(std::string_view& line) {
    std::size_t searched = begin_;  // bytes before it hold no "\n"
    for (;;) {
      const char* data = buffer_.data();
      const void* found = std::memchr(data + searched, '\n', end_ - searched);
      if (found != nullptr || (at_end_ && begin_ < end_)) {
        const std::size_t stop = found != nullptr ? static_cast<std::size_t>(static_cast<const char*>(found) - data) : end_;
        ++number_;
        std::size_t length = stop - begin_;
        if (length > 0 && data[begin_ + length - 1] == '\r') --length;
        if (length > longest_line_) return overlong();
        line = std::string_view(data + begin_, length);
        begin_ = found != nullptr ? stop + 1 : end_;
        return true;
      }
      if (at_end_) return false;
      // The line so far, without a "\r" that a "\n" may yet follow.
      if (end_ - begin_ > longest_line_ + 1) {
        ++number_;
        return overlong();
      }
      searched = end_ - begin_;  // bytes searched, counted from the front fill moves them to
      GRK_TRY_VOID(fill());
    }
  }

  /// The 1-based number of the line next() gave (or refused) last.
  std::size_t number() const noexcept { return number_; }

 private:
  static constexpr std::size_t chunk = std::size_t{1} << 16;

  LineReader(int fd, std::string name, std::string what, std::size_t longest_line)
      : fd_(fd), name_(std::move(name)), what_(std::move(what)), longest_line_(longest_line) {}

  // Moves the unread bytes to the front and reads up to `chunk` more after
  // them; sets at_end_ at the end of the file.
  Expected<void> fill() {
    if (begin_ > 0) {
      std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
    }
    if (buffer_.size() < end_ + chunk) buffer_.resize(end_ + chunk);
    for (;;) {
      const ssize_t got = ::read(fd_, buffer_.data() + end_, chunk);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) return unreadable_input(name_, what_, errno);
      if (got == 0) at_end_ = true;
      end_ += static_cast<std::size_t>(got);
      return {};
    }
  }

  Unexpected<Failure> overlong() const {
    return fail(Status::invalid_data, what_ + " " + python::repr(name_) + " line " + std::to_string(number_) +
                                          ": longer than " + std::to_string(longest_line_) +
                                          " bytes, the longest line it may have");
  }

  const int fd_;
  std::string name_;
  std::string what_;
  std::size_t longest_line_ = default_longest_line;
  std::string buffer_;
  std::size_t begin_ = 0;  // the next line's first byte
  std::size_t end_ = 0;    // one past the last byte read
  std::size_t number_ = 0;
  bool at_end_ = false;
};

}  // namespace grk::eval

#endif
