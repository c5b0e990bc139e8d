// Reading BEIR's JSONL files as the reference's loader does (docs/behaviour/beir.md §2-§3): the
// checks on one line, and read failures in the reference's words.
#ifndef GRK_BEIR_READ_JSONL_LOADER_HPP
#define GRK_BEIR_READ_JSONL_LOADER_HPP

#include <grk/expected.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "source/record_fields.hpp"
#include "source/source_file.hpp"
#include "source/source_lines.hpp"
#include "rules/validation_problems.hpp"

namespace grk::beir {

/// The loader's own checks on one non-blank line `number` of the file `path`:
/// JSON, then an object. Fills `fields` (reused from line to line, so that
/// its strings keep their capacity), or gives the problem (invalid-json or
/// not-a-json-object) with the reference's message.
Expected<void, RuleProblem> jsonl_line_fields(std::string_view line, const std::string& path, std::uint64_t number,
                                              RecordFields& fields);

/// jsonl_line_fields as the adapt path refuses: invalid_data, the same message.
Expected<void> parse_jsonl_line(std::string_view line, const std::string& path, std::uint64_t number,
                                RecordFields& fields);

/// A SourceLineReader's failure on the JSONL file `path`, in the reference's
/// words: `return fail_unreadable(failure, path);`.
Unexpected<Failure> fail_unreadable(const ReadFailure& failure, const std::string& path);

/// The refusal of `line`, the one `reader` last returned, that the loader
/// could not parse (`parsed`): with its hint (docs/behaviour/beir.md §19), unless a decode
/// error later in the file outranks it (§2), which is then the refusal.
Unexpected<Failure> refuse_jsonl_line(SourceLineReader& reader, std::string_view line, const std::string& path,
                                      Failure parsed);

/// The records of a JSONL file, and how many of its lines Python's splitlines
/// would have cut (LineBreaks::newline).
struct JsonlRows {
  std::vector<RecordFields> rows;
  std::uint64_t lines_kept_whole = 0;
};

/// Every non-blank line of `path` (already open as `file`), loaded in file
/// order: the decode error of the whole file first, then the first line the
/// loader refuses. queries.jsonl is read this way, whole: it is small next to
/// the corpus.
Expected<JsonlRows> load_jsonl_rows(const SourceFile& file, const std::string& path,
                                    LineBreaks line_breaks = LineBreaks::python);

}  // namespace grk::beir

#endif
