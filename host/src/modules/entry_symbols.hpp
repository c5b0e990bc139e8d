// Classifies a file by its symbol table alone, without running any of its
// code (docs/design.md §3.3).
#ifndef GRK_HOST_MODULES_ENTRY_SYMBOLS_HPP
#define GRK_HOST_MODULES_ENTRY_SYMBOLS_HPP

#include <filesystem>
#include <string>

namespace grk::host {

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
};

[[nodiscard]] EntrySymbols inspect_entry_symbols(const std::filesystem::path& file);

}  // namespace grk::host

#endif
