#include "run/results_file.hpp"

#include <cstdio>

#include <grk/json/writer.hpp>

#include "support/atomic_file.hpp"

namespace grk::host {

Expected<void, HostError> emit_results(const boost::json::object& document, const std::string& output) {
  const std::string text = json::write_pretty(document) + "\n";
  if (output.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    return {};
  }
  if (auto written = write_file_atomically(output, text); !written) return written;
  std::fprintf(stdout, "results: %s\n", output.c_str());
  return {};
}

}  // namespace grk::host
