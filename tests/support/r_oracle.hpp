// tests/support/r_oracle.hpp: ask R at test time.
//
// The comparison statistics have no groundkit reference; R 4.2, as Debian 12
// ships it (r-base-core), is the statisticians' own tool and the reference. A
// test that needs it declares `* boost::unit_test::precondition(grk::test::r_available)`,
// so a machine without Rscript skips the test with a message instead of failing.
#ifndef GRK_TESTS_SIGNIFICANCE_SUPPORT_R_ORACLE_HPP
#define GRK_TESTS_SIGNIFICANCE_SUPPORT_R_ORACLE_HPP

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <optional>
#include <string>

#include "script_oracle.hpp"

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
  return run_script(std::string(rscript_executable()) + " --vanilla 2>/dev/null", ".R", script, input);
}

}  // namespace grk::test

#endif
