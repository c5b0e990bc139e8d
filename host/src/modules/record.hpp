// What the host knows about one plugin module file: its status and, when it
// loaded, its metadata; produced without keeping the module loaded. And the
// record as JSON: how a probe process reports what it found, and the shape
// `grk-eval plugins --json` prints.
#ifndef GRK_HOST_MODULES_RECORD_HPP
#define GRK_HOST_MODULES_RECORD_HPP

#include <boost/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/abi.h>
#include <grk/enum_names.hpp>
#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "support/host_error.hpp"

namespace grk::host {

enum class ModuleStatus {
  ok,
  not_a_plugin,        ///< not a shared object, or no grk entry symbol
  wrong_abi,           ///< entry symbol for another ABI version
  incompatible_sdk,    ///< same ABI, newer SDK minor than the host
  load_failed,         ///< the loader refused it, or it crashed while loading
  invalid_descriptor,  ///< loaded, but its descriptor breaks the ABI's rules
  duplicate_component, ///< provides a component another module provides too
  unsafe_permissions,  ///< another user could have written the file (never loaded)
};

/// The words for the statuses in listings and JSON (docs/design.md §4.4).
inline constexpr EnumName<ModuleStatus> module_status_names[] = {
    {ModuleStatus::ok, "ok"},
    {ModuleStatus::not_a_plugin, "not-a-plugin"},
    {ModuleStatus::wrong_abi, "wrong-abi"},
    {ModuleStatus::incompatible_sdk, "incompatible-sdk"},
    {ModuleStatus::load_failed, "load-failed"},
    {ModuleStatus::invalid_descriptor, "invalid-descriptor"},
    {ModuleStatus::duplicate_component, "duplicate-component"},
    {ModuleStatus::unsafe_permissions, "unsafe-permissions"},
};

/// The word used for a status in listings and JSON, e.g. "wrong-abi".
[[nodiscard]] inline const char* module_status_name(ModuleStatus status) noexcept {
  return name_of(module_status_names, status, "load-failed");
}

struct ComponentRecord {
  std::string name;
  std::int32_t kind = 0;  ///< grk_kind
  std::string description;
  std::vector<ParamSpec> params;
};

struct ModuleRecord {
  std::filesystem::path file;
  ModuleStatus status = ModuleStatus::ok;
  std::string reason;  ///< why the status is not ok: one line, names both versions or files
  // Metadata, when the module's descriptor could be read.
  std::string name;
  std::string version;
  std::uint32_t abi_version = 0;
  std::string sdk_version;  ///< "major.minor.patch"
  std::vector<ComponentRecord> components;
  /// A verdict on the file alone, which holds while the file is unchanged;
  /// false when a limit or the moment decided (a failed open, pipe or fork,
  /// a crash or a timeout while loading): such a record is never cached
  /// (docs/design.md §4.12). Not part of the JSON form.
  bool lasting = true;
};

/// The words for the component kinds (grk_kind) in listings and JSON.
inline constexpr EnumName<std::int32_t> kind_names[] = {
    {GRK_KIND_STATISTIC, "statistic"},
    {GRK_KIND_DATASET_ADAPTER, "dataset-adapter"},
};

/// "statistic" or "dataset-adapter" (or "unknown").
[[nodiscard]] inline const char* kind_name(std::int32_t kind) noexcept {
  return name_of(kind_names, kind, "unknown");
}

/// The key a config step names a component of `kind` with: "statistic" or
/// "adapter".
[[nodiscard]] inline const char* config_key(std::int32_t kind) noexcept {
  return kind == GRK_KIND_STATISTIC ? "statistic" : "adapter";
}

[[nodiscard]] boost::json::object component_to_json(const ModuleRecord& module,
                                                    const ComponentRecord& component);
[[nodiscard]] boost::json::object module_to_json(const ModuleRecord& module);
/// The inverse of module_to_json, or what keeps `json` from being one.
Expected<ModuleRecord, HostError> module_from_json(const boost::json::value& json);

}  // namespace grk::host

#endif
