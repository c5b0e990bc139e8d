// Work split into parts spread over threads, each part writing only its own
// slot, so that what comes out does not depend on the thread count
// (docs/behaviour/trec-eval.md §8.4).
#ifndef GRK_MEASURES_THREADS_WORK_PARTS_HPP
#define GRK_MEASURES_THREADS_WORK_PARTS_HPP

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace grk::measures {

/// Calls work(part) once for every part in [0, parts) on up to `threads`
/// threads, the calling one included; parts are taken in order as threads
/// free up. The first exception a part throws is rethrown here once every
/// thread has joined (the remaining parts are skipped).
template <typename Work>
void for_each_part(std::size_t parts, unsigned threads, const Work& work) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto run = [&] {
    for (std::size_t part = next++; part < parts && !stop; part = next++) {
      try {
        work(part);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
    }
  };
  const std::size_t helpers = std::min<std::size_t>(threads == 0 ? 1 : threads, parts);
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < helpers; ++t) pool.emplace_back(run);
  run();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace grk::measures

#endif
