// grk/json/described.hpp: a record written as a JSON object from its
// Boost.Describe description (BOOST_DESCRIBE_STRUCT beside the struct), so
// that its fields are listed once, in their declared order, and not again in
// a to_json that has to be kept in step with the struct by hand.
//
// Each public member becomes one key, its name, in declaration order:
// - a std::optional: its value, or null when empty;
// - a described struct: its own members, flat, each key prefixed with the
//   member's name and `_` (an interval `confidence_interval` with `low` and
//   `high` gives `confidence_interval_low`, `confidence_interval_high`);
// - a boost::json::object: its fields, each under its own key, at that place
//   (a record's open-ended tail: a test's details, the policies' fields);
// - anything else: boost::json::value_from (strings, integers of their own
//   signedness, doubles as doubles, bools).
// The result holds doubles as doubles; how they are printed is the writer's
// (grk/json/float_format.hpp).
//
// Clang's -Wpedantic warns on BOOST_DESCRIBE_STRUCT(T, (), (...)) (an empty
// variadic argument inside Boost.Describe): build with
// -Wno-gnu-zero-variadic-macro-arguments, as this repository does.
#ifndef GRK_JSON_DESCRIBED_HPP
#define GRK_JSON_DESCRIBED_HPP

#include <boost/describe/members.hpp>
#include <boost/describe/modifiers.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value_from.hpp>
#include <boost/mp11/algorithm.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace grk::json {

template <class Record>
void append_described(boost::json::object& out, const Record& record, std::string_view prefix = {});

namespace detail {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

template <class T>
void append_member(boost::json::object& out, const std::string& key, const T& value) {
  if constexpr (std::is_same_v<T, boost::json::object>) {
    for (const auto& field : value) out[field.key()] = field.value();
  } else if constexpr (boost::describe::has_describe_members<T>::value) {
    append_described(out, value, key + "_");
  } else if constexpr (is_optional<T>::value) {
    if (value) {
      out[key] = boost::json::value_from(*value, out.storage());
    } else {
      out[key] = nullptr;
    }
  } else {
    out[key] = boost::json::value_from(value, out.storage());
  }
}

}  // namespace detail

/// Appends the described members of `record` to `out` as the header says,
/// each key after `prefix`; a key `out` already holds keeps its place and
/// takes the new value.
template <class Record>
void append_described(boost::json::object& out, const Record& record, std::string_view prefix) {
  using Members = boost::describe::describe_members<Record, boost::describe::mod_public>;
  boost::mp11::mp_for_each<Members>([&](auto member) {
    detail::append_member(out, std::string(prefix) + member.name, record.*member.pointer);
  });
}

/// `record` as a new JSON object.
template <class Record>
[[nodiscard]] boost::json::object described_object(const Record& record) {
  boost::json::object out;
  append_described(out, record);
  return out;
}

}  // namespace grk::json

#endif
