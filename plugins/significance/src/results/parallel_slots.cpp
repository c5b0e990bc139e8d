#include "results/parallel_slots.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace grk::significance {

void run_slots(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& work,
               const std::function<void(std::size_t)>& done, const std::function<void()>& poll) {
  // Slots are taken in index order from a shared counter: which thread
  // computes a slot changes from run to run, what it computes does not.
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
  const std::thread::id caller = std::this_thread::get_id();
  std::exception_ptr first_error;
  std::mutex error_mutex;
  const std::size_t helpers = std::min<std::size_t>(threads, count) > 0 ? std::min<std::size_t>(threads, count) - 1 : 0;
  const auto drain = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        if (poll) poll();
        work(i);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!first_error) first_error = std::current_exception();
        // A cancelled or failed family computes no slot more, and reports no progress.
        next = count;
        break;
      }
      const std::size_t now = ++finished;
      if (done && std::this_thread::get_id() == caller) done(now);
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(helpers);
  for (std::size_t t = 0; t < helpers; ++t) pool.emplace_back(drain);
  drain();
  for (auto& thread : pool) thread.join();
  if (first_error) std::rethrow_exception(first_error);
  if (done) done(count);
}

}  // namespace grk::significance
