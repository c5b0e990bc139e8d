#include "set_value.hpp"

#include <charconv>
#include <cmath>

#include <grk/json/reader.hpp>

namespace grk::host {

std::optional<std::pair<std::string, std::string>> split_assignment(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) return std::nullopt;
  return std::make_pair(std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)));
}

std::optional<boost::json::value> parse_set_value(ParamType type, std::string_view raw,
                                                  std::string& problem) {
  switch (type) {
    case ParamType::string:
      return boost::json::value(boost::json::string(raw));
    case ParamType::path:
      if (raw.empty()) {
        problem = "expected a path, got an empty value";
        return std::nullopt;
      }
      return boost::json::value(boost::json::string(raw));
    case ParamType::integer: {
      std::int64_t value = 0;
      const char* end = raw.data() + raw.size();
      const auto [ptr, ec] = std::from_chars(raw.data(), end, value);
      if (raw.empty() || ec != std::errc() || ptr != end) {
        problem = "expected an integer in signed 64-bit range, got '" + std::string(raw) + "'";
        return std::nullopt;
      }
      return boost::json::value(value);
    }
    case ParamType::number: {
      double value = 0;
      const char* end = raw.data() + raw.size();
      const auto [ptr, ec] = std::from_chars(raw.data(), end, value, std::chars_format::general);
      if (raw.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) {
        problem = "expected a finite number, got '" + std::string(raw) + "'";
        return std::nullopt;
      }
      // Keep integers integers, as a config file would.
      std::int64_t whole = 0;
      const auto [iptr, iec] = std::from_chars(raw.data(), end, whole);
      if (iec == std::errc() && iptr == end) return boost::json::value(whole);
      return boost::json::value(value);
    }
    case ParamType::boolean:
      if (raw == "true") return boost::json::value(true);
      if (raw == "false") return boost::json::value(false);
      problem = "expected true or false, got '" + std::string(raw) + "'";
      return std::nullopt;
    case ParamType::object: {
      auto value = json::read(raw);
      if (!value || !value->is_object()) {
        problem = value ? "expected a JSON object" : "expected a JSON object: " + value.error().describe();
        return std::nullopt;
      }
      return std::move(value).value();
    }
  }
  return std::nullopt;
}

}  // namespace grk::host
