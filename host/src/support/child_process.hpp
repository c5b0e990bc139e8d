// The host's forked children (the module probe, docs/design.md §4.3; an
// isolated step, §4.13): one way to start a child with a pipe back to the
// parent, read what it sends until it ends or a deadline passes, and reap it;
// and what a child must reset first so that a crash in plugin code ends it
// with its signal, which the parent then reports in words.
#ifndef GRK_HOST_SUPPORT_CHILD_PROCESS_HPP
#define GRK_HOST_SUPPORT_CHILD_PROCESS_HPP

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include <grk/expected.hpp>

namespace grk::host {

/// How a child is run.
struct ChildOptions {
  /// The child leads a process group of its own, which is killed with it (so
  /// what it started goes too); otherwise only the child is killed.
  bool own_process_group = false;
  /// Killed when still running after this long; none: waited for.
  std::optional<std::chrono::steady_clock::duration> timeout;
  /// Asked whenever the wait is interrupted (a signal arrived: poll returns
  /// EINTR whatever SA_RESTART says); true ends the wait as if the child had
  /// said all it will: it is killed, with its group and descendants.
  std::function<bool()> should_stop;
};

/// How a child ended: its wait status, and whether it had to be killed for
/// outliving its timeout.
struct ChildEnd {
  int wait_status = 0;
  bool timed_out = false;
};

/// Why no child could be started: the step that failed and its errno.
struct SpawnFailure {
  enum class Step { pipe, fork } step;
  int error_number = 0;
  /// strerror(error_number).
  [[nodiscard]] std::string reason() const;
};

/// Forks after flushing this process's stdio buffers (so the child cannot
/// write them a second time). The child runs `child(fd)`, `fd` the write end
/// of a pipe to the parent; `child` must end the process (`_exit`), never
/// return. The parent hands each chunk read from the pipe to `received` until
/// `received` returns false (the child said all it will, or said something
/// malformed), the child ends (what it wrote before is still read, even while
/// a descendant keeps the pipe open) or the timeout passes. A child that is
/// not done by then is killed (with its group), and it is reaped; with
/// `own_process_group`, every other descendant is ended too
/// (end_descendants()).
[[nodiscard]] Expected<ChildEnd, SpawnFailure> run_child_process(
    const std::function<void(int)>& child, const std::function<bool(const char*, std::size_t)>& received,
    const ChildOptions& options);

/// Makes this process the subreaper of its descendants (PR_SET_CHILD_SUBREAPER):
/// a descendant whose parent ends, even one that left its process group with
/// setsid(), becomes this process's child instead of init's, so it can still
/// be found and ended.
void become_subreaper() noexcept;

/// Kills (SIGKILL) and reaps every child of this process, then the children
/// they leave behind, until none is left: with become_subreaper() that is
/// every descendant. Safe to call from the main thread at any time, e.g.
/// after a signal was seen.
void end_descendants() noexcept;

/// In a freshly forked child: no core file per crash, the default action
/// for every crash signal, and no signal blocked. A process that embeds
/// grk_host (a test framework, a debugger helper) may have handlers for these
/// that the fork inherited and that would carry on running the parent's code
/// in the child instead.
void reset_crash_handling() noexcept;

/// Writes all of `data` to `fd`, retrying short writes and interruptions;
/// false when the pipe is gone.
[[nodiscard]] bool write_all(int fd, const char* data, std::size_t size) noexcept;

/// `signal 11 (SIGSEGV)`.
[[nodiscard]] std::string signal_text(int signal_number);

}  // namespace grk::host

#endif
