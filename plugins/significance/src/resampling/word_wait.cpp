#include "resampling/word_wait.hpp"

#include <cstdint>
#include <ctime>

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace grk::significance {

namespace {

// Pauses before sleeping: about 20-60 us on x86-64 (a pause is 40-140
// cycles), a chunk's work or two (80 blocks are ~25 us at n = 1000). The
// threads wait on each other for less than a chunk while both run; longer
// means the other one is off its core, and a sleep costs two system calls,
// which only the wait for a descheduled thread is worth.
constexpr unsigned spins_before_sleep = 1024;

void pause() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// The futex word of an atomic: std::atomic<std::uint32_t> is lock-free and
// holds the value alone (static_assert below), as FUTEX_WAIT reads it.
std::uint32_t* futex_word(const std::atomic<std::uint32_t>& word) noexcept {
  return reinterpret_cast<std::uint32_t*>(const_cast<std::atomic<std::uint32_t>*>(&word));
}
static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t) &&
              std::atomic<std::uint32_t>::is_always_lock_free);

}  // namespace

void WordWait::set(std::atomic<std::uint32_t>& word, std::uint32_t value) noexcept {
  // Sequentially consistent store and load, paired with until()'s increment
  // and load: either this load sees the sleeper, or its load sees the value.
  word.store(value, std::memory_order_seq_cst);
  if (sleepers_.load(std::memory_order_seq_cst) != 0) {
    (void)::syscall(SYS_futex, futex_word(word), FUTEX_WAKE_PRIVATE, INT32_MAX, nullptr, nullptr, 0);
  }
}

bool WordWait::until(const std::atomic<std::uint32_t>& word, std::uint32_t value,
                     const std::atomic<bool>& stop) noexcept {
  for (unsigned spins = 0; spins < spins_before_sleep; ++spins) {
    if (word.load(std::memory_order_acquire) == value) return true;
    if (stop.load(std::memory_order_relaxed)) return false;
    pause();
  }
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(longest_sleep_);
  const timespec limit{static_cast<std::time_t>(seconds.count()),
                       static_cast<long>((longest_sleep_ - seconds).count())};
  sleepers_.fetch_add(1, std::memory_order_seq_cst);
  bool seen = false;
  for (;;) {
    const std::uint32_t now = word.load(std::memory_order_seq_cst);
    if (now == value) {
      seen = true;
      break;
    }
    if (stop.load(std::memory_order_relaxed)) break;
    // Returns at once if the word is no longer `now`; else on a wake, a
    // signal or the time limit. Every way out looks again.
    (void)::syscall(SYS_futex, futex_word(word), FUTEX_WAIT_PRIVATE, now, &limit, nullptr, 0);
  }
  sleepers_.fetch_sub(1, std::memory_order_relaxed);
  return seen;
}

}  // namespace grk::significance
