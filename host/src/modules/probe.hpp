// Reads a module's metadata in a child process, so that a module whose static
// initialisers crash or abort is reported instead of taking the host down
// (GStreamer's plugin scanner does the same).
#ifndef GRK_HOST_MODULES_PROBE_HPP
#define GRK_HOST_MODULES_PROBE_HPP

#include <chrono>
#include <filesystem>

#include "modules/record.hpp"

namespace grk::host {

/// Classifies `file` by its symbol table; when it looks like a module of this
/// ABI, loads it in a forked child and returns what the child read. Never
/// loads the module into this process.
[[nodiscard]] ModuleRecord probe_module(const std::filesystem::path& file,
                          std::chrono::milliseconds timeout = std::chrono::seconds(30));

}  // namespace grk::host

#endif
