// tests/support/host_run.hpp: `grk-eval run` as a user runs it, for the
// plugins' end-to-end tests: in a folder, with the results document written
// to a file there, stdout and stderr together.
#ifndef GRK_TESTS_SUPPORT_HOST_RUN_HPP
#define GRK_TESTS_SUPPORT_HOST_RUN_HPP

#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <grk/json/reader.hpp>

namespace grk::test {

struct HostRun {
  int exit_code = -1;
  std::string out;               ///< stdout and stderr
  boost::json::value results;    ///< the results document, null when none was written
};

/// Runs `HOST run ARGUMENTS --output FOLDER/results.json` with FOLDER as the
/// working folder (ARGUMENTS are shell words, quoted by the caller).
inline HostRun run_host(const std::filesystem::path& host, const std::filesystem::path& folder,
                        const std::string& arguments) {
  const std::filesystem::path results = folder / "results.json";
  std::filesystem::remove(results);
  const std::string command = "cd '" + folder.string() + "' && '" + host.string() + "' run " + arguments +
                              " --output '" + results.string() + "' 2>&1";
  HostRun run;
  FILE* pipe = ::popen(command.c_str(), "r");
  BOOST_REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, got);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (std::filesystem::exists(results)) {
    std::ifstream in(results, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    run.results = grk::json::read(text.str()).value();
  }
  return run;
}

}  // namespace grk::test

#endif
