// What the host's forked children (the module probe, an isolated step) share:
// a crash in plugin code must end the child with its signal, which the
// parent then reports in words.
#ifndef GRK_HOST_SUPPORT_CRASH_REPORTING_HPP
#define GRK_HOST_SUPPORT_CRASH_REPORTING_HPP

#include <string>

namespace grk::host {

/// In a freshly forked child: no core file per crash, the default action
/// for every crash signal, and no signal blocked. A process that embeds
/// grk_host (a test framework, a debugger helper) may have handlers for these
/// that the fork inherited and that would carry on running the parent's code
/// in the child instead.
void reset_crash_handling() noexcept;

/// `signal 11 (SIGSEGV)`.
[[nodiscard]] std::string signal_text(int signal_number);

}  // namespace grk::host

#endif
