// Where the results document goes: stdout, or a file written so that a
// reader never sees half of it.
#ifndef GRK_HOST_RUN_RESULTS_FILE_HPP
#define GRK_HOST_RUN_RESULTS_FILE_HPP

#include <boost/json/object.hpp>

#include <string>

#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// Writes the results document to stdout when `output` is empty, else to the
/// file `output` (atomically), saying so on stdout.
Expected<void, HostError> emit_results(const boost::json::object& document, const std::string& output);

}  // namespace grk::host

#endif
