// Fuzz target: per-query runs files (parse_run_text,
// plugins/significance/src/inputs/run_files.cpp), each input read in both formats.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <grk/eval/run_files.hpp>
#include <grk/python/utf8.hpp>

#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (!grk::python::validate_utf8(bytes)) return 0;
  for (const auto format : {grk::eval::RunsFormat::trec_eval, grk::eval::RunsFormat::ir_measures}) {
    const auto scores = grk::eval::parse_run_text(bytes, format, "fuzz.txt");
    if (!scores) {
      grk::fuzz::require_message(scores.error().message);
      continue;
    }
    grk::fuzz::require(!scores->empty(), "a runs file was accepted with no scores");
    for (const auto& [measure, by_query] : *scores) {
      grk::fuzz::require(!measure.empty(), "a runs file gave an empty measure name");
      for (const auto& [query, score] : by_query) {
        grk::fuzz::require(!query.empty(), "a runs file gave an empty query id");
        grk::fuzz::require(std::isfinite(score), "a runs file gave a non-finite score");
      }
    }
  }
  return 0;
}
