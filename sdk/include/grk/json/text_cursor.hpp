// grk/json/text_cursor.hpp: appends to a std::string through a raw pointer.
//
// A results document is tens of megabytes written a few bytes at a time: a
// key, its quotes, an indentation, a number. Through std::string's own
// appends each piece costs a call, a capacity check and, for indentation, a
// fill; they were most of write_pretty's time. The cursor asks for room for a
// whole piece at once and writes it with plain stores.
//
// Given a sink, the cursor hands its text on in pieces of about a mebibyte
// and reuses the same memory: a text written to a file then never exists
// whole, and on a machine where fresh memory costs a millisecond a megabyte
// to touch, the megabytes never touched are time saved.
#ifndef GRK_JSON_TEXT_CURSOR_HPP
#define GRK_JSON_TEXT_CURSOR_HPP

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

namespace grk::json {

/// Takes a text piece by piece, in order.
using TextSink = std::function<void(std::string_view)>;

namespace detail {

/// Writes after the end of `out`. Without a sink, `out` holds exactly what
/// was written once the cursor is destroyed; with one, what was written goes
/// to the sink, the last of it at flush(). Between, `out` is longer than its
/// text: use only the cursor.
class TextCursor {
 public:
  explicit TextCursor(std::string& out, const TextSink* sink = nullptr) noexcept
      : out_(out), sink_(sink), used_(out.size()) {}
  ~TextCursor() { out_.resize(used_); }
  TextCursor(const TextCursor&) = delete;
  TextCursor& operator=(const TextCursor&) = delete;

  /// At least `bytes` writable bytes; valid until the next call of room().
  char* room(std::size_t bytes) {
    if (out_.size() - used_ < bytes) make_room(bytes);
    return out_.data() + used_;
  }
  /// Keeps what was written up to `end`, a pointer into the last room().
  void commit(const char* end) noexcept { used_ = static_cast<std::size_t>(end - out_.data()); }

  void put(char c) {
    *room(1) = c;
    ++used_;
  }
  void put(std::string_view text) {
    if (text.empty()) return;  // its data() may be null, which memcpy must not see
    std::memcpy(room(text.size()), text.data(), text.size());
    used_ += text.size();
  }

  /// With a sink: hands it what is written and not yet handed on.
  void flush() {
    if (sink_ == nullptr || used_ == 0) return;
    (*sink_)(std::string_view(out_.data(), used_));
    used_ = 0;
  }

 private:
  static constexpr std::size_t sink_piece = std::size_t{1} << 20;

  void make_room(std::size_t bytes) {
    if (sink_ != nullptr && used_ >= sink_piece) {
      flush();
      if (out_.size() >= bytes) return;
    }
    grow(bytes);
  }

  // Grows the string's length, not only its capacity, so that the bytes may
  // be written through data(); a slice at a time, so that the zero fill this
  // takes runs on memory about to be written anyway. A slice is a quarter of
  // the text so far, up to 256 KiB: a short text is not filled far past its end.
  void grow(std::size_t bytes) {
    constexpr std::size_t largest_slice = std::size_t{1} << 18;
    const std::size_t wanted = used_ + std::max(bytes, std::min(used_ / 4, largest_slice));
    if (wanted > out_.capacity()) out_.reserve(std::max(wanted, 2 * out_.capacity()));
    out_.resize(wanted);
  }

  std::string& out_;
  const TextSink* sink_;
  std::size_t used_;
};

}  // namespace detail
}  // namespace grk::json

#endif
