// Filling memory costs a page fault per 4 KiB page, and a miss of the
// translation cache per page touched, on the machines grk-eval runs on: a
// third of a large run's time, and of a TREC-size run's. glibc's malloc can
// take its memory in 2 MiB pages instead, but reads how only from
// GLIBC_TUNABLES, when a program starts; so grk-eval starts itself again
// with them when its arguments name large inputs, and for smaller ones asks
// for the same pages itself, without the second start (docs/design.md §4.19).
#ifndef GRK_HOST_CLI_INPUT_HEAP_HPP
#define GRK_HOST_CLI_INPUT_HEAP_HPP

#include <cstdint>

namespace grk::host {

/// Inputs of this many bytes or more get the huge-page heap (64 MiB: a
/// MS MARCO dev run is 250 MB, a TREC track's run 2 MB).
inline constexpr std::uint64_t large_input_bytes = std::uint64_t{1} << 26;

/// What GLIBC_TUNABLES gains: malloc on transparent huge pages, growing its
/// heap 64 MiB at a time so that its pages can be huge.
inline constexpr const char* large_input_tunables = "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864";

/// The bytes of the regular files `argv` names: each argument, each of its
/// comma-separated items or the part of one after any of its '='
/// (NAME=PATH, --set key=value, key=NAME=PATH), the strings of a JSON value
/// given after '=', and the strings of a JSON config file named (relative
/// to its folder), but not the file an output option names (-o, --output,
/// --results, --report). Only stats files, but reads a config of at most
/// 1 MiB; never fails.
std::uint64_t named_input_bytes(const char* const* argv);

/// Called first thing by main, unless GLIBC_TUNABLES says already how
/// malloc uses huge pages. When the files `argv` names hold at least
/// large_input_bytes, re-executes this program (/proc/self/exe, the same
/// arguments) with large_input_tunables added to GLIBC_TUNABLES. When they
/// hold fewer (or the exec failed), asks glibc for the same in this process:
/// the main heap grown 64 MiB at a time and advised to the kernel as huge
/// pages from its first 2 MiB boundary on, blocks of up to 32 MiB taken
/// from it, and every thread allocating from it (one arena: the arenas glibc
/// makes for other threads would be on small pages); best effort, where the
/// heap cannot grow the usual one. When `argv` names no file (--version,
/// --help), the usual heap.
void use_huge_pages_for_inputs(char** argv);

}  // namespace grk::host

#endif
