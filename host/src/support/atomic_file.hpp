// A file written so that a reader never sees half of it: the results
// document, its checkpoints, a rendered report and the probe cache.
#ifndef GRK_HOST_SUPPORT_ATOMIC_FILE_HPP
#define GRK_HOST_SUPPORT_ATOMIC_FILE_HPP

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// Writes `text` to `file` through a temporary file in the same folder and a
/// rename, creating missing parent folders.
Expected<void, HostError> write_file_atomically(const std::filesystem::path& file, std::string_view text);

/// What a file that is not a regular file is, in words ("a folder", "a FIFO",
/// "a symbolic link", "a character device", ...), from its st_mode; empty for
/// a regular file.
std::string file_kind_name(mode_t mode);

}  // namespace grk::host

#endif
