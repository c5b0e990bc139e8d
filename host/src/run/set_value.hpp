// The one-component form's `--set key=value`: the value is read according to
// the parameter's declared type, never guessed from its look.
#ifndef GRK_HOST_RUN_SET_VALUE_HPP
#define GRK_HOST_RUN_SET_VALUE_HPP

#include <boost/json.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "run/config.hpp"
#include "support/host_error.hpp"
#include "modules/registry.hpp"
#include "run/errors.hpp"

namespace grk::host {

/// Splits "key=value" at the first '='; a usage error when there is none or
/// the key is empty.
Expected<std::pair<std::string, std::string>, HostError> split_assignment(std::string_view text);

/// Reads `raw` as a value of `type`: integer (decimal, signed 64-bit), number
/// (decimal or exponent form), boolean (true/false), object (JSON text),
/// string and path (taken as is). A failure says what was expected.
Expected<boost::json::value, HostError> parse_set_value(ParamType type, std::string_view raw);

/// The step of `grk-eval run --component NAME --set KEY=VALUE...`: named
/// after the component, each value read as its parameter's declared type.
/// Each mistake is a usage error naming its --set, added to `errors` in the
/// order given (docs/design.md §4.14); the step keeps the values that were read.
StepConfig step_from_flags(const ComponentEntry& entry, const std::vector<std::string>& sets, ConfigErrors& errors);

}  // namespace grk::host

#endif
