// The one-component form's `--set key=value`: the value is read according to
// the parameter's declared type, never guessed from its look.
#ifndef GRK_HOST_SET_VALUE_HPP
#define GRK_HOST_SET_VALUE_HPP

#include <boost/json.hpp>

#include <optional>
#include <string>
#include <string_view>

#include <grk/param.hpp>

namespace grk::host {

/// Splits "key=value" at the first '='; nullopt when there is none or the key
/// is empty.
std::optional<std::pair<std::string, std::string>> split_assignment(std::string_view text);

/// Reads `raw` as a value of `type`: integer (decimal, signed 64-bit), number
/// (decimal or exponent form), boolean (true/false), object (JSON text),
/// string and path (taken as is). On failure returns nullopt and sets
/// `problem` to what was expected.
std::optional<boost::json::value> parse_set_value(ParamType type, std::string_view raw,
                                                  std::string& problem);

}  // namespace grk::host

#endif
