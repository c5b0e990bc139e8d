// A component call in a child process of its own (`run --isolate`,
// docs/design.md §4.13): a plugin that crashes, aborts, exits or hangs fails
// its step instead of taking the run with it.
#ifndef GRK_HOST_RUN_ISOLATION_HPP
#define GRK_HOST_RUN_ISOLATION_HPP

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "modules/component_handle.hpp"

namespace grk::host {

/// What an isolated call produced: the component's own Invocation, or, when
/// its process ended without one, the host's verdict.
struct IsolatedInvocation {
  Invocation invocation;
  /// "crashed" or "timed-out" when the child ended without a result; the
  /// message (in invocation.message) then names the signal, the exit code or
  /// the limit.
  std::optional<std::string> fault;
};

/// Which entry of the component an isolated call runs.
enum class ComponentCall { invoke, validate };

/// Forks; the child runs handle.invoke(params) (or handle.validate(params)) with its stdout sent to
/// stderr and sends the Invocation back, with the component's log lines and
/// progress as they come (given to `observer` here, in this process). The
/// child leads a process group of its own; after `timeout_seconds` the whole
/// group is killed. Crash messages: `its process was killed by signal 11
/// (SIGSEGV)`, `its process exited with code 0 before it gave a result`,
/// `it did not finish within 2 s (the step timeout); its process group was
/// killed`.
/// `should_stop`, when given, is asked each time a signal interrupts the
/// wait: true ends the step's processes at once (for SIGINT and SIGTERM; the
/// step then fails `crashed`, killed by signal 9).
[[nodiscard]] IsolatedInvocation invoke_isolated(const ComponentHandle& handle, std::string_view params,
                                                 const InvocationObserver& observer,
                                                 std::optional<double> timeout_seconds,
                                                 ComponentCall call = ComponentCall::invoke,
                                                 std::function<bool()> should_stop = {});

/// Ends the isolated step running now, if any, with every process it
/// started, even one that left its process group with setsid(): each is
/// killed (SIGKILL) and reaped. For the main thread once it has seen that a
/// SIGINT or SIGTERM arrived, before the host exits (docs/design.md §4.13);
/// harmless when no step runs.
void end_isolated_step() noexcept;

}  // namespace grk::host

#endif
