// ModuleRecord <-> JSON: how a probe process reports what it found, and the
// shape `grk-eval plugins --json` prints.
#ifndef GRK_HOST_MODULES_RECORD_JSON_HPP
#define GRK_HOST_MODULES_RECORD_JSON_HPP

#include <boost/json.hpp>

#include <grk/expected.hpp>

#include "support/host_error.hpp"
#include "modules/record.hpp"

namespace grk::host {

[[nodiscard]] boost::json::object component_to_json(const ModuleRecord& module,
                                                    const ComponentRecord& component);
[[nodiscard]] boost::json::object module_to_json(const ModuleRecord& module);
/// The inverse of module_to_json, or what keeps `json` from being one.
Expected<ModuleRecord, HostError> module_from_json(const boost::json::value& json);

}  // namespace grk::host

#endif
