// Where the results document goes: stdout, or a file written so that a
// reader never sees half of it.
#ifndef GRK_HOST_RUN_RESULTS_FILE_HPP
#define GRK_HOST_RUN_RESULTS_FILE_HPP

#include <boost/json/object.hpp>

#include <filesystem>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// Writes `text` to `file` through a temporary file in the same folder and a
/// rename, creating missing parent folders.
Expected<void, HostError> write_file_atomically(const std::filesystem::path& file, std::string_view text);

/// Writes the results document to stdout when `output` is empty, else to the
/// file `output` (atomically), saying so on stdout.
Expected<void, HostError> emit_results(const boost::json::object& document, const std::string& output);

}  // namespace grk::host

#endif
