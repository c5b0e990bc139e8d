// Plain compact JSON: the text a component's result is written in when it
// comes from the SDK's writers, which the host can put in the results
// document as it is, reindented, without reading it into a tree first.
//
// A result can hold a value per query and measure (700,000 for a run of MS
// MARCO dev's shape, 12 MB of text). Read into a tree it took 49 MB and
// 28-48 ms on two threads, and writing the tree back out another 22 ms, on
// a run whose whole work took 580. Reindenting the text does the writing
// alone, and a number is copied as it stands wherever its text is the one
// the writer would make of its value.
#ifndef GRK_HOST_SUPPORT_PLAIN_JSON_HPP
#define GRK_HOST_SUPPORT_PLAIN_JSON_HPP

#include <string_view>

#include <grk/json/text_cursor.hpp>

namespace grk::host {

/// Whether `text` is plain compact JSON: one value with no whitespace
/// outside its strings; strings and keys without an escape or a control
/// character; no key twice in an object; at most 64 levels of brackets;
/// numbers as JSON writes them (and NaN, Infinity and -Infinity, which
/// json::read takes). json::read reads every such text without a mistake,
/// and each of its strings is the bytes between its quotes. False says
/// nothing more: the text may still be JSON, to be read into a tree.
[[nodiscard]] bool is_plain_compact_json(std::string_view text) noexcept;

/// Writes the value of `text`, which is_plain_compact_json accepted, as
/// json::write_pretty writes the value json::read makes of it, when that
/// value is at `level` of a tree (inside `level` brackets).
void put_plain_json_pretty(json::detail::TextCursor& out, std::string_view text, int level);

}  // namespace grk::host

#endif
