// ModuleRecord <-> JSON: how a probe process reports what it found, and the
// shape `grk-eval plugins --json` prints.
#ifndef GRK_HOST_MODULE_RECORD_JSON_HPP
#define GRK_HOST_MODULE_RECORD_JSON_HPP

#include <boost/json.hpp>

#include <optional>

#include "module_record.hpp"

namespace grk::host {

boost::json::object component_to_json(const ModuleRecord& module, const ComponentRecord& component);
boost::json::object module_to_json(const ModuleRecord& module);
/// The inverse of module_to_json; nullopt when `json` is not such an object.
std::optional<ModuleRecord> module_from_json(const boost::json::value& json);

}  // namespace grk::host

#endif
