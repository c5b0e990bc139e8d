// Text that a plugin gave the host (a result's strings, a message, a hint, a
// summary, a log line), made safe to keep and to show (docs/design.md §4.16):
// a results document must stay UTF-8, so that every JSON reader accepts it,
// and a line on a terminal must not hold a newline that forges another line
// or an escape sequence that retitles the window or recolours what follows.
#ifndef GRK_HOST_SUPPORT_PLUGIN_TEXT_HPP
#define GRK_HOST_SUPPORT_PLUGIN_TEXT_HPP

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace grk::host {

/// Whether `text` is well-formed UTF-8: no stray or missing continuation
/// byte, no overlong form, no surrogate (U+D800-U+DFFF), nothing above
/// U+10FFFF.
[[nodiscard]] bool is_utf8(std::string_view text) noexcept;

/// `text` with every byte that is not part of well-formed UTF-8 written as
/// the four characters `\xNN` (upper-case hex): `bad\xFF`.
[[nodiscard]] std::string escape_non_utf8(std::string_view text);

/// The most bytes of one text of a plugin's (a message, a hint, a summary, a
/// log line) the host keeps: a line of a run's input quoted whole (80 MB)
/// must not be printed, kept in the results document and printed again.
inline constexpr std::size_t longest_plugin_text = 8192;

/// `text` as the host keeps it: its first longest_plugin_text bytes (cut
/// back to a character's start), then `... (N bytes)` naming its length,
/// when it is longer; escape_non_utf8 of that.
[[nodiscard]] std::string bounded_plugin_text(std::string_view text);

/// `text` for one line of a terminal: escape_non_utf8, and every control
/// character shown escaped: `\n`, `\r`, `\t`, the others as `\xNN` (C0
/// and DEL) or `\u0085` (C1, encoded in UTF-8).
[[nodiscard]] std::string printable(std::string_view text);

/// Whether every string and key that json::read makes of `json_text` is
/// UTF-8, judged from the text alone: true when the text is UTF-8 (so is each
/// string's text between its escapes) and no `\u` escape names a surrogate
/// (one alone becomes bytes that are not UTF-8; a pair may, and is left to
/// first_non_utf8). False means "maybe not": look with first_non_utf8.
[[nodiscard]] bool strings_read_are_utf8(std::string_view json_text) noexcept;

/// Where in `value` the first string or object key that is not UTF-8 is,
/// as a JSON pointer (`/rows/2/name`, `""` for the value itself); none when
/// every string is UTF-8.
[[nodiscard]] std::optional<std::string> first_non_utf8(const boost::json::value& value);

}  // namespace grk::host

#endif
