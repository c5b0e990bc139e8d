// tests/python/support/python_oracle.hpp: ask CPython at test time.
//
// Parity tests compare our output with python3 (docs/design.md §8.1; docs/behaviour/python-compat.md
// §1 names CPython 3.11 as the reference). A test that needs python3
// declares `* boost::unit_test::precondition(grk::test::python_available)`, so a
// machine without it skips the test with a message instead of failing.
#ifndef GRK_TESTS_PYTHON_SUPPORT_PYTHON_ORACLE_HPP
#define GRK_TESTS_PYTHON_SUPPORT_PYTHON_ORACLE_HPP

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "script_oracle.hpp"

namespace grk::test {

inline const char* python_executable() {
  const char* configured = std::getenv("GRK_PYTHON");
  return configured != nullptr && *configured != '\0' ? configured : "python3";
}

/// A precondition for Boost.Test: python3 runs and is CPython 3.11.
struct PythonAvailable {
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    static const bool ok = [] {
      const std::string command = std::string(python_executable()) +
                                  " -c \"import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else 1)\" 2>/dev/null";
      return std::system(command.c_str()) == 0;
    }();
    boost::test_tools::assertion_result result(ok);
    if (!ok) result.message() << "python3 (CPython 3.11) is not available; parity test skipped";
    return result;
  }
};
inline const PythonAvailable python_available{};

/// Runs `script` with python3, giving it the path of a file holding `input`
/// as sys.argv[1]; returns stdout, or nullopt if python failed.
inline std::optional<std::string> run_python(const std::string& script, const std::string& input) {
  return run_script(python_executable(), ".py", script, input);
}

/// Lowercase hex of the bytes, the transport for arbitrary test inputs.
inline std::string to_hex(const std::string& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    out += digits[static_cast<unsigned char>(c) >> 4];
    out += digits[static_cast<unsigned char>(c) & 0xF];
  }
  return out;
}

/// Splits python's output into lines on '\n' only.
inline std::vector<std::string> output_lines(const std::string& output) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < output.size(); ++i) {
    if (output[i] == '\n') {
      lines.push_back(output.substr(start, i - start));
      start = i + 1;
    }
  }
  if (start < output.size()) lines.push_back(output.substr(start));
  return lines;
}

}  // namespace grk::test

#endif
