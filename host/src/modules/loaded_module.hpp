// A plugin module loaded into this process, and the rules its descriptor
// must keep (docs/design.md §2.3).
#ifndef GRK_HOST_MODULES_LOADED_MODULE_HPP
#define GRK_HOST_MODULES_LOADED_MODULE_HPP

#include <boost/dll/shared_library.hpp>

#include <filesystem>
#include <memory>
#include <string>

#include <grk/abi.h>
#include <grk/expected.hpp>

#include "support/host_error.hpp"
#include "modules/record.hpp"

namespace grk::host {

/// Owns the OS handle of one loaded module. Always held by shared_ptr: every
/// component handle keeps its module loaded, so nothing from the module (code,
/// strings, descriptors) can outlive it. Modules are never unloaded early.
class LoadedModule {
 public:
  /// Loads `file` (RTLD_NOW | RTLD_LOCAL, so an unresolved symbol fails here)
  /// and calls its entry function. A failure carries the loader's own text.
  static Expected<std::shared_ptr<LoadedModule>, HostError> open(const std::filesystem::path& file);

  [[nodiscard]] const std::filesystem::path& file() const noexcept { return file_; }
  /// The descriptor; null when the entry function returned none.
  [[nodiscard]] const grk_module* descriptor() const noexcept { return descriptor_; }
  /// Component `index`, walking the array with the plugin's own stride.
  [[nodiscard]] const grk_component* component(std::uint32_t index) const noexcept;

 private:
  LoadedModule(std::filesystem::path file, boost::dll::shared_library library)
      : file_(std::move(file)), library_(std::move(library)) {}

  std::filesystem::path file_;
  boost::dll::shared_library library_;
  const grk_module* descriptor_ = nullptr;
};

/// Checks a loaded module's descriptor against this host's ABI and reads its
/// metadata. The record's status says whether the module may be used.
[[nodiscard]] ModuleRecord read_module_record(const LoadedModule& module);

}  // namespace grk::host

#endif
