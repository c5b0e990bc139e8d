#include "jsonl_loader.hpp"

#include <grk/error.hpp>
#include <grk/json/reader.hpp>
#include <grk/python/text.hpp>

#include "python_path.hpp"
#include "source_lines.hpp"

namespace grk::beir {

// The fast scanner decides the common case; the full reader gives Python's
// exact result (or message) for everything else.
bool parse_jsonl_line(std::string_view line, const std::string& path, std::uint64_t number, RecordFields& fields,
                      std::optional<std::string>& problem) {
  if (scan_record_fields(line, fields)) return true;
  const auto value = json::read(line);
  if (!value) {
    problem = "invalid JSON in " + path + " line " + std::to_string(number) + ": " + value.error().message;
    return false;
  }
  if (!value->is_object()) {
    problem = path + " line " + std::to_string(number) + " must be a JSON object";
    return false;
  }
  fields = fields_of(value->get_object());
  return true;
}

[[noreturn]] void rethrow_read_problem(const std::string& path) {
  try {
    throw;
  } catch (const InvalidUtf8& error) {
    throw Error(Status::invalid_data, "BEIR file " + python::repr(path) + " is not valid UTF-8: " + error.what());
  } catch (const ReadFailed& error) {
    throw Error(Status::io_error,
                "cannot read BEIR file " + python::repr(path) + ": " + os_error_text(error.errno_value, path));
  }
}

}  // namespace grk::beir
