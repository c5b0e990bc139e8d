// Parameter declarations and the validated values a component reads. The
// checks of given values against a declaration are in <grk/param_checks.hpp>,
// so that a component's headers pull in none of the SDK's optional parts.
#ifndef GRK_PARAM_HPP
#define GRK_PARAM_HPP

#include <boost/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/enum_names.hpp>
#include <grk/error.hpp>

namespace grk {

/// The JSON shape a parameter takes. `path` is a string the host resolves
/// against the config file's folder; `paths` is an object whose every value is
/// such a path (e.g. one file per system), so that the host can resolve and
/// hash each file, which it cannot do inside a plain `object`; `integer` is a
/// JSON integer in int64 range; `number` is any JSON number; `list` is a JSON
/// array of strings (e.g. measure names), which `--set` also takes as `a,b`.
enum class ParamType { string, integer, number, boolean, path, object, paths, list };

/// The word for each type in declarations, messages and `describe`.
inline constexpr EnumName<ParamType> param_type_names[] = {
    {ParamType::string, "string"},   {ParamType::integer, "integer"}, {ParamType::number, "number"},
    {ParamType::boolean, "boolean"}, {ParamType::path, "path"},       {ParamType::object, "object"},
    {ParamType::paths, "paths"},     {ParamType::list, "list"},
};

inline const char* param_type_name(ParamType type) noexcept { return name_of(param_type_names, type, "string"); }

/// What a `path` (or each member of a `paths`) parameter names, as its
/// declaration says (docs/design.md §5.3): the host checks it before step 1.
enum class PathKind { any, file, folder };

/// The word for each kind in declarations ("path_kind") and messages.
inline constexpr EnumName<PathKind> path_kind_names[] = {
    {PathKind::any, "any"}, {PathKind::file, "file"}, {PathKind::folder, "folder"}};

/// One declared parameter. Build with required(), optional() or with_default(),
/// and for a string with a fixed set of values add .one_of({...}).
struct ParamSpec {
  std::string name;
  ParamType type = ParamType::string;
  bool required = false;
  /// The value used when the parameter is absent; only for non-required ones.
  std::optional<boost::json::value> default_value;
  std::string description;  ///< one line
  /// The allowed values of a `string` parameter, in the order messages and
  /// `describe` list them; empty: any string (docs/design.md §5.3).
  std::vector<std::string> choices;
  /// A path the component writes rather than reads (docs/design.md §4.8): the
  /// host does not hash it into the results document's inputs. Set it with
  /// grk::as_output.
  bool output = false;
  /// A `list` parameter that also takes a string of comma-separated items
  /// (`"dense,fusion"`), for a parameter that was a string before it became
  /// a list (docs/design.md §5.3).
  bool comma_separated = false;
  /// Whether the path names a file or a folder; any: either. Set it with
  /// grk::as_file or grk::as_folder.
  PathKind path_kind = PathKind::any;

  /// This parameter, restricted to `values` (a string parameter only).
  ParamSpec one_of(std::vector<std::string> values) && {
    choices = std::move(values);
    return std::move(*this);
  }

