// read_input_file: the bytes of a file a parameter names, with the failure
// rendered as Python renders a wrapped OSError (reference 0).
#ifndef GRK_SIGNIFICANCE_INPUT_FILE_HPP
#define GRK_SIGNIFICANCE_INPUT_FILE_HPP

#include <boost/json/value.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace grk::significance {

/// The whole file. Throws grk::Error: not_found for a missing file, io_error
/// otherwise, with the message
/// `cannot read <what> '<path>': [Errno 2] No such file or directory: '<path>'`.
std::string read_input_file(const std::filesystem::path& path, std::string_view what);

/// The file read as JSON the way Python's json.loads(text) reads it. Throws
/// grk::Error(invalid_data) `<what> '<path>' is not valid UTF-8: <reason>` or
/// `<what> '<path>' is not valid JSON: <str(JSONDecodeError)>`.
boost::json::value read_json_file(const std::filesystem::path& path, std::string_view what);

}  // namespace grk::significance

#endif
