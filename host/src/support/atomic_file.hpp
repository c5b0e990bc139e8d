// A file written so that a reader never sees half of it: the results
// document, its checkpoints, a rendered report and the probe cache.
#ifndef GRK_HOST_SUPPORT_ATOMIC_FILE_HPP
#define GRK_HOST_SUPPORT_ATOMIC_FILE_HPP

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include <grk/expected.hpp>
#include <grk/json/text_cursor.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// A file's text, handed piece by piece to the sink it is given.
using TextProducer = std::function<void(const json::TextSink&)>;

/// Writes what `produce` gives to `file` through a temporary file in the same
/// folder and a rename, creating missing parent folders. The text need never
/// be whole in memory: a results document goes to disk as it is written.
Expected<void, HostError> write_file_atomically(const std::filesystem::path& file, const TextProducer& produce);

/// write_file_atomically of a text held whole.
Expected<void, HostError> write_file_atomically(const std::filesystem::path& file, std::string_view text);

/// What a file that is not a regular file is, in words ("a folder", "a FIFO",
/// "a symbolic link", "a character device", ...), from its st_mode; empty for
/// a regular file.
std::string file_kind_name(mode_t mode);

}  // namespace grk::host

#endif
