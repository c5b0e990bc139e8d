#include "modules/record.hpp"

#include "modules/param_declaration.hpp"

namespace grk::host {
namespace {

std::string text_of(const boost::json::object& object, const char* key) {
  const auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

}  // namespace

boost::json::object component_to_json(const ModuleRecord& module,
                                      const ComponentRecord& component) {
  boost::json::object out;
  out["name"] = component.name;
  out["kind"] = kind_name(component.kind);
  out["description"] = component.description;
  out["module"] = module.name;
  out["module_version"] = module.version;
  out["sdk_version"] = module.sdk_version;
  out["file"] = module.file.string();
  out["params"] = params_to_json(component.params);
  return out;
}

boost::json::object module_to_json(const ModuleRecord& module) {
  boost::json::object out;
  out["file"] = module.file.string();
  out["status"] = module_status_name(module.status);
  if (!module.reason.empty()) out["reason"] = module.reason;
  if (!module.name.empty() || module.abi_version != 0) {
    out["name"] = module.name;
    out["version"] = module.version;
    out["abi_version"] = module.abi_version;
    out["sdk_version"] = module.sdk_version;
  }
  boost::json::array components;
  for (const auto& component : module.components) {
    components.push_back(component_to_json(module, component));
  }
  out["components"] = std::move(components);
  return out;
}

Expected<ModuleRecord, HostError> module_from_json(const boost::json::value& json) {
  const auto* object = json.if_object();
  if (object == nullptr) return plugin_error("a module record must be a JSON object");
  const auto status = value_of(module_status_names, text_of(*object, "status"));
  if (!status) return plugin_error("unknown module status '" + text_of(*object, "status") + "'");
  ModuleRecord record;
  record.file = text_of(*object, "file");
  record.status = *status;
  record.reason = text_of(*object, "reason");
  record.name = text_of(*object, "name");
  record.version = text_of(*object, "version");
  record.sdk_version = text_of(*object, "sdk_version");
  if (const auto* abi = object->if_contains("abi_version"); abi && abi->is_number()) {
    boost::system::error_code out_of_range;
    record.abi_version = abi->to_number<std::uint32_t>(out_of_range);
    if (out_of_range) return plugin_error("abi_version is not a version number");
  }
  if (const auto* list = object->if_contains("components"); list && list->is_array()) {
    for (const auto& item : list->get_array()) {
      const auto* entry = item.if_object();
      if (entry == nullptr) return plugin_error("a component record must be a JSON object");
      ComponentRecord component;
      component.name = text_of(*entry, "name");
      component.kind = value_of(kind_names, text_of(*entry, "kind")).value_or(0);
      component.description = text_of(*entry, "description");
      const auto* params = entry->if_contains("params");
      if (params == nullptr) return plugin_error("component '" + component.name + "' has no params");
      GRK_TRY(component.params, params_from_json(*params));
      record.components.push_back(std::move(component));
    }
  }
  return record;
}

}  // namespace grk::host
