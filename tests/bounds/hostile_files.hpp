// Hostile inputs generated at test time (docs/design.md §8.8): a temporary
// folder, and files written as runs of a repeated piece, so that a file of
// tens of MiB is never built whole in the test's memory.
#ifndef GRK_TESTS_BOUNDS_HOSTILE_FILES_HPP
#define GRK_TESTS_BOUNDS_HOSTILE_FILES_HPP

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <system_error>

namespace grk_test {

/// A fresh folder under the system's temporary folder (resolved: the BEIR
/// messages name resolved paths), removed with its contents at scope end.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "grk-bounds-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = std::filesystem::canonical(pattern);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

/// `text` written `times` times in a row.
struct Run {
  std::string text;
  std::size_t times = 1;
};

/// A string of `n` repetitions of `text`, for inputs small enough to hold.
inline std::string repeated(const std::string& text, std::size_t n) {
  std::string out;
  out.reserve(text.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += text;
  return out;
}

/// Writes the runs one after the other; returns the file's size.
inline std::size_t write_runs(const std::filesystem::path& file, std::initializer_list<Run> runs) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  std::size_t size = 0;
  for (const Run& run : runs) {
    // Whole blocks of about 1 MiB, so a run of single bytes is not written byte by byte.
    const std::size_t per_block = run.text.empty() ? 1 : std::max<std::size_t>(1, (1u << 20) / run.text.size());
    const std::string block = repeated(run.text, per_block);
    std::size_t left = run.times;
    for (; left >= per_block; left -= per_block) out << block;
    for (; left > 0; --left) out << run.text;
    size += run.text.size() * run.times;
  }
  if (!out.flush()) throw std::runtime_error("cannot write " + file.string());
  return size;
}

}  // namespace grk_test

#endif
