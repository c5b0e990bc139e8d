// The kebab-case rule: module and component names (is_component_name), and
// groundkit's judgment query ids, whose check is
// grk::judgments::is_judgment_query_id (grk/groundkit/judgments/judgment.hpp).
#ifndef GRK_NAMING_HPP
#define GRK_NAMING_HPP

#include <string_view>

namespace grk {

/// Lowercase kebab-case, `[a-z0-9]+(-[a-z0-9]+)*` matched whole. groundkit
/// asks the same of a judgment's query id.
constexpr bool is_kebab_case(std::string_view name) noexcept {
  if (name.empty() || name.front() == '-' || name.back() == '-') return false;
  char previous = '\0';
  for (char c : name) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!alnum && c != '-') return false;
    if (c == '-' && previous == '-') return false;
    previous = c;
  }
  return true;
}

/// A module or component name: kebab-case, a name users type on the command
/// line and in configs, the same on every filesystem and shell.
constexpr bool is_component_name(std::string_view name) noexcept { return is_kebab_case(name); }

}  // namespace grk

#endif
