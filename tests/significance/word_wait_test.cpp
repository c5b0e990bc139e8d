// WordWait, the waits of the two-thread bootstrap (resampling/word_wait.hpp):
// a long wait sleeps rather than spins, set() wakes a sleeper, and stop ends
// a wait on a word that is never set.
#define BOOST_TEST_MODULE significance_word_wait
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <thread>

#include "resampling/word_wait.hpp"

using grk::significance::WordWait;
using namespace std::chrono_literals;

namespace {
// The CPU time the calling thread has used.
std::chrono::nanoseconds thread_cpu_time() {
  timespec now{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_word_already_set_is_seen_at_once) {
  WordWait wait;
  std::atomic<std::uint32_t> word{0};
  const std::atomic<bool> stop{false};
  wait.set(word, 7);
  BOOST_TEST(word.load() == 7u);
  BOOST_TEST(wait.until(word, 7, stop));
}

// Spinning through a 300 ms wait would use its 300 ms of CPU (the yields of
// the wait this replaced returned at once on an idle core).
BOOST_AUTO_TEST_CASE(a_long_wait_sleeps_instead_of_spinning) {
  WordWait wait;
  std::atomic<std::uint32_t> word{0};
  const std::atomic<bool> stop{false};
  bool seen = false;
  std::chrono::nanoseconds used{};
  std::thread waiter([&] {
    const auto before = thread_cpu_time();
    seen = wait.until(word, 1, stop);
    used = thread_cpu_time() - before;
  });
  std::this_thread::sleep_for(300ms);
  wait.set(word, 1);
  waiter.join();
  BOOST_TEST(seen);
  BOOST_TEST(std::chrono::duration_cast<std::chrono::milliseconds>(used).count() < 60);
}

// With a sleep that would last a minute, each of 20 waits ends only if set()
// wakes it: a lost wake makes the test take minutes, not milliseconds. The
// waiter answers each round on a second word before the next round is set:
// a wait is for one value, and one already replaced would never be seen (a
// waiter descheduled for 5 ms under the sanitizers once missed one and hung).
BOOST_AUTO_TEST_CASE(set_wakes_a_sleeper_without_its_time_limit, *boost::unit_test::timeout(300)) {
  WordWait wait(std::chrono::minutes(1));
  std::atomic<std::uint32_t> word{0};
  std::atomic<std::uint32_t> answer{0};
  const std::atomic<bool> stop{false};
  int seen = 0;
  const auto start = std::chrono::steady_clock::now();
  std::thread waiter([&] {
    for (std::uint32_t round = 1; round <= 20; ++round) {
      seen += wait.until(word, round, stop) ? 1 : 0;
      wait.set(answer, round);
    }
  });
  int answered = 0;
  for (std::uint32_t round = 1; round <= 20; ++round) {
    // Long enough for the waiter to stop spinning and sleep.
    std::this_thread::sleep_for(5ms);
    wait.set(word, round);
    answered += wait.until(answer, round, stop) ? 1 : 0;
  }
  waiter.join();
  BOOST_TEST(seen == 20);
  BOOST_TEST(answered == 20);
  const auto took = std::chrono::steady_clock::now() - start;
  BOOST_TEST(std::chrono::duration_cast<std::chrono::seconds>(took).count() < 30);
}

BOOST_AUTO_TEST_CASE(stop_ends_a_wait_for_a_word_never_set) {
  WordWait wait;
  std::atomic<std::uint32_t> word{0};
  std::atomic<bool> stop{false};
  bool seen = true;
  std::thread waiter([&] { seen = wait.until(word, 1, stop); });
  std::this_thread::sleep_for(50ms);
  stop = true;
  waiter.join();
  BOOST_TEST(!seen);
  BOOST_TEST(word.load() == 0u);
}
