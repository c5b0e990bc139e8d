#include "modules/record.hpp"

#include <grk/abi.h>

namespace grk::host {

const char* module_status_name(ModuleStatus status) noexcept {
  switch (status) {
    case ModuleStatus::ok: return "ok";
    case ModuleStatus::not_a_plugin: return "not-a-plugin";
    case ModuleStatus::wrong_abi: return "wrong-abi";
    case ModuleStatus::incompatible_sdk: return "incompatible-sdk";
    case ModuleStatus::load_failed: return "load-failed";
    case ModuleStatus::invalid_descriptor: return "invalid-descriptor";
    case ModuleStatus::duplicate_component: return "duplicate-component";
    case ModuleStatus::unsafe_permissions: return "unsafe-permissions";
  }
  return "load-failed";
}

const char* kind_name(std::int32_t kind) noexcept {
  switch (kind) {
    case GRK_KIND_STATISTIC: return "statistic";
    case GRK_KIND_DATASET_ADAPTER: return "dataset-adapter";
    default: return "unknown";
  }
}

const char* config_key(std::int32_t kind) noexcept {
  return kind == GRK_KIND_STATISTIC ? "statistic" : "adapter";
}

}  // namespace grk::host
