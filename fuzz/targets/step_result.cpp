// Fuzz target: the host's reading of a step's result on two threads
// (read_on_two_threads, host/src/support/read_on_two_threads.hpp), against
// json::read on one. A plugin's result is untrusted text, and the second
// thread starts at a guess: a `},"` past the middle, which may lie in a
// string, an array or a mistake, in the eighth of the text after its middle.
// The input is the value of a member between two strings, four and three
// times as long as itself, so that the middle of the text is at its start
// and that eighth ends past it: every guess is in bytes the fuzzer chose. The
// text is read on two threads however short (a text of a MiB, as the host
// needs for two, was read 14 times a second under the sanitizers). Both reads
// must give the same value, bit for bit and member for member, or the same
// error.
//
// A result the host keeps as its text (plain compact JSON,
// host/src/support/plain_json.hpp) is checked on the input itself: json::read
// must read it, and its text reindented must be the bytes write_pretty writes
// of the value read, at the level a result has in the results document.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <boost/json/value.hpp>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "fuzz_check.hpp"
#include "support/plain_json.hpp"
#include "support/read_on_two_threads.hpp"

namespace {

// Exactly the same value: kinds, doubles by their bits (NaN included),
// members in the same order.
bool same(const boost::json::value& a, const boost::json::value& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case boost::json::kind::double_: {
      const double x = a.get_double();
      const double y = b.get_double();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    case boost::json::kind::array: {
      const auto& x = a.get_array();
      const auto& y = b.get_array();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (!same(x[i], y[i])) return false;
      }
      return true;
    }
    case boost::json::kind::object: {
      const auto& x = a.get_object();
      const auto& y = b.get_object();
      if (x.size() != y.size()) return false;
      for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j) {
        if (i->key() != j->key() || !same(i->value(), j->value())) return false;
      }
      return true;
    }
    default: return a == b;
  }
}

// A plain input is read, and reindented as its value is written.
void check_plain(std::string_view input) {
  if (!grk::host::is_plain_compact_json(input)) return;
  const auto value = grk::json::read(input);
  grk::fuzz::require(value.has_value(), "a plain text is not read");
  constexpr int result_level = 3;  // steps, a step, its result
  std::string reindented;
  std::string written;
  {
    grk::json::detail::TextCursor cursor(reindented);
    grk::host::put_plain_json_pretty(cursor, input, result_level);
  }
  {
    grk::json::detail::TextCursor cursor(written);
    grk::json::detail::put_value(cursor, *value, grk::json::detail::pretty_layout, result_level);
  }
  grk::fuzz::require(reindented == written, "a plain text is reindented to other bytes than its value's");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  check_plain(input);
  std::string text = "{\"before\":\"";
  text.append(4 * size + 16, 'b');
  text += "\",\"input\":";
  text += input;
  text += ",\"after\":\"";
  text.append(3 * size + 16, 'a');
  text += "\"}";
  const auto alone = grk::json::read(text);
  const auto two = grk::host::read_on_two_threads(text, 0);
  grk::fuzz::require(alone.has_value() == two.has_value(), "two threads accept what one refuses, or the reverse");
  if (alone) {
    grk::fuzz::require(same(*alone, *two), "two threads read another value than one");
  } else {
    grk::fuzz::require_message(two.error().message);
    grk::fuzz::require(two.error().describe() == alone.error().describe(), "two threads give another error than one");
  }
  return 0;
}
