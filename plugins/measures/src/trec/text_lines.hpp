// What both TREC readers share (docs/behaviour/trec-eval.md §2): reading a
// file's bytes, splitting lines and fields, numbers, and the queries' order (§3).
#ifndef GRK_MEASURES_TREC_TEXT_LINES_HPP
#define GRK_MEASURES_TREC_TEXT_LINES_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

namespace grk::measures {

/// Sorts queries (anything with a `qid` string view) by id, as strcmp orders them.
template <typename Query>
void sort_by_query_id(std::vector<Query>& queries) {
  std::sort(queries.begin(), queries.end(), [](const Query& a, const Query& b) { return a.qid < b.qid; });
}

/// The longest line the TREC readers take (docs/behaviour/trec-eval.md §2):
/// far beyond any real run or qrels line, it bounds what a file without line
/// breaks can make a reader hold.
inline constexpr std::size_t longest_line = std::size_t{1} << 20;

/// The failure of line `number` of `file`, longer than longest_line (not quoted).
Failure overlong_line(std::string_view kind, std::string_view file, std::size_t number);

/// A C stream that closes itself.
struct CloseFile {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using InputFile = std::unique_ptr<std::FILE, CloseFile>;

/// `path` opened for reading when it is a regular file, checked on the
/// descriptor (grk/eval/regular_file.hpp); `kind` ("run file", "qrels file")
/// names it in a failure: not_found when it is absent, invalid_data when it
/// is no regular file (a FIFO, a device), else io_error.
Expected<InputFile> open_input(const std::filesystem::path& path, std::string_view kind);
/// The size of the open file, from its descriptor (0 when unknown): what a
/// reader sizes its buffer by.
std::size_t size_of(const InputFile& file);
/// The io_error of a stream of `path` that failed while it was read.
Unexpected<Failure> unreadable(const std::filesystem::path& path, std::string_view kind);

/// The bytes of `path`, or open_input's and unreadable's failures, or
/// overlong_line's as soon as a line passes longest_line.
Expected<std::shared_ptr<const std::string>> read_file_text(const std::filesystem::path& path, std::string_view kind);

/// C's isspace in the "C" locale: what trec_eval splits its fields at.
inline bool is_c_space(char c) {
  // One test for the six: a mask of their codes, all below 64.
  constexpr std::uint64_t spaces = (1ULL << ' ') | (1ULL << '\t') | (1ULL << '\n') | (1ULL << '\v') |
                                   (1ULL << '\f') | (1ULL << '\r');
  const auto code = static_cast<unsigned char>(c);
  return code < 64 && ((spaces >> code) & 1) != 0;
}

/// One line of a text file: its text without the line break (a trailing
/// carriage return is dropped too) and its 1-based number.
struct TextLine {
  std::string_view text;
  std::size_t number = 0;
};

/// Walks the lines of a text in order.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text) : text_(text) {}
  /// The next line, or false at the end of the text.
  bool next(TextLine& line);

 private:
  std::string_view text_;
  std::size_t offset_ = 0;
  std::size_t number_ = 0;
};

/// Whether the line holds only spaces and tabs (or nothing).
bool is_blank(std::string_view line);

/// Where trec_eval looks for a comment's `#`: a run's line may have spaces
/// before it, a qrels line not (docs/behaviour/trec-eval.md §2).
enum class CommentRule { line_start, after_spaces };

/// Whether the line is a `#` comment under `rule`.
bool is_comment(std::string_view line, CommentRule rule);

/// The lines of a file that hold records: comments are skipped, and so are
/// blank lines when `skip_blank`, and the first such line when `header`.
class RecordLines {
 public:
  RecordLines(std::string_view text, CommentRule comments, bool skip_blank, bool header)
      : cursor_(text), comments_(comments), skip_blank_(skip_blank), header_(header) {}
  bool next(TextLine& line);

 private:
  LineCursor cursor_;
  CommentRule comments_;
  bool skip_blank_;
  bool header_;
};

/// The second record line for which `same(line)` holds, and the first one's
/// number: where a reader found a record twice, for its message.
template <typename Same>
bool second_listing(RecordLines lines, Same same, TextLine& second, std::size_t& first) {
  first = 0;
  while (lines.next(second)) {
    if (!same(second.text)) continue;
    if (first != 0) return true;
    first = second.number;
  }
  return false;
}

/// Splits `line` at runs of whitespace (as C's isspace) into at most `capacity`
/// fields stored in `fields`, and returns how many fields the line holds,
/// which may exceed `capacity`.
std::size_t split_fields(std::string_view line, std::string_view* fields, std::size_t capacity);

/// The failure of one bad line: `<kind> '<file>' line <N>: <problem>: '<line>'`,
/// the line quoted up to its first quoted_line_bytes bytes, then `...`.
inline constexpr std::size_t quoted_line_bytes = 200;
Failure bad_line(std::string_view kind, std::string_view file, const TextLine& line, std::string_view problem);

/// Refuses a query id (or a run tag) that is not UTF-8, which trec_eval
/// reads as bytes but a results document must hold as JSON text: the failure
/// is bad_line's, `<what> is not UTF-8 (<Python's UnicodeDecodeError>)`.
/// Document ids never reach a results document and are not checked.
Expected<void> refuse_non_utf8(std::string_view id, std::string_view what, std::string_view kind, std::string_view file,
                               const TextLine& line);

/// Refuses a text that starts with a UTF-8 byte-order mark, which no TREC
/// tool skips (trec_eval would read it into the first query's id):
/// `<kind> '<file>' line 1: starts with a UTF-8 byte-order mark (EF BB BF); save it without one`.
Expected<void> refuse_byte_order_mark(std::string_view text, std::string_view kind, std::string_view file);

/// An integer written as an optional sign and decimal digits only.
bool parse_integer(std::string_view text, long& value);

/// A finite decimal number as C's strtod reads it in full (an optional sign,
/// digits, a fraction, an exponent); no hexadecimal, no inf, no nan.
bool parse_finite_number(std::string_view text, double& value);

}  // namespace grk::measures

#endif
