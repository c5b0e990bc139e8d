// SIGINT and SIGTERM during `grk-eval run` (docs/design.md §4.17): the
// handlers only record the signal, in a flag that the forked children of
// isolated steps share (an anonymous shared mapping made before any fork), so
// the host's cancellation check (abi.h's grk_host_api.cancelled) reads the
// same answer in process and in a step's child. The run acts on it between
// steps and after a step returns, then ends by raising the signal again.
#ifndef GRK_HOST_SUPPORT_INTERRUPTS_HPP
#define GRK_HOST_SUPPORT_INTERRUPTS_HPP

#include <sys/types.h>

#include <string>

namespace grk::host {

/// Installs the handlers for SIGINT and SIGTERM (once; later calls do
/// nothing; a signal this process was started ignoring stays ignored). From then on the signals no longer end the process: the run
/// must check interrupt_signal() and call end_by_interrupt().
void catch_interrupts();

/// The first SIGINT or SIGTERM received since catch_interrupts(), or 0.
[[nodiscard]] int interrupt_signal() noexcept;

/// How many were received (a second Ctrl-C ends the current isolated step
/// with everything it started, run/isolation.hpp; cleanup still runs).
[[nodiscard]] int interrupt_count() noexcept;

/// "SIGINT" or "SIGTERM".
[[nodiscard]] std::string interrupt_name(int signal_number);

/// Restores the default action for `signal_number` and raises it, so that
/// the shell sees the process end by it (exit status 130 for SIGINT, 143
/// for SIGTERM). Does not return.
[[noreturn]] void end_by_interrupt(int signal_number);

}  // namespace grk::host

#endif
