#include "support/component_result.hpp"

#include <grk/json/writer.hpp>

#include "support/plain_json.hpp"
#include "support/read_on_two_threads.hpp"

namespace grk::host {

Expected<ComponentResult, json::ReadError> ComponentResult::read(std::string text, bool strings_are_utf8) {
  ComponentResult result;
  if (strings_are_utf8 && is_plain_compact_json(text)) {
    result.text_ = std::move(text);
    return result;
  }
  auto tree = read_on_two_threads(text);
  if (!tree) return unexpected(std::move(tree).error());
  result.tree_ = std::move(*tree);
  return result;
}

void ComponentResult::put_pretty(json::detail::TextCursor& out, int level) const {
  if (is_text()) {
    put_plain_json_pretty(out, text_, level);
  } else {
    json::detail::put_value(out, tree_, json::detail::pretty_layout, level);
  }
}

std::string ComponentResult::compact_text() const { return is_text() ? text_ : json::write_compact(tree_); }

boost::json::value ComponentResult::value() const {
  if (!is_text()) return tree_;
  // Plain compact JSON is read without a mistake (is_plain_compact_json).
  return std::move(read_on_two_threads(text_)).value();
}

boost::json::value ComponentResult::take_value() && { return is_text() ? value() : std::move(tree_); }

}  // namespace grk::host
