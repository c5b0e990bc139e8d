// The JSON kind of a value as users read it in messages ("expected string,
// got integer"): the plugin firewall's parameter check and the host's config
// checks word it alike.
#ifndef GRK_DETAIL_JSON_KIND_HPP
#define GRK_DETAIL_JSON_KIND_HPP

#include <boost/json/value.hpp>

namespace grk::detail {

inline const char* json_kind_name(const boost::json::value& value) noexcept {
  switch (value.kind()) {
    case boost::json::kind::null: return "null";
    case boost::json::kind::bool_: return "boolean";
    case boost::json::kind::int64:
    case boost::json::kind::uint64: return "integer";
    case boost::json::kind::double_: return "number";
    case boost::json::kind::string: return "string";
    case boost::json::kind::array: return "array";
    case boost::json::kind::object: return "object";
  }
  return "null";
}

}  // namespace grk::detail

#endif
