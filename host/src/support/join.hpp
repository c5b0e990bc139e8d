// join(items, ", "): the lists that messages and listings spell out
// ("available: fixture-sum, fixture-upper-lines").
#ifndef GRK_HOST_SUPPORT_JOIN_HPP
#define GRK_HOST_SUPPORT_JOIN_HPP

#include <string>
#include <string_view>

namespace grk::host {

/// Each item as text: strings and C strings as they are.
struct AsText {
  template <class T>
  std::string operator()(const T& item) const {
    return std::string(item);
  }
};

/// The items, each turned to text by `text`, with `separator` between them.
template <class Range, class Text = AsText>
[[nodiscard]] std::string join(const Range& items, std::string_view separator, Text text = {}) {
  std::string out;
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += separator;
    first = false;
    out += text(item);
  }
  return out;
}

}  // namespace grk::host

#endif
