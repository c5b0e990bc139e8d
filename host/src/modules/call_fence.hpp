// What the host puts around a call of plugin code in its own process
// (docs/design.md §4.16), beyond stdout sent to stderr: the working folder
// put back after the call, so a plugin that chdirs cannot move the host's
// outputs; a count of the process's threads, so that a module whose thread
// outlives the call is never unloaded under it; and a hook for a plugin that
// calls exit(), so that the run is not reported as a success that did not
// finish. None of this holds against a hostile plugin in process, which
// shares the host's memory; `--isolate` is the boundary.
#ifndef GRK_HOST_MODULES_CALL_FENCE_HPP
#define GRK_HOST_MODULES_CALL_FENCE_HPP

#include <cstddef>
#include <functional>

namespace grk::host {

/// While alive, a call of plugin code runs in this process.
class CallFence {
 public:
  CallFence() noexcept;
  /// Puts the working folder back as it was when the fence was made.
  ~CallFence();
  CallFence(const CallFence&) = delete;
  CallFence& operator=(const CallFence&) = delete;

  /// Whether the process has more threads now than when the fence was made:
  /// the call left one running.
  [[nodiscard]] bool left_a_thread() const noexcept;

 private:
  int working_folder_;
  std::size_t threads_;
  bool outer_;
};

/// `handler(status)` runs when plugin code calls exit(status) (or returns
/// from a thread's start that exits the process) while a call of it runs in
/// this process: from within exit, before any static object is destroyed. It
/// must end the process itself (`_exit`); when it returns, exit goes on. An
/// empty handler (the default, and what a forked child of an isolated step
/// sets) does nothing.
void on_exit_during_call(std::function<void(int status)> handler);

}  // namespace grk::host

#endif
