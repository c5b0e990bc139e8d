// grk/eval/threads.hpp: how many threads a plugin's computation may use, from
// GRK_THREADS, read and refused in one place so that every shipped plugin
// (and a third-party one) takes the same values and says the same words; and
// for_each_part, the one way the shipped plugins spread work over them.
#ifndef GRK_EVAL_THREADS_HPP
#define GRK_EVAL_THREADS_HPP

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include <grk/error.hpp>
#include <grk/expected.hpp>

namespace grk::eval {

/// The most threads a count may name: 16 a core, and 64 on any machine.
/// More cost a stack each and no speed (65,536 threads on a 12 MB run were
/// ended by the OOM killer).
[[nodiscard]] inline unsigned most_threads() {
  const unsigned cores = std::thread::hardware_concurrency();
  return std::max(64u, 16u * (cores == 0 ? 1u : cores));
}

/// The environment variable `variable` as a count of threads when set:
/// decimal digits alone naming 1 to 999,999, else invalid_argument
/// `<variable> must be a positive integer, got 'x'`; above most_threads(),
/// `<variable> must be at most 64 (16 a core, 64 at least): more threads only
/// cost memory, got '1000'`. Unset: `unset`.
[[nodiscard]] inline Expected<unsigned> count_from_environment(const char* variable, unsigned unset) {
  const char* text = std::getenv(variable);
  if (text == nullptr) return unset;
  const std::string_view value(text);
  unsigned count = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), count);
  if (value.empty() || value.size() > 6 || error != std::errc() || end != value.data() + value.size() ||
      count == 0) {
    return fail(Status::invalid_argument,
                std::string(variable) + " must be a positive integer, got '" + std::string(value) + "'");
  }
  if (count > most_threads()) {
    return fail(Status::invalid_argument, std::string(variable) + " must be at most " +
                                              std::to_string(most_threads()) +
                                              " (16 a core, 64 at least): more threads only cost memory, got '" +
                                              std::string(value) + "'");
  }
  return count;
}

/// GRK_THREADS (count_from_environment); unset, the machine's cores
/// (std::thread::hardware_concurrency(), 1 when that is unknown).
[[nodiscard]] inline Expected<unsigned> thread_count() {
  const unsigned cores = std::thread::hardware_concurrency();
  return count_from_environment("GRK_THREADS", cores == 0 ? 1u : cores);
}

/// What for_each_part tells its caller besides the work itself.
struct PartHooks {
  /// Called before each part, on the thread about to compute it: it throws
  /// to stop the loop (the host's cancellation check may be asked from any
  /// thread, docs/design.md §2.6).
  std::function<void()> poll;
  /// Called on the calling thread only (the host's progress is not shared
  /// across threads) with how many parts are finished, after each part that
  /// thread computes and once more when all are.
  std::function<void(std::size_t)> done;
};

/// Calls work(part) once for every part in [0, parts) on up to `threads`
/// threads, the calling one included. Parts are taken in order from a shared
/// counter as threads free up: which thread computes a part changes from run
/// to run, so each part must write only its own slot, and then what comes out
/// does not depend on the thread count. The first exception thrown by a part
/// or by hooks.poll starts no part more (nor any progress) and is rethrown
/// here once every thread has joined.
template <typename Work>
void for_each_part(std::size_t parts, unsigned threads, const Work& work, const PartHooks& hooks = {}) {
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const std::thread::id caller = std::this_thread::get_id();
  auto run = [&] {
    for (std::size_t part = next++; part < parts && !stop; part = next++) {
      try {
        if (hooks.poll) hooks.poll();
        work(part);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
        return;
      }
      const std::size_t now = ++finished;
      if (hooks.done && std::this_thread::get_id() == caller) hooks.done(now);
    }
  };
  const std::size_t helpers = std::min<std::size_t>(threads == 0 ? 1 : threads, parts);
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < helpers; ++t) {
    // A thread the system will not give only means fewer threads: the same
    // parts, the same results.
    try {
      pool.emplace_back(run);
    } catch (const std::system_error&) {
      break;
    }
  }
  run();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
  if (hooks.done) hooks.done(parts);
}

}  // namespace grk::eval

#endif
