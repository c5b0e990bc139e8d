// Fuzz target: the EvalReport reader (read_eval_report_text,
// <grk/groundkit/report/eval_report.hpp>). Callers hand it checked UTF-8, so
// other bytes stop at the UTF-8 check, as in a statistic reading a report.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <grk/groundkit/report/eval_report.hpp>
#include <grk/python/utf8.hpp>

#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (auto utf8 = grk::python::validate_utf8(bytes); !utf8) {
    grk::fuzz::require_message(utf8.error());
    return 0;
  }
  const auto report = grk::report::read_eval_report_text(bytes);
  if (!report) grk::fuzz::require_message(report.error().describe());
  return 0;
}
