#include "modules/param_declaration.hpp"

#include <utility>

#include <grk/param_checks.hpp>

namespace grk::host {

std::optional<ParamType> param_type_from_name(std::string_view name) noexcept {
  return value_of(param_type_names, name);
}

Expected<std::vector<ParamSpec>, HostError> params_from_json(const boost::json::value& json) {
  if (!json.is_array()) {
    return plugin_error("parameter declaration is not a JSON array");
  }
  std::vector<ParamSpec> specs;
  for (const auto& item : json.get_array()) {
    const auto* entry = item.if_object();
    const boost::json::value* name = entry ? entry->if_contains("name") : nullptr;
    const boost::json::value* type = entry ? entry->if_contains("type") : nullptr;
    const boost::json::value* req = entry ? entry->if_contains("required") : nullptr;
    const boost::json::value* desc = entry ? entry->if_contains("description") : nullptr;
    if (!name || !name->is_string() || !type || !type->is_string() || !req || !req->is_bool()) {
      return plugin_error("parameter declaration entry lacks a string name, a type or a boolean required");
    }
    auto parsed_type = param_type_from_name(type->get_string());
    if (!parsed_type) {
      return plugin_error("parameter '" + std::string(name->get_string()) + "' has unknown type '" +
                          std::string(type->get_string()) + "'");
    }
    ParamSpec spec;
    spec.name = name->get_string();
    spec.type = *parsed_type;
    spec.required = req->get_bool();
    if (const auto* def = entry->if_contains("default")) spec.default_value = *def;
    if (desc && desc->is_string()) spec.description = desc->get_string();
    // Allowed values (SDK 1.1.0, docs/design.md §5.3): a non-empty array of
    // strings on a string parameter, its default among them.
    if (const auto* choices = entry->if_contains("choices")) {
      const std::string where = "parameter '" + spec.name + "' ";
      if (spec.type != ParamType::string) return plugin_error(where + "declares allowed values but is not a string");
      if (!choices->is_array() || choices->get_array().empty()) {
        return plugin_error(where + "declares its allowed values as something other than a non-empty array of strings");
      }
      for (const auto& choice : choices->get_array()) {
        if (!choice.is_string()) {
          return plugin_error(where + "declares its allowed values as something other than a non-empty array of strings");
        }
        spec.choices.emplace_back(choice.get_string());
      }
      if (spec.default_value && value_issue(spec, *spec.default_value)) {
        return plugin_error(where + "has a default that is not one of its allowed values");
      }
    }
    // Optional (docs/design.md §5.3): a written path, left out of the inputs.
    if (const auto* output = entry->if_contains("output"); output != nullptr && output->is_bool()) {
      spec.output = output->get_bool();
    }
    // Optional (docs/design.md §5.3): a list that takes a comma-separated string too.
    if (const auto* comma = entry->if_contains("comma_separated"); comma != nullptr && comma->is_bool()) {
      if (spec.type != ParamType::list) {
        return plugin_error("parameter '" + spec.name + "' declares comma_separated but is not a list");
      }
      spec.comma_separated = comma->get_bool();
    }
    // Optional (docs/design.md §5.3): what the path names; a word this host
    // does not know reads as any, so a later kind never refuses a module.
    if (const auto* kind = entry->if_contains("path_kind"); kind != nullptr && kind->is_string()) {
      spec.path_kind = value_of(path_kind_names, std::string_view(kind->get_string())).value_or(PathKind::any);
    }
    specs.push_back(std::move(spec));
  }
  return specs;
}

}  // namespace grk::host
