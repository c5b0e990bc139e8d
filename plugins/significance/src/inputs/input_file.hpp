// read_input_file and read_json_file: the bytes, then the JSON, of a file a
// parameter names, with each failure rendered as Python renders it (a wrapped
// OSError, docs/behaviour/python-compat.md §3; a UnicodeDecodeError; a JSONDecodeError).
#ifndef GRK_SIGNIFICANCE_INPUTS_INPUT_FILE_HPP
#define GRK_SIGNIFICANCE_INPUTS_INPUT_FILE_HPP

#include <boost/json/value.hpp>

#include <filesystem>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

namespace grk::significance {

/// The whole file. Fails with not_found for a missing file, io_error
/// otherwise, with the message
/// `cannot read <what> '<path>': [Errno 2] No such file or directory: '<path>'`.
Expected<std::string> read_input_file(const std::filesystem::path& path, std::string_view what);

/// The file read as JSON the way Python's json.loads(text) reads it. Fails as
/// read_input_file does, or with invalid_data
/// `<what> '<path>' is not valid UTF-8: <reason>` or
/// `<what> '<path>' is not valid JSON: <str(JSONDecodeError)>`.
Expected<boost::json::value> read_json_file(const std::filesystem::path& path, std::string_view what);

}  // namespace grk::significance

#endif
