#include "support/interrupts.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace grk::host {
namespace {

// Lives in a MAP_SHARED page: a step's child, forked after it was made, sees
// every write of the parent's handler.
struct SharedState {
  std::atomic<int> signal_number{0};
  std::atomic<int> count{0};
};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<pid_t>::is_always_lock_free,
              "the handler may only touch lock-free atomics");

SharedState* state = nullptr;

// Async-signal-safe: atomics only. The wait for an isolated step asks
// interrupt_count() when the signal interrupts it (run/session.cpp), and a
// second signal ends the step with every process it started there.
void on_interrupt(int signal_number) {
  int none = 0;
  state->signal_number.compare_exchange_strong(none, signal_number);
  state->count.fetch_add(1);
}

}  // namespace

void catch_interrupts() {
  if (state != nullptr) return;
  void* page = ::mmap(nullptr, sizeof(SharedState), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  // Without the shared page the flag still works in process; only an
  // isolated step's child would not see it.
  state = page == MAP_FAILED ? new SharedState : new (page) SharedState;
  struct sigaction action {};
  action.sa_handler = &on_interrupt;
  sigemptyset(&action.sa_mask);
  // Both signals are held while either handler runs, so they count once each.
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  action.sa_flags = SA_RESTART;
  for (const int signal_number : {SIGINT, SIGTERM}) {
    // A signal the parent chose to ignore (nohup, a shell's background job)
    // stays ignored, as it would without these handlers.
    struct sigaction before {};
    if (::sigaction(signal_number, nullptr, &before) == 0 && before.sa_handler == SIG_IGN) continue;
    ::sigaction(signal_number, &action, nullptr);
  }
}

int interrupt_signal() noexcept { return state == nullptr ? 0 : state->signal_number.load(); }

int interrupt_count() noexcept { return state == nullptr ? 0 : state->count.load(); }


std::string interrupt_name(int signal_number) {
  return signal_number == SIGTERM ? "SIGTERM" : signal_number == SIGINT ? "SIGINT" : "signal " + std::to_string(signal_number);
}

void end_by_interrupt(int signal_number) {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  ::sigaction(signal_number, &action, nullptr);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal_number);
  ::sigprocmask(SIG_UNBLOCK, &unblock, nullptr);
  ::raise(signal_number);
  // Only if the signal could not end the process (it is ignored by a parent's
  // choice that SIG_DFL overrides, so this is a guard): the shell's numbers.
  std::_Exit(128 + signal_number);
}

}  // namespace grk::host
