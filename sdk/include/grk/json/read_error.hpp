// grk/json/read_error.hpp: what a failed JSON read reports, shaped like
// Python's json.JSONDecodeError (docs/behaviour/beir.md §3, docs/behaviour/judgments.md §2).
#ifndef GRK_JSON_READ_ERROR_HPP
#define GRK_JSON_READ_ERROR_HPP

#include <cstddef>
#include <string>

namespace grk::json {

/// Why a read failed, field for field as CPython 3.11's `json.JSONDecodeError`.
/// Positions count code points, as Python indexes a `str` (docs/behaviour/judgments.md §2
/// quotes them: "line 1 column 2 (char 1)").
struct ReadError {
  /// The bare decoder message (`JSONDecodeError.msg`), e.g. "Expecting value";
  /// docs/behaviour/beir.md §3 embeds exactly this text in its own messages.
  std::string message;
  /// `JSONDecodeError.pos`: code points before the offending character.
  std::size_t position = 0;
  /// `JSONDecodeError.lineno`, 1-based.
  std::size_t line = 0;
  /// `JSONDecodeError.colno`, 1-based.
  std::size_t column = 0;

  /// `str(JSONDecodeError)`, e.g. "Expecting value: line 1 column 2 (char 1)"
  /// (docs/behaviour/judgments.md §2 embeds this form).
  std::string describe() const {
    return message + ": line " + std::to_string(line) + " column " + std::to_string(column) +
           " (char " + std::to_string(position) + ")";
  }
};

}  // namespace grk::json

#endif
