// Reading a component's parameter declaration back from the JSON that
// crossed the C ABI (grk_component::params_json). The plugin side writes it
// with grk::params_to_json (param.hpp); only the host reads it.
#ifndef GRK_HOST_MODULES_PARAM_DECLARATION_HPP
#define GRK_HOST_MODULES_PARAM_DECLARATION_HPP

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// The type a declaration names ("string", "integer", ...); nullopt for a
/// name this host does not know.
[[nodiscard]] std::optional<ParamType> param_type_from_name(std::string_view name) noexcept;

/// The declaration, or what is malformed in it (a plugin's bug, reported as
/// an invalid descriptor).
Expected<std::vector<ParamSpec>, HostError> params_from_json(const boost::json::value& json);

}  // namespace grk::host

#endif
