// Renders component progress as one self-overwriting line on a terminal.
#ifndef GRK_HOST_RUN_PROGRESS_HPP
#define GRK_HOST_RUN_PROGRESS_HPP

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace grk::host {

/// Silent unless enabled (the host enables it only when stderr is a terminal,
/// so logs and CI output never fill with carriage returns). Redraws at most
/// ten times a second.
class ProgressLine {
 public:
  ProgressLine(std::FILE* out, bool enabled) : out_(out), enabled_(enabled) {}
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void update(std::string_view label, std::string_view phase, std::uint64_t done,
              std::uint64_t total, std::uint64_t bytes);
  /// Erases the line, so the next output starts clean.
  void clear();

 private:
  std::FILE* out_;
  bool enabled_;
  bool drawn_ = false;
  std::string phase_;
  std::chrono::steady_clock::time_point phase_start_{};
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace grk::host

#endif
