// The checks of given parameter values against a declaration, shared by the
// plugin side (the generated entry code re-checks what it is given, because a
// caller such as Python's ctypes may skip the host) and the host (which checks
// every step of a config before running any). Apart from <grk/plugin.hpp>, the
// one core header that uses an optional part: a refused value is quoted as
// Python's repr() quotes it, the way groundkit's messages do
// (docs/design.md §5.3).
#ifndef GRK_PARAM_CHECKS_HPP
#define GRK_PARAM_CHECKS_HPP

#include <boost/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/detail/json_kind.hpp>
#include <grk/expected.hpp>
#include <grk/param.hpp>
#include <grk/python/repr.hpp>

namespace grk {

/// A problem found in a set of given parameters: the parameter it is about
/// (empty when it concerns the whole set) and what was expected.
struct ParamIssue {
  std::string name;
  std::string message;
};

/// A path holding a NUL, which the file system would take as its end
/// ("a.run\0x" opens a.run): the problem, naming the byte; else nothing.
inline std::optional<std::string> path_nul_issue(std::string_view path) {
  const std::size_t at = path.find('\0');
  if (at == std::string_view::npos) return std::nullopt;
  return "a path cannot hold a NUL character (byte " + std::to_string(at) + "); the file system would end it there";
}

/// The problem of one given value against its spec, if any: the wrong JSON
/// shape, or a string outside the spec's allowed values.
inline std::optional<std::string> value_issue(const ParamSpec& spec, const boost::json::value& value) {
  const bool comma_string = spec.type == ParamType::list && spec.comma_separated && value.is_string();
  if (spec.type == ParamType::path && value.is_string()) {
    if (auto nul = path_nul_issue(value.get_string())) return nul;
  }
  if (spec.type == ParamType::paths && value.is_object()) {
    for (const auto& member : value.get_object()) {
      if (!member.value().is_string()) continue;
      if (auto nul = path_nul_issue(member.value().get_string())) return "at key '" + std::string(member.key()) + "': " + *nul;
    }
  }
  if (!comma_string && !has_param_type(value, spec.type)) {
    std::string expected = param_type_name(spec.type);
    if (spec.type == ParamType::path) expected = "path (a non-empty string)";
    if (spec.type == ParamType::integer && value.is_uint64()) return "expected an integer in signed 64-bit range";
    if (spec.type == ParamType::paths && value.is_object()) {
      for (const auto& member : value.get_object()) {
        if (is_path_value(member.value())) continue;
        const bool empty = member.value().is_string();
        return "expected a path (a non-empty string) at key '" + std::string(member.key()) + "', got " +
               (empty ? "an empty string" : detail::json_kind_name(member.value()));
      }
    }
    if (spec.type == ParamType::paths) expected = "paths (an object of non-empty path strings)";
    if (spec.type == ParamType::list && value.is_array()) {
      const auto& items = value.get_array();
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (!items[i].is_string()) {
          return "expected a string at index " + std::to_string(i) + ", got " + detail::json_kind_name(items[i]);
        }
      }
    }
    if (spec.type == ParamType::list) {
      expected = spec.comma_separated ? "list (an array of strings, or one comma-separated string)"
                                      : "list (an array of strings)";
    }
    return "expected " + expected + ", got " + detail::json_kind_name(value);
  }
  if (!spec.choices.empty() && value.is_string()) {
    const std::string_view given = value.get_string();
    std::string listed;
    for (const auto& choice : spec.choices) {
      if (choice == given) return std::nullopt;
      listed += (listed.empty() ? "" : ", ") + choice;
    }
    return "must be one of: " + listed + "; got " + python::repr(given);
  }
  return std::nullopt;
}

/// Every problem of `given` against `specs`, in a fixed order: unknown names
/// in the order given, then each spec in declaration order (missing, then
/// wrong type or a value not allowed).
inline std::vector<ParamIssue> param_issues(const std::vector<ParamSpec>& specs, const boost::json::object& given) {
  std::vector<ParamIssue> issues;
  for (const auto& member : given) {
    bool known = false;
    for (const auto& spec : specs) known = known || spec.name == member.key();
    if (!known) {
      std::string names;
      for (const auto& spec : specs) names += (names.empty() ? "" : ", ") + spec.name;
      issues.push_back(ParamIssue{std::string(member.key()),
                                  "unknown parameter; expected one of: " + (names.empty() ? "(none)" : names)});
    }
  }
  for (const auto& spec : specs) {
    const boost::json::value* value = given.if_contains(spec.name);
    if (value == nullptr) {
      if (spec.required) issues.push_back(ParamIssue{spec.name, "missing required parameter"});
      continue;
    }
    if (auto issue = value_issue(spec, *value)) issues.push_back(ParamIssue{spec.name, std::move(*issue)});
  }
  return issues;
}

/// Checks `given` against `specs` in param_issues' order and returns the
/// first problem, or the given values plus the defaults of absent parameters.
inline Expected<boost::json::object, ParamIssue> validate_params(const std::vector<ParamSpec>& specs,
                                                                 const boost::json::object& given) {
  auto issues = param_issues(specs, given);
  if (!issues.empty()) return unexpected(std::move(issues.front()));
  boost::json::object resolved;
  for (const auto& spec : specs) {
    if (const boost::json::value* value = given.if_contains(spec.name)) {
      resolved[spec.name] = *value;
    } else if (spec.default_value) {
      resolved[spec.name] = *spec.default_value;
    }
  }
  return resolved;
}

}  // namespace grk

#endif
