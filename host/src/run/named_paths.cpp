#include "run/named_paths.hpp"

#include <filesystem>

#include <grk/param.hpp>

namespace grk::host {

Expected<boost::json::object, HostError> named_paths(const std::vector<std::string>& items) {
  boost::json::object named;
  for (const std::string& item : items) {
    if (item.empty()) {
      return usage_error("expected a file, NAME=PATH, a comma-separated list of them, or a JSON object; got an empty "
                         "item");
    }
    // A NAME has no slash, so that a path holding '=' still reads as a path.
    const auto eq = item.find('=');
    const bool has_name = eq != std::string::npos && eq > 0 && item.find('/') > eq;
    const std::string path = has_name ? item.substr(eq + 1) : item;
    const std::string name = has_name ? item.substr(0, eq) : std::filesystem::path(path).stem().string();
    if (path.empty()) return usage_error("'" + item + "' names no file after '='");
    if (name.empty() || name == "." || name == "..") {
      return usage_error("'" + path + "' has no file name to name its run by; give it as NAME=PATH");
    }
    if (const auto* earlier = named.if_contains(name)) {
      return usage_error("two runs are named '" + name + "' (" + std::string(earlier->get_string()) + " and " + path +
                         "); name them NAME=PATH");
    }
    named[name] = path;
  }
  return named;
}

Expected<boost::json::object, HostError> named_paths_of_text(const std::string& text) {
  return named_paths(comma_items(text));
}

}  // namespace grk::host
