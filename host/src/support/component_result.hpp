// A component's result as the host keeps it until the results document is
// written: the compact text the component gave, when that is plain
// (support/plain_json.hpp), else the tree json::read makes of it. Either
// way it is written, and read back, as the tree would be.
#ifndef GRK_HOST_SUPPORT_COMPONENT_RESULT_HPP
#define GRK_HOST_SUPPORT_COMPONENT_RESULT_HPP

#include <boost/json/value.hpp>

#include <string>
#include <utility>

#include <grk/expected.hpp>
#include <grk/json/read_error.hpp>
#include <grk/json/text_cursor.hpp>

namespace grk::host {

class ComponentResult {
 public:
  /// null
  ComponentResult() = default;
  explicit ComponentResult(boost::json::value tree) : tree_(std::move(tree)) {}

  /// The result in `text`: kept as that text when it is plain compact JSON
  /// and `strings_are_utf8` (the caller's check of the text); else read
  /// into a tree (read_on_two_threads), which fails as json::read does.
  [[nodiscard]] static Expected<ComponentResult, json::ReadError> read(std::string text, bool strings_are_utf8);

  /// The tree, when the result is kept as one; null when kept as text.
  [[nodiscard]] const boost::json::value* tree() const noexcept { return is_text() ? nullptr : &tree_; }

  /// Writes the value as json::write_pretty does when it is at `level` of a tree.
  void put_pretty(json::detail::TextCursor& out, int level) const;

  /// A compact JSON text that json::read reads as the value.
  [[nodiscard]] std::string compact_text() const;

  /// The value as a tree, read from the text when kept as text.
  [[nodiscard]] boost::json::value value() const;
  /// value(), taking the tree kept rather than copying it.
  [[nodiscard]] boost::json::value take_value() &&;

 private:
  [[nodiscard]] bool is_text() const noexcept { return !text_.empty(); }

  boost::json::value tree_;
  std::string text_;  ///< plain compact JSON when kept as text, else empty
};

}  // namespace grk::host

#endif
