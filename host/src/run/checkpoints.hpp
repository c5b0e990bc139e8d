// The results document's checkpoints under --output (docs/design.md §4.8):
// the file on disk is a valid document at every moment, and keeping it so
// costs a bounded share of the run however many steps there are.
#ifndef GRK_HOST_RUN_CHECKPOINTS_HPP
#define GRK_HOST_RUN_CHECKPOINTS_HPP

#include <chrono>
#include <filesystem>
#include <functional>

#include <grk/expected.hpp>

#include "support/atomic_file.hpp"
#include "support/host_error.hpp"

namespace grk::host {

/// What checkpoints may cost: `free_seconds` of writing in all, and beyond
/// that `share` of the run's time so far.
struct CheckpointBudget {
  double free_seconds = 2.0;
  double share = 0.25;
};

/// Writes the document to a target atomically: once before the first step,
/// then after a step whenever the write fits the budget. Rewriting a growing
/// document after every step made 10,000 quick steps quadratic (52 GB written,
/// 800 s against 68 s); under the budget they cost at most a quarter more. A
/// run whose writes stay within the free seconds, which is every run of a few
/// hundred steps, has each finished step on disk as it ends; beyond, a step's
/// end is written once the steps since the last write have paid for it, so a
/// crash loses only steps that together ran for less than about four writes.
class Checkpoints {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;

  /// An empty `target`: no checkpoints (the document goes to stdout at the end).
  explicit Checkpoints(std::filesystem::path target, CheckpointBudget budget = {},
                       Clock now = [] { return std::chrono::steady_clock::now(); });

  /// Writes what `document` produces now. Before the first step this is the
  /// check that the output can be written at all, and the start of the
  /// budget's clock.
  Expected<void, HostError> write(const TextProducer& document);

  /// Called after each step: writes what `document` produces when the budget
  /// allows; true when it did (and always false without a target).
  Expected<bool, HostError> after_step(const TextProducer& document);

 private:
  std::filesystem::path target_;
  CheckpointBudget budget_;
  Clock now_;
  bool started_ = false;
  std::chrono::steady_clock::time_point start_{};
  double spent_seconds_ = 0;  ///< every write so far
  double last_seconds_ = 0;   ///< the last write, the estimate of the next
};

}  // namespace grk::host

#endif
