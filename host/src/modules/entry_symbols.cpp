#include "modules/probe.hpp"

#include <boost/dll/library_info.hpp>

#include <array>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string_view>
#include <vector>

#include <grk/abi.h>

namespace grk::host {
namespace {

// Whether the file starts with ELF's magic; none when it cannot be opened
// now (too many open files): no verdict on the file.
std::optional<bool> has_elf_magic(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::array<char, 4> magic{};
  return in.read(magic.data(), magic.size()) && std::string_view(magic.data(), 4) == "\x7f" "ELF";
}

// "grk_plugin_v12" -> 12; anything else -> -1.
long entry_abi_version(std::string_view symbol) {
  constexpr std::string_view prefix = GRK_ENTRY_SYMBOL_PREFIX;
  if (symbol.substr(0, prefix.size()) != prefix) return -1;
  const std::string_view digits = symbol.substr(prefix.size());
  if (digits.empty() || digits.size() > 6) return -1;
  long value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value;
}

}  // namespace

EntrySymbols inspect_entry_symbols(const std::filesystem::path& file) {
  EntrySymbols out;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    out.detail = "not a regular file";
    return out;
  }
  // library_info throws an unhelpful "basic_ios::clear" on a non-ELF file
  // (docs/design.md §3.3), so look at the magic first.
  const auto elf = has_elf_magic(file);
  if (!elf) {
    out.detail = "cannot open it";
    out.read_failed = true;
    return out;
  }
  if (!*elf) {
    out.detail = "not an ELF shared object";
    return out;
  }
  std::vector<std::string> symbols;
  try {
    boost::dll::library_info info(file, true);
    symbols = info.symbols(GRK_ENTRY_SECTION);
    // A module built without the SDK macro may export the symbol elsewhere.
    if (symbols.empty()) symbols = info.symbols();
  } catch (const std::exception&) {
    // What Boost.DLL says here is a stream's state ("basic_ios::clear: iostream
    // error"), which tells the user nothing; the only cause is a broken file.
    out.detail = "cannot read its symbol table: it is truncated or not a valid ELF file";
    out.read_failed = true;  // or it could not be opened again now
    return out;
  }
  long other = -1;
  for (const auto& symbol : symbols) {
    const long version = entry_abi_version(symbol);
    if (version == GRK_ABI_VERSION) {
      out.verdict = EntrySymbols::Verdict::compatible;
      return out;
    }
    if (version >= 0) other = version;
  }
  if (other >= 0) {
    out.verdict = EntrySymbols::Verdict::other_abi;
    out.other_abi_version = other;
    return out;
  }
  out.verdict = EntrySymbols::Verdict::no_entry;
  out.detail = "it exports no " GRK_ENTRY_SYMBOL_PREFIX "N entry symbol";
  return out;
}

}  // namespace grk::host
