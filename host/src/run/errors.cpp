#include "run/errors.hpp"

#include <algorithm>
#include <tuple>

#include "support/plugin_text.hpp"

namespace grk::host {

void ConfigErrors::add(ErrorPlace place, HostError error) {
  errors_.push_back(Placed{place, std::move(error)});
}

void ConfigErrors::add_all(const ConfigErrors& other) {
  errors_.insert(errors_.end(), other.errors_.begin(), other.errors_.end());
}

namespace {

// A mistake on one line, and its hint, if any, on an indented line under it:
// config text is as untrusted as plugin text (docs/design.md §4.16), so
// nothing else in it may start a line or reach the terminal as a control.
std::string printable_mistake(const std::string& message) {
  constexpr std::string_view hint = "\n      hint: ";
  const std::size_t at = message.find(hint);
  if (at == std::string::npos) return printable(message);
  return printable(message.substr(0, at)) + std::string(hint) + printable(message.substr(at + hint.size()));
}

}  // namespace

HostError ConfigErrors::report(std::string_view line_prefix) const {
  std::vector<Placed> sorted = errors_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Placed& a, const Placed& b) {
    return std::tie(a.place.key, a.place.step) < std::tie(b.place.key, b.place.step);
  });
  HostError out{exit_usage, {}};
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (sorted[i].error.code == exit_plugin) out.code = exit_plugin;
    if (i >= max_reported_errors) continue;
    if (i > 0) out.message += "\n" + std::string(line_prefix);
    out.message += printable_mistake(sorted[i].error.message);
  }
  if (sorted.size() > max_reported_errors) {
    const std::size_t more = sorted.size() - max_reported_errors;
    out.message += "\n" + std::string(line_prefix) + "... and " + std::to_string(more) + " more error" +
                   (more == 1 ? "" : "s");
  }
  return out;
}

}  // namespace grk::host