  /// This `list` parameter, taking a comma-separated string too.
  ParamSpec or_comma_separated() && {
    comma_separated = true;
    return std::move(*this);
  }
};

/// The items of a comma-separated list, as given between the commas (`a,b`;
/// the empty text is the empty list): how `--set` and a comma_separated
/// string read a `list`.
inline std::vector<std::string> comma_items(std::string_view text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (!text.empty()) {
    const std::size_t comma = text.find(',', start);
    items.emplace_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

/// A parameter the caller must give.
inline ParamSpec required(std::string name, ParamType type, std::string description) {
  return ParamSpec{std::move(name), type, true, std::nullopt, std::move(description), {}};
}

/// A parameter that may be absent and then has no value (Params::has is false).
inline ParamSpec optional(std::string name, ParamType type, std::string description) {
  return ParamSpec{std::move(name), type, false, std::nullopt, std::move(description), {}};
}

/// A parameter that takes `value` when absent.
inline ParamSpec with_default(std::string name, ParamType type, boost::json::value value,
                              std::string description) {
  return ParamSpec{std::move(name), type, false, std::move(value), std::move(description), {}};
}

/// `spec` marked as a path the component writes (an output file or folder),
/// e.g. grk::as_output(grk::required("output_dir", ParamType::path, "...")).
inline ParamSpec as_output(ParamSpec spec) {
  spec.output = true;
  return spec;
}

/// `spec` marked as naming a file (a `path` or `paths` parameter): the host
/// refuses a folder there, or a missing input, before any step runs.
inline ParamSpec as_file(ParamSpec spec) {
  spec.path_kind = PathKind::file;
  return spec;
}

/// `spec` marked as naming a folder (a `path` or `paths` parameter).
inline ParamSpec as_folder(ParamSpec spec) {
  spec.path_kind = PathKind::folder;
  return spec;
}

/// Whether `value` is a usable path: a non-empty string.
inline bool is_path_value(const boost::json::value& value) noexcept {
  // A NUL ends a path for the file system: "a.run\0x" would open a.run.
  return value.is_string() && !value.get_string().empty() &&
         std::string_view(value.get_string()).find('\0') == std::string_view::npos;
}

/// Whether `value` has the JSON shape `type` asks for.
inline bool has_param_type(const boost::json::value& value, ParamType type) noexcept {
  switch (type) {
    case ParamType::string: return value.is_string();
    case ParamType::path: return is_path_value(value);
    case ParamType::integer:
      return value.is_int64() ||
             (value.is_uint64() && value.get_uint64() <= static_cast<std::uint64_t>(INT64_MAX));
    case ParamType::number: return value.is_number();
    case ParamType::boolean: return value.is_bool();
    case ParamType::object: return value.is_object();
    case ParamType::paths: {
      if (!value.is_object()) return false;
      for (const auto& member : value.get_object()) {
        if (!is_path_value(member.value())) return false;
      }
      return true;
    }
    case ParamType::list: {
      if (!value.is_array()) return false;
      for (const auto& item : value.get_array()) {
        if (!item.is_string()) return false;
      }
      return true;
    }
  }
  return false;
}

/// The declaration as JSON, the form that crosses the C ABI (params_json).
inline boost::json::array params_to_json(const std::vector<ParamSpec>& specs) {
  boost::json::array out;
  for (const auto& spec : specs) {
    boost::json::object entry;
    entry["name"] = spec.name;
    entry["type"] = param_type_name(spec.type);
    entry["required"] = spec.required;
    if (spec.default_value) entry["default"] = *spec.default_value;
    if (!spec.choices.empty()) {
      boost::json::array choices;
      for (const auto& choice : spec.choices) choices.emplace_back(choice);
      entry["choices"] = std::move(choices);
    }
    entry["description"] = spec.description;
    if (spec.output) entry["output"] = true;  // absent when false: older declarations keep their bytes
    if (spec.comma_separated) entry["comma_separated"] = true;  // likewise
    if (spec.path_kind != PathKind::any) entry["path_kind"] = name_of(path_kind_names, spec.path_kind, "any");
    out.push_back(std::move(entry));
  }
  return out;
}

/// Validated parameters as a component sees them. Accessors throw
/// grk::Error(invalid_argument) for an absent parameter, which only a
/// component asking for an undeclared or optional-absent name can cause.
class Params {
 public:
  explicit Params(boost::json::object values) : values_(std::move(values)) {}

  bool has(std::string_view name) const { return values_.contains(name); }
  std::string string(std::string_view name) const {
    return std::string(at(name).get_string());
  }
  std::int64_t integer(std::string_view name) const {
    const auto& v = at(name);
    return v.is_int64() ? v.get_int64() : static_cast<std::int64_t>(v.get_uint64());
  }
  double number(std::string_view name) const { return at(name).to_number<double>(); }
  bool boolean(std::string_view name) const { return at(name).get_bool(); }
  std::filesystem::path path(std::string_view name) const {
    return std::filesystem::path(std::string(at(name).get_string()));
  }
  const boost::json::object& object(std::string_view name) const { return at(name).get_object(); }
  /// A `paths` param: its (key, path) members in the order given.
  std::vector<std::pair<std::string, std::filesystem::path>> paths(std::string_view name) const {
    std::vector<std::pair<std::string, std::filesystem::path>> out;
    for (const auto& member : at(name).get_object()) {
      out.emplace_back(std::string(member.key()), std::filesystem::path(std::string(member.value().get_string())));
    }
    return out;
  }
  /// A `list` param: its strings in the order given (a comma_separated
  /// one given as a string: comma_items of it).
  std::vector<std::string> list(std::string_view name) const {
    const auto& value = at(name);
    if (value.is_string()) return comma_items(value.get_string());
    std::vector<std::string> out;
    for (const auto& item : value.get_array()) out.emplace_back(item.get_string());
    return out;
  }
  /// The raw JSON value, e.g. to keep an integer's exact representation.
  const boost::json::value& value(std::string_view name) const { return at(name); }
  const boost::json::object& all() const noexcept { return values_; }

 private:
  const boost::json::value& at(std::string_view name) const {
    if (const auto* v = values_.if_contains(name)) return *v;
    throw Error(Status::invalid_argument, "parameter '" + std::string(name) + "' was not given");
  }
  boost::json::object values_;
};

}  // namespace grk

#endif
