// WordWait: one thread waits for a 32-bit word that another sets, spinning
// briefly and then asleep in the kernel, so that a wait on a descheduled
// thread leaves the core to others (resampling/parallel_means.cpp).
#ifndef GRK_SIGNIFICANCE_RESAMPLING_WORD_WAIT_HPP
#define GRK_SIGNIFICANCE_RESAMPLING_WORD_WAIT_HPP

#include <atomic>
#include <chrono>
#include <cstdint>

namespace grk::significance {

/// The waits on the words of one run. A word is set with set(), never a
/// plain store: set() wakes a thread that has gone to sleep on it.
class WordWait {
 public:
  /// `longest_sleep`: how long a sleep lasts at most before until() looks at
  /// its `stop` again (tests lengthen it to see that set() wakes sleepers).
  explicit WordWait(std::chrono::nanoseconds longest_sleep = std::chrono::milliseconds(1)) noexcept
      : longest_sleep_(longest_sleep) {}

  /// Stores `value` in `word` (release), and wakes the threads asleep on it.
  /// The wake is a system call, made only while some thread sleeps.
  void set(std::atomic<std::uint32_t>& word, std::uint32_t value) noexcept;

  /// Returns true once `word` holds `value` (acquire), false if `stop` is
  /// set first. Spins for a few tens of microseconds (a chunk's work or two),
  /// then sleeps until set() wakes it; a sleep also ends after `longest_sleep` to look
  /// at `stop`, which is set without a wake.
  bool until(const std::atomic<std::uint32_t>& word, std::uint32_t value, const std::atomic<bool>& stop) noexcept;

 private:
  // Starts a cache line, away from the words the threads write: every set()
  // reads it.
  alignas(64) std::atomic<std::uint32_t> sleepers_{0};
  std::chrono::nanoseconds longest_sleep_;
};

}  // namespace grk::significance

#endif
