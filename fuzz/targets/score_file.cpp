// Fuzz target: the comparisons' scores file (score_file_from_json,
// plugins/significance/src/inputs/score_file.cpp), after the UTF-8 check and JSON
// read that read_json_file does first.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <grk/eval/score_file.hpp>
#include <grk/json/reader.hpp>
#include <grk/python/utf8.hpp>

#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (!grk::python::validate_utf8(bytes)) return 0;
  const auto json = grk::json::read(bytes);
  if (!json) {
    grk::fuzz::require_message(json.error().message);
    return 0;
  }
  const auto scores = grk::eval::score_file_from_json(*json);
  if (!scores) {
    grk::fuzz::require_message(scores.error().message);
    return 0;
  }
  grk::fuzz::require(!scores->systems.empty(), "a scores file was accepted with no system");
  grk::fuzz::require(!scores->two_sided || scores->systems.size() == 2, "a two-sided scores file has not two sides");
  return 0;
}
