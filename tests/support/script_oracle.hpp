// tests/support/script_oracle.hpp: running a reference interpreter (CPython,
// R) on a script at test time, the transport the parity oracles share.
#ifndef GRK_TESTS_SUPPORT_SCRIPT_ORACLE_HPP
#define GRK_TESTS_SUPPORT_SCRIPT_ORACLE_HPP

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <unistd.h>

namespace grk::test {

/// Writes `script` (file name ending `extension`) and `input` to temporary
/// files, runs `interpreter 'script' 'input'` through the shell and returns
/// its stdout, or nullopt if it failed. Both files are removed afterwards.
inline std::optional<std::string> run_script(const std::string& interpreter, const std::string& extension,
                                             const std::string& script, const std::string& input) {
  static int counter = 0;
  const std::filesystem::path directory = std::filesystem::temp_directory_path();
  const std::string stem = "grk-oracle-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const std::filesystem::path script_path = directory / (stem + extension);
  const std::filesystem::path input_path = directory / (stem + ".in");
  std::ofstream(script_path, std::ios::binary) << script;
  std::ofstream(input_path, std::ios::binary) << input;
  const std::string command = interpreter + " '" + script_path.string() + "' '" + input_path.string() + "'";
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
