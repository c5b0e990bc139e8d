#include "run/set_value.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <grk/json/reader.hpp>

#include "support/join.hpp"
#include "support/plugin_text.hpp"

namespace grk::host {

Expected<std::pair<std::string, std::string>, HostError> split_assignment(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) return usage_error("expected KEY=VALUE");
  return std::make_pair(std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)));
}

// A list: a JSON array of strings when it starts with '[', else the items
// between commas (`a,b`; an empty value is the empty list).
namespace {

Expected<boost::json::value, HostError> parse_list_value(std::string_view raw) {
  if (!raw.empty() && raw.front() == '[') {
    auto value = json::read(raw);
    if (!value) return usage_error("expected a JSON array of strings: " + value.error().describe());
    if (!has_param_type(*value, ParamType::list)) return usage_error("expected a JSON array of strings");
    return std::move(value).value();
  }
  boost::json::array items;
  for (const std::string& item : comma_items(raw)) items.emplace_back(item);
  return boost::json::value(std::move(items));
}

}  // namespace

namespace {

Expected<boost::json::value, HostError> value_of_text(ParamType type, std::string_view raw) {
  switch (type) {
    case ParamType::string:
      return boost::json::value(boost::json::string(raw));
    case ParamType::path:
      if (raw.empty()) return usage_error("expected a path, got an empty value");
      return boost::json::value(boost::json::string(raw));
    case ParamType::integer: {
      std::int64_t value = 0;
      const char* end = raw.data() + raw.size();
      const auto [ptr, ec] = std::from_chars(raw.data(), end, value);
      if (raw.empty() || ec != std::errc() || ptr != end) {
        return usage_error("expected an integer in signed 64-bit range, got '" + std::string(raw) + "'");
      }
      return boost::json::value(value);
    }
    case ParamType::number: {
      double value = 0;
      const char* end = raw.data() + raw.size();
      const auto [ptr, ec] = std::from_chars(raw.data(), end, value, std::chars_format::general);
      if (raw.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) {
        return usage_error("expected a finite number, got '" + std::string(raw) + "'");
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
      return usage_error("expected true or false, got '" + std::string(raw) + "'");
    case ParamType::paths:
      // `bm25.run,dense=d.run`: the plan names them (run/named_paths.hpp).
      if (raw.empty() || raw.front() != '{') return boost::json::value(boost::json::string(raw));
      [[fallthrough]];
    case ParamType::object: {
      auto value = json::read(raw);
      if (!value) return usage_error("expected a JSON object: " + value.error().describe());
      if (!value->is_object()) return usage_error("expected a JSON object");
      return std::move(value).value();
    }
    case ParamType::list: return parse_list_value(raw);
  }
  return usage_error("expected a value of a known type");
}

}  // namespace

Expected<boost::json::value, HostError> parse_set_value(ParamType type, std::string_view raw) {
  GRK_TRY(auto value, value_of_text(type, raw));
  // What the results document records must be UTF-8 (docs/design.md §4.16).
  if (const auto where = first_non_utf8(value)) {
    return usage_error("not valid UTF-8" + (where->empty() ? std::string() : " at " + *where) + ": '" +
                       printable(raw) + "'; a results document must be UTF-8");
  }
  return value;
}

StepConfig step_from_flags(const ComponentEntry& entry, const std::vector<std::string>& sets, ConfigErrors& errors) {
  const auto& params = entry.component->params;
  StepConfig step;
  step.id = entry.component->name;
  step.component = entry.component->name;
  step.kind = entry.component->kind;
  // Before the plan's own mistakes of the step, which share its place.
  const ErrorPlace place{0, 0};
  std::vector<std::string> given;
  for (const auto& set : sets) {
    const auto assignment = split_assignment(set);
    if (!assignment) {
      errors.add(place, located("--set " + set + ": ", assignment.error()));
      // `--set qrels` names its param all the same: not reported missing too.
      if (!set.empty() && set.find('=') == std::string::npos) step.reported_params.push_back(set);
      continue;
    }
    const auto& [key, raw] = *assignment;
    const ParamSpec* spec = nullptr;
    for (const auto& candidate : params) {
      if (candidate.name == key) spec = &candidate;
    }
    if (spec == nullptr) {
      const auto name_of = [](const ParamSpec& param) { return param.name; };
      errors.add(place, usage_error("--set " + key + ": unknown parameter; expected one of: " +
                                    (params.empty() ? "(none)" : join(params, ", ", name_of))));
      continue;
    }
    if (std::find(given.begin(), given.end(), key) != given.end()) {
      errors.add(place, usage_error("--set " + key + ": given more than once"));
      continue;
    }
    given.push_back(key);
    auto value = parse_set_value(spec->type, raw);
    if (!value) {
      errors.add(place, located("--set " + key + ": ", value.error()));
      step.reported_params.push_back(key);
      continue;
    }
    step.params[key] = std::move(*value);
  }
  return step;
}

}  // namespace grk::host
