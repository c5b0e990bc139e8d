// Reading BEIR's JSONL files as the reference's loader does (3.2-3.3): the
// checks on one line, and read failures in the reference's words.
#ifndef GRK_BEIR_JSONL_LOADER_HPP
#define GRK_BEIR_JSONL_LOADER_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "record_fields.hpp"

namespace grk::beir {

/// The loader's own checks on one non-blank line `number` of the file `path`:
/// JSON, then an object. Fills `fields` and returns true, or sets `problem`
/// to the reference's message and returns false.
bool parse_jsonl_line(std::string_view line, const std::string& path, std::uint64_t number, RecordFields& fields,
                      std::optional<std::string>& problem);

/// Inside a catch block: rethrows the SourceLineReader's InvalidUtf8 or
/// ReadFailed as grk::Error with the reference's message for `path`.
[[noreturn]] void rethrow_read_problem(const std::string& path);

}  // namespace grk::beir

#endif
