// grk/python/lines.hpp: how Python turns a text file into lines (docs/behaviour/beir.md
// §2, §4, docs/behaviour/judgments.md §1): universal-newline reading, then str.splitlines().
#ifndef GRK_PYTHON_LINES_HPP
#define GRK_PYTHON_LINES_HPP

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace grk::python {

namespace detail {

struct LineBreakStartTable {
  bool entries[256] = {};
  constexpr LineBreakStartTable() {
    for (const unsigned char byte : {0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0xC2, 0xE2}) entries[byte] = true;
  }
  constexpr bool operator[](unsigned char byte) const { return entries[byte]; }
};
inline constexpr LineBreakStartTable may_start_line_break{};

}  // namespace detail

/// What open(..., newline=None).read() makes of the text (docs/behaviour/beir.md §2):
/// "\r\n" and a lone "\r" both become "\n". One pass, one allocation.
inline std::string universal_newlines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t run = 0;
  for (const char* cr = static_cast<const char*>(std::memchr(text.data(), '\r', text.size())); cr != nullptr;) {
    const auto at = static_cast<std::size_t>(cr - text.data());
    out.append(text.data() + run, at - run);
    out += '\n';
    run = at + 1 < text.size() && text[at + 1] == '\n' ? at + 2 : at + 1;
    cr = run < text.size() ? static_cast<const char*>(std::memchr(text.data() + run, '\r', text.size() - run)) : nullptr;
  }
  out.append(text.data() + run, text.size() - run);
  return out;
}

/// str.splitlines() without keepends (docs/behaviour/beir.md §2): breaks at \n, \r,
/// \r\n, \x0b, \x0c, \x1c, \x1d, \x1e, U+0085, U+2028 and U+2029; a final
/// break does not start another line; "" gives no line. The views point into
/// `text`. One pass, no copy of the text.
inline std::vector<std::string_view> splitlines(std::string_view text) {
  std::vector<std::string_view> lines;
  const auto* data = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  std::size_t start = 0;
  std::size_t i = 0;
  while (i < size) {
    // Skip bytes that cannot start a line break: everything but \n \x0b
    // \x0c \r \x1c-\x1e and the lead bytes of U+0085 (C2) and U+2028/9 (E2).
    while (i < size && !detail::may_start_line_break[data[i]]) ++i;
    if (i == size) break;
    const unsigned char byte = data[i];
    std::size_t break_length = 0;
    if (byte == '\n' || byte == 0x0B || byte == 0x0C || (byte >= 0x1C && byte <= 0x1E)) {
      break_length = 1;
    } else if (byte == '\r') {
      break_length = i + 1 < size && data[i + 1] == '\n' ? 2 : 1;
    } else if (byte == 0xC2 && i + 1 < size && data[i + 1] == 0x85) {
      break_length = 2;
    } else if (byte == 0xE2 && i + 2 < size && data[i + 1] == 0x80 && (data[i + 2] == 0xA8 || data[i + 2] == 0xA9)) {
      break_length = 3;
    }
    if (break_length == 0) {
      ++i;
      continue;
    }
    lines.emplace_back(text.data() + start, i - start);
    i += break_length;
    start = i;
  }
  if (start < size) lines.emplace_back(text.data() + start, size - start);
  return lines;
}

}  // namespace grk::python

#endif
