// grk/json/compact_writer.hpp: write_compact's text, written as it is
// produced, without a tree first.
//
// A result with a value per query and measure (trec-eval's per_query holds
// 700,000 for a run of MS MARCO dev's shape) cost more as a tree than as
// text: 49 MB of nodes and keys to build, touch and free, against 12 MB of
// text. A component that writes its result itself (Statistic::compute_text)
// writes it with this, in write_compact's bytes: the same floats, the same
// escapes.
#ifndef GRK_JSON_COMPACT_WRITER_HPP
#define GRK_JSON_COMPACT_WRITER_HPP

#include <grk/json/quoted_string.hpp>
#include <grk/json/text_cursor.hpp>
#include <grk/json/writer.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace grk::json {

/// Appends one JSON value to `out`, member by member: begin_object(), then
/// key() and a value for each member, then end_object(); arrays alike. The
/// caller keeps the nesting right; `out` holds the text once the writer is
/// destroyed.
class CompactWriter {
 public:
  explicit CompactWriter(std::string& out) : cursor_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  /// A member's name; its value comes next.
  void key(std::string_view name) {
    if (after_value_) cursor_.put(',');
    put_quoted(cursor_, name);
    cursor_.put(':');
    after_value_ = false;
  }

  /// write_compact's float: shortest digits, NaN and infinities as null.
  void value(double number) {
    separate();
    detail::put_number(cursor_, number, detail::compact_layout);
    after_value_ = true;
  }
  void value(std::int64_t number) {
    separate();
    detail::put_integer(cursor_, number);
    after_value_ = true;
  }
  void value(std::string_view text) {
    separate();
    put_quoted(cursor_, text);
    after_value_ = true;
  }
  void null() {
    separate();
    cursor_.put("null");
    after_value_ = true;
  }

 private:
  // An element of an array after another is preceded by a comma; a member's
  // value, after its key, is not.
  void separate() {
    if (after_value_) cursor_.put(',');
  }
  void open(char bracket) {
    separate();
    cursor_.put(bracket);
    after_value_ = false;
  }
  void close(char bracket) {
    cursor_.put(bracket);
    after_value_ = true;
  }

  detail::TextCursor cursor_;
  bool after_value_ = false;  ///< the last thing written was a whole value
};

}  // namespace grk::json

#endif
