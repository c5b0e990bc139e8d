// Fuzz target: `--set KEY=VALUE` (host/src/run/set_value.cpp, and for a
// `paths` text host/src/run/named_paths.cpp). The first byte
// picks the parameter's declared type, the rest is the argument as typed.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include <grk/param.hpp>

#include "fuzz_check.hpp"
#include "run/named_paths.hpp"
#include "run/set_value.hpp"

namespace {

constexpr grk::ParamType types[] = {grk::ParamType::string, grk::ParamType::integer, grk::ParamType::number,
                                    grk::ParamType::boolean, grk::ParamType::path,    grk::ParamType::object,
                                    grk::ParamType::paths,   grk::ParamType::list};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const grk::ParamType type = types[data[0] % std::size(types)];
  const std::string_view argument(reinterpret_cast<const char*>(data + 1), size - 1);

  const auto assignment = grk::host::split_assignment(argument);
  if (!assignment) grk::fuzz::require_message(assignment.error().message);

  const auto value = grk::host::parse_set_value(type, argument);
  if (!value) {
    grk::fuzz::require_message(value.error().message);
    return 0;
  }
  switch (type) {
    case grk::ParamType::integer:
      grk::fuzz::require(value->is_int64(), "an integer --set gave a non-integer");
      break;
    case grk::ParamType::number:
      grk::fuzz::require(value->is_int64() || (value->is_double() && std::isfinite(value->get_double())),
                         "a number --set gave a non-finite or non-number value");
      break;
    case grk::ParamType::boolean:
      grk::fuzz::require(value->is_bool(), "a boolean --set gave a non-boolean");
      break;
    case grk::ParamType::object:
      grk::fuzz::require(value->is_object(), "an object --set gave a non-object");
      break;
    case grk::ParamType::paths: {
      // A JSON object, or the text the plan names run by run (run/named_paths.hpp).
      if (value->is_object()) break;
      grk::fuzz::require(value->is_string() && value->get_string() == argument, "a paths --set text was changed");
      const auto named = grk::host::named_paths_of_text(std::string(argument));
      if (!named) {
        grk::fuzz::require_message(named.error().message);
        break;
      }
      for (const auto& member : *named) {
        grk::fuzz::require(!member.key().empty() && member.value().is_string() && !member.value().get_string().empty(),
                           "a named path without a name or a path");
      }
      break;
    }
    case grk::ParamType::list:
      grk::fuzz::require(grk::has_param_type(*value, grk::ParamType::list), "a list --set gave no array of strings");
      break;
    default:
      grk::fuzz::require(value->is_string() && value->get_string() == argument, "a string --set was changed");
      break;
  }
  return 0;
}
