// Classifies a module file without running its code in the host: first by
// its symbol table alone (docs/design.md §3.3), then, for a module of this
// ABI, by reading its metadata in a child process, so that a module whose
// static initialisers crash or abort is reported instead of taking the host
// down (GStreamer's plugin scanner does the same).
#ifndef GRK_HOST_MODULES_PROBE_HPP
#define GRK_HOST_MODULES_PROBE_HPP

#include <chrono>
#include <filesystem>
#include <string>

#include "modules/module_file.hpp"
#include "modules/record.hpp"

namespace grk::host {

/// What a file's symbol table says (modules/entry_symbols.cpp).
struct EntrySymbols {
  enum class Verdict {
    compatible,  ///< exports the entry symbol of this host's ABI
    other_abi,   ///< exports only an entry symbol of another ABI
    no_entry,    ///< a shared object without any grk entry symbol
    unreadable,  ///< not a shared object this platform can read
  };
  Verdict verdict = Verdict::unreadable;
  long other_abi_version = 0;  ///< for other_abi
  std::string detail;          ///< for unreadable / no_entry
  /// unreadable because reading failed, which a limit (too many open files)
  /// may cause: no lasting verdict on the file.
  bool read_failed = false;
};

[[nodiscard]] EntrySymbols inspect_entry_symbols(const std::filesystem::path& file);

/// Classifies the opened `file` by its symbol table; when it looks like a
/// module of this ABI, loads it (through its descriptor) in a forked child
/// and returns what the child read. Never loads the module into this
/// process. A record that a limit or the moment decided (no pipe or process
/// for the probe, a crash, an exit or a timeout while loading) is not
/// `lasting`.
[[nodiscard]] ModuleRecord probe_module(const ModuleFile& file,
                                        std::chrono::milliseconds timeout = std::chrono::seconds(30));

/// The same for a path, opened without the checks of docs/design.md §4.11.
[[nodiscard]] ModuleRecord probe_module(const std::filesystem::path& file,
                                        std::chrono::milliseconds timeout = std::chrono::seconds(30));

}  // namespace grk::host

#endif
