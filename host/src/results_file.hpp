// Writes the results document so that a reader never sees half of it.
#ifndef GRK_HOST_RESULTS_FILE_HPP
#define GRK_HOST_RESULTS_FILE_HPP

#include <filesystem>
#include <string>
#include <string_view>

namespace grk::host {

/// Writes `text` to `file` through a temporary file in the same folder and a
/// rename, creating missing parent folders. Returns an error message, or
/// empty on success.
std::string write_file_atomically(const std::filesystem::path& file, std::string_view text);

}  // namespace grk::host

#endif
