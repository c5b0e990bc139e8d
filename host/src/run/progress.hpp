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

inline void ProgressLine::update(std::string_view label, std::string_view phase, std::uint64_t done,
                                 std::uint64_t total, std::uint64_t bytes) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (phase != phase_) {
    phase_ = phase;
    phase_start_ = now;
  } else if (now - last_draw_ < std::chrono::milliseconds(100) && done != total) {
    return;
  }
  last_draw_ = now;
  std::string line = "  " + std::string(label) + ": " + std::string(phase) + " " +
                     std::to_string(done);
  if (total > 0) line += "/" + std::to_string(total);
  const double seconds = std::chrono::duration<double>(now - phase_start_).count();
  if (bytes > 0 && seconds > 0.05) {
    char rate[32];
    std::snprintf(rate, sizeof rate, ", %.1f MB/s", static_cast<double>(bytes) / 1e6 / seconds);
    line += rate;
  }
  std::fprintf(out_, "\r\x1b[2K%s", line.c_str());
  std::fflush(out_);
  drawn_ = true;
}

inline void ProgressLine::clear() {
  if (!drawn_) return;
  std::fprintf(out_, "\r\x1b[2K");
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace grk::host

#endif
