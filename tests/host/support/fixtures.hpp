// Where the fixture plugin sets and the grk-eval binary are, and small file
// helpers. The build tree is found through GRK_BINARY_DIR, which grk_add_test
// sets (no machine paths in the repo).
#ifndef GRK_TESTS_HOST_FIXTURES_HPP
#define GRK_TESTS_HOST_FIXTURES_HPP

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace grk::test {

inline std::filesystem::path binary_dir() {
  const char* dir = std::getenv("GRK_BINARY_DIR");
  if (dir == nullptr || *dir == '\0') {
    throw std::runtime_error("GRK_BINARY_DIR is not set; run this test through ctest");
  }
  return dir;
}

/// The source tree (GRK_SOURCE_DIR, set by grk_add_test).
inline std::filesystem::path source_dir() {
  const char* dir = std::getenv("GRK_SOURCE_DIR");
  if (dir == nullptr || *dir == '\0') {
    throw std::runtime_error("GRK_SOURCE_DIR is not set; run this test through ctest");
  }
  return dir;
}

/// A folder of fixture modules: good, throwing, broken, duplicate, aborting,
/// noisy (tests/fixtures/CMakeLists.txt).
inline std::filesystem::path fixture_set(std::string_view name) {
  return binary_dir() / "tests" / "fixtures" / std::string(name);
}

inline std::filesystem::path fixture_module(std::string_view set, std::string_view file) {
  return fixture_set(set) / std::string(file);
}

inline std::filesystem::path grk_eval_binary() { return binary_dir() / "bin" / "grk-eval"; }

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline void write_text(const std::filesystem::path& file, std::string_view text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + file.string());
}

/// The lines of a text, without their '\n'.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// The pids that loaded `module` (fixture_load_log.h), in order, from the log
/// GRK_FIXTURE_LOAD_LOG named; none when the log does not exist.
inline std::vector<std::string> load_log_pids(const std::filesystem::path& log, const std::string& module) {
  std::vector<std::string> pids;
  std::error_code ec;
  if (!std::filesystem::exists(log, ec)) return pids;
  for (const auto& line : lines_of(read_text(log))) {
    if (line.rfind(module + " ", 0) == 0) pids.push_back(line.substr(module.size() + 1));
  }
  return pids;
}

/// A fresh folder under the system's temporary folder, removed with its
/// contents at the end of the scope.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "grk-host-test-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const noexcept { return path_; }
  std::filesystem::path operator/(std::string_view name) const { return path_ / std::string(name); }

 private:
  std::filesystem::path path_;
};

}  // namespace grk::test

#endif
