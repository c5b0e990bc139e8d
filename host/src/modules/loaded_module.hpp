// A plugin module loaded into this process, and the rules its descriptor
// must keep (docs/design.md §2.3).
#ifndef GRK_HOST_MODULES_LOADED_MODULE_HPP
#define GRK_HOST_MODULES_LOADED_MODULE_HPP

#include <boost/dll/shared_library.hpp>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <grk/abi.h>
#include <grk/expected.hpp>

#include "support/host_error.hpp"
#include "modules/module_file.hpp"
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
  /// The same through the descriptor of an opened file (`/proc/self/fd/N`),
  /// never its path: what was checked is what is loaded
  /// (docs/design.md §4.11). The descriptor stays open with the module, so
  /// that its number, the name the dynamic loader knows it by, is never
  /// reused for another file.
  static Expected<std::shared_ptr<LoadedModule>, HostError> open(const ModuleFile& file);

  [[nodiscard]] const std::filesystem::path& file() const noexcept { return file_; }
  /// The descriptor; null when the entry function returned none.
  [[nodiscard]] const grk_module* descriptor() const noexcept { return descriptor_; }
  /// Marks the module never to be unloaded, not even when its last handle
  /// goes (RTLD_NODELETE): for a module that left a thread running.
  void keep_loaded_until_exit() const noexcept;
  /// Component `index`, walking the array with the plugin's own stride.
  [[nodiscard]] const grk_component* component(std::uint32_t index) const noexcept;

 private:
  LoadedModule(std::filesystem::path file, std::filesystem::path name, boost::dll::shared_library library,
               std::optional<ModuleFile> opened)
      : file_(std::move(file)), name_(std::move(name)), opened_(std::move(opened)), library_(std::move(library)) {}

  static Expected<std::shared_ptr<LoadedModule>, HostError> load(const std::filesystem::path& file,
                                                                 const std::filesystem::path& name,
                                                                 std::optional<ModuleFile> opened);

  std::filesystem::path file_;
  std::filesystem::path name_;  // what the dynamic loader was given
  std::optional<ModuleFile> opened_;
  boost::dll::shared_library library_;
  const grk_module* descriptor_ = nullptr;
};

/// Checks a loaded module's descriptor against this host's ABI and reads its
/// metadata. The record's status says whether the module may be used.
[[nodiscard]] ModuleRecord read_module_record(const LoadedModule& module);

}  // namespace grk::host

#endif
