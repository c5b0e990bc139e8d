// Fuzz target: the judgments loader (parse_judgments,
// <grk/groundkit/judgments/load_judgments.hpp>), after the UTF-8 check that
// load_judgments does first.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/python/utf8.hpp>

#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (!grk::python::validate_utf8(bytes)) return 0;
  const auto judgments = grk::judgments::parse_judgments(bytes, "judgments.jsonl");
  if (!judgments) {
    grk::fuzz::require_message(judgments.error().message);
    return 0;
  }
  for (std::size_t i = 1; i < judgments->size(); ++i) {
    grk::fuzz::require((*judgments)[i - 1].query_id < (*judgments)[i].query_id,
                       "judgments were accepted out of order");
  }
  return 0;
}
