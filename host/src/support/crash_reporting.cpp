#include "support/crash_reporting.hpp"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>

namespace grk::host {

void reset_crash_handling() noexcept {
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  for (int crash : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS}) signal(crash, SIG_DFL);
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_UNBLOCK, &all, nullptr);
}

std::string signal_text(int signal_number) {
  const char* name = sigabbrev_np(signal_number);
  return "signal " + std::to_string(signal_number) + (name ? std::string(" (SIG") + name + ")" : "");
}

}  // namespace grk::host
