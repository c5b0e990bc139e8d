// run_slots: the comparisons of a family spread over threads, each written
// into its own slot, so the result does not depend on the thread count.
#ifndef GRK_SIGNIFICANCE_RESULTS_PARALLEL_SLOTS_HPP
#define GRK_SIGNIFICANCE_RESULTS_PARALLEL_SLOTS_HPP

#include <cstddef>
#include <functional>

#include <grk/expected.hpp>

namespace grk::significance {

/// Calls work(i) once for every i in [0, count) on up to `threads` threads
/// (the calling one included). Each call must write only its own slot.
/// `poll()`, when given, is called before each slot, on the thread about to
/// compute it: it throws to stop the loop (the host's cancellation check may
/// be asked from any thread, docs/design.md §2.6). The first exception thrown
/// by poll or by a call starts no slot more, and is rethrown here after every
/// thread joined. `done(n)`, when given, is called on the calling thread only
/// (the host's progress is not shared across threads) with how many slots are
/// finished, after each slot that thread computes and once more when all are.
void run_slots(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& work,
               const std::function<void(std::size_t)>& done = {}, const std::function<void()>& poll = {});

}  // namespace grk::significance

#endif
