#include "run/progress.hpp"

namespace grk::host {

void ProgressLine::update(std::string_view label, std::string_view phase, std::uint64_t done,
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

void ProgressLine::clear() {
  if (!drawn_) return;
  std::fprintf(out_, "\r\x1b[2K");
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace grk::host
