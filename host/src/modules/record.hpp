// What the host knows about one plugin module file: its status and, when it
// loaded, its metadata. Produced without keeping the module loaded.
#ifndef GRK_HOST_MODULES_RECORD_HPP
#define GRK_HOST_MODULES_RECORD_HPP

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <grk/param.hpp>

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

/// The word used for a status in listings and JSON, e.g. "wrong-abi".
[[nodiscard]] const char* module_status_name(ModuleStatus status) noexcept;

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
};

/// "statistic" or "dataset-adapter" (or "unknown").
[[nodiscard]] const char* kind_name(std::int32_t kind) noexcept;

/// The key a config step names a component of `kind` with: "statistic" or
/// "adapter".
[[nodiscard]] const char* config_key(std::int32_t kind) noexcept;

}  // namespace grk::host

#endif
