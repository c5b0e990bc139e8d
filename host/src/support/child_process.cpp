#include "support/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

namespace grk::host {
namespace {

using Clock = std::chrono::steady_clock;

// Reads the pipe until the child closes its end (it ended, or closed it) or
// the deadline passes; true when the deadline passed first.
bool pump(int fd, const std::optional<Clock::time_point>& deadline,
          const std::function<void(const char*, std::size_t)>& received) {
  for (;;) {
    int wait_ms = -1;
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()).count();
      if (left <= 0) return true;
      wait_ms = static_cast<int>(left);
    }
    pollfd ready_fd{fd, POLLIN, 0};
    const int ready = poll(&ready_fd, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline is checked above
    if (ready < 0) return false;
    char chunk[65536];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    received(chunk, static_cast<std::size_t>(n));
  }
}

}  // namespace

std::string SpawnFailure::reason() const { return strerror(error_number); }

Expected<ChildEnd, SpawnFailure> run_child_process(
    const std::function<void(int)>& child, const std::function<void(const char*, std::size_t)>& received,
    const ChildOptions& options) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return unexpected(SpawnFailure{SpawnFailure::Step::pipe, errno});
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    const int error_number = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    return unexpected(SpawnFailure{SpawnFailure::Step::fork, error_number});
  }
  if (pid == 0) {
    ::close(fds[0]);
    if (options.own_process_group) setpgid(0, 0);
    child(fds[1]);
    _exit(0);  // `child` ends the process itself; this only guards a slip
  }
  // Both sides set the group, so that a kill cannot come before the child's own setpgid.
  if (options.own_process_group) setpgid(pid, pid);
  ::close(fds[1]);
  const auto deadline = options.timeout ? std::optional<Clock::time_point>(Clock::now() + *options.timeout)
                                        : std::nullopt;
  ChildEnd end;
  end.timed_out = pump(fds[0], deadline, received);
  ::close(fds[0]);
  const pid_t target = options.own_process_group ? -pid : pid;
  if (end.timed_out) kill(target, SIGKILL);
  while (waitpid(pid, &end.wait_status, 0) < 0 && errno == EINTR) {
  }
  // Whatever the child started in its group goes with it.
  if (options.own_process_group) kill(target, SIGKILL);
  return end;
}

void reset_crash_handling() noexcept {
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  for (int crash : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS}) signal(crash, SIG_DFL);
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_UNBLOCK, &all, nullptr);
}

bool write_all(int fd, const char* data, std::size_t size) noexcept {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

std::string signal_text(int signal_number) {
  const char* name = sigabbrev_np(signal_number);
  return "signal " + std::to_string(signal_number) + (name ? std::string(" (SIG") + name + ")" : "");
}

}  // namespace grk::host
