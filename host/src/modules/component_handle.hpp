// A callable component of a loaded module. Keeps its module loaded for as long
// as the handle lives, whatever happens to the registry it came from.
#ifndef GRK_HOST_MODULES_COMPONENT_HANDLE_HPP
#define GRK_HOST_MODULES_COMPONENT_HANDLE_HPP

#include <cstdint>
#include <boost/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include <grk/abi.h>
#include <grk/error.hpp>

#include "modules/loaded_module.hpp"
#include "support/component_result.hpp"

namespace grk::host {

/// What one call produced.
struct Invocation {
  Status status = Status::ok;
  ComponentResult result;  ///< when ok: the component's result
  std::string message;      ///< when not ok
  std::string hint;         ///< when not ok: what to do about it, or empty
  std::string summary;
};

/// Receives a component's log lines and progress while it runs.
struct InvocationObserver {
  std::function<void(grk_log_level, std::string_view)> log;
  std::function<void(std::string_view phase, std::uint64_t done, std::uint64_t total,
                     std::uint64_t bytes)>
      progress;
};

class ComponentHandle {
 public:
  ComponentHandle(std::shared_ptr<const LoadedModule> module, const grk_component* component)
      : module_(std::move(module)), component_(component) {}

  [[nodiscard]] std::string name() const { return component_->name; }
  [[nodiscard]] std::int32_t kind() const noexcept { return component_->kind; }
  [[nodiscard]] const LoadedModule& module() const noexcept { return *module_; }

  /// Calls the component with a JSON object of parameters. Never throws for
  /// anything the component does: a status, a message or an exception that
  /// escaped a non-SDK plugin all become a failed Invocation.
  [[nodiscard]] Invocation invoke(std::string_view params_json, const InvocationObserver& observer = {}) const;

  /// Whether the component has a pre-run check (grk_component::validate,
  /// SDK 1.1.0), read only when the module's entries are large enough to
  /// hold it (docs/design.md §2.2).
  [[nodiscard]] bool has_validate() const noexcept;

  /// The component's pre-run check of `params_json`: ok (with no result)
  /// when it finds nothing wrong or has no check; otherwise the status and
  /// message it reported, or the host's verdict as for invoke().
  [[nodiscard]] Invocation validate(std::string_view params_json, const InvocationObserver& observer = {}) const;

 private:
  std::shared_ptr<const LoadedModule> module_;
  const grk_component* component_;
};

}  // namespace grk::host

#endif
