// Runs the real grk-eval binary the way a user does, with a search path made
// only of the fixture sets a test names.
#ifndef GRK_TESTS_HOST_GRK_EVAL_HPP
#define GRK_TESTS_HOST_GRK_EVAL_HPP

#include <boost/json.hpp>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "fixtures.hpp"
#include "subprocess.hpp"

namespace grk::test {

/// Runs `grk-eval ARGS...`. A GRK_PLUGIN_PATH of the caller's environment is
/// removed unless `options` sets one, so tests see only what they ask for.
inline ProcessResult grk_eval(std::vector<std::string> args, ProcessOptions options = {}) {
  args.insert(args.begin(), grk_eval_binary().string());
  options.env.emplace("GRK_PLUGIN_PATH", std::nullopt);
  return run_process(args, options);
}

/// "--no-default-plugins --plugin-dir <set>..." for the named fixture sets.
inline std::vector<std::string> only_fixtures(std::initializer_list<std::string_view> sets) {
  std::vector<std::string> args{"--no-default-plugins"};
  for (auto set : sets) {
    args.push_back("--plugin-dir");
    args.push_back(fixture_set(set).string());
  }
  return args;
}

inline std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// Parses a JSON document with the project's reader; fails the test with the
/// text when it is not JSON.
inline boost::json::value parse_json(const std::string& text) {
  auto value = json::read(text);
  if (!value) throw std::runtime_error("not JSON (" + value.error().describe() + "): " + text);
  return *value;
}

/// The hex SHA-256 of a file, computed by Python's hashlib: an oracle
/// independent of the host's own implementation.
inline std::string python_sha256(const std::filesystem::path& file) {
  const auto result = run_process(
      {"/usr/bin/env", "python3", "-c",
       "import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())",
       file.string()});
  if (result.exit_code != 0) throw std::runtime_error("python3 failed: " + result.err);
  return result.out.substr(0, result.out.find('\n'));
}

}  // namespace grk::test

#endif
