// tests/significance/support/r_oracle.hpp: ask R at test time.
//
// The comparison statistics have no groundkit reference; R 4.2, as Debian 12
// ships it (r-base-core), is the statisticians' own tool and the reference. A
// test that needs it declares `* boost::unit_test::precondition(grk::test::r_available)`,
// so a machine without Rscript skips the test with a message instead of failing.
#ifndef GRK_TESTS_SIGNIFICANCE_SUPPORT_R_ORACLE_HPP
#define GRK_TESTS_SIGNIFICANCE_SUPPORT_R_ORACLE_HPP

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <unistd.h>

namespace grk::test {

inline const char* rscript_executable() {
  const char* configured = std::getenv("GRK_RSCRIPT");
  return configured != nullptr && *configured != '\0' ? configured : "Rscript";
}

/// A precondition for Boost.Test: Rscript runs and is R 4.x.
struct RAvailable {
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    static const bool ok = [] {
      const std::string command = std::string(rscript_executable()) +
                                  " -e \"quit(status = if (R.version\\$major == '4') 0 else 1)\" >/dev/null 2>&1";
      return std::system(command.c_str()) == 0;
    }();
    boost::test_tools::assertion_result result(ok);
    if (!ok) result.message() << "Rscript (R 4) is not available; R parity test skipped";
    return result;
  }
};
inline const RAvailable r_available{};

/// Runs the R `script` with Rscript, giving it the path of a file holding
/// `input` as commandArgs(trailingOnly = TRUE)[1]; returns stdout, or nullopt
/// if R failed. Print doubles with sprintf("%.17g", x) so they cross exactly.
inline std::optional<std::string> run_r(const std::string& script, const std::string& input) {
  static int counter = 0;
  const std::filesystem::path directory = std::filesystem::temp_directory_path();
  const std::string stem = "grk-r-oracle-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const std::filesystem::path script_path = directory / (stem + ".R");
  const std::filesystem::path input_path = directory / (stem + ".in");
  std::ofstream(script_path, std::ios::binary) << script;
  std::ofstream(input_path, std::ios::binary) << input;
  const std::string command = std::string(rscript_executable()) + " --vanilla '" + script_path.string() +
                              "' '" + input_path.string() + "' 2>/dev/null";
  std::string output;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe != nullptr) {
    char buffer[65536];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  }
  const int status = pipe != nullptr ? ::pclose(pipe) : -1;
  std::filesystem::remove(script_path);
  std::filesystem::remove(input_path);
  if (status != 0) return std::nullopt;
  return output;
}

}  // namespace grk::test

#endif
