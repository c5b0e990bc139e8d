// Fuzz target: the run config reader (host/src/run/config.cpp), the bytes of a
// config file as load_config hands them to parse_config.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "run/config.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto config = grk::host::parse_config(text, "fuzz/run.json");
  if (!config) {
    grk::fuzz::require_message(config.error().message);
  } else if (!config->errors.empty()) {
    grk::fuzz::require_message(config->errors.report("grk-eval run: ").message);
  } else {
    grk::fuzz::require(!config->steps.empty(), "a config was accepted without steps");
    grk::fuzz::require(config->sha256.size() == 64, "the config's digest is not 64 hex digits");
  }
  return 0;
}
