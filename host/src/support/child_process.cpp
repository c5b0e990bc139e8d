#include "support/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace grk::host {
namespace {

using Clock = std::chrono::steady_clock;

// Reads the pipe until the child has said all it will (`received` returns
// false), the child ended, or the deadline passed. The child's end is watched
// through a pidfd, not through the pipe's end of file: a descendant that kept
// the pipe's write end open would otherwise hold a finished step open
// (docs/design.md §4.13). What the child wrote before it ended is still read;
// a child that closed the pipe is still waited for, up to the deadline.
enum class PumpEnd { stopped, child_ended, deadline };

PumpEnd pump(int fd, int child_fd, const std::optional<Clock::time_point>& deadline,
             const std::function<bool(const char*, std::size_t)>& received, const std::function<bool()>& should_stop) {
  bool child_gone = false;
  bool pipe_open = true;
  // What the child left in the pipe is at most the pipe's capacity; a
  // descendant that keeps writing after it ended must not keep the host here.
  std::size_t left_after_end = std::size_t{1} << 20;
  for (;;) {
    int wait_ms = -1;
    if (child_gone) {
      if (!pipe_open) return PumpEnd::child_ended;
      wait_ms = 0;  // only what is already in the pipe
    } else if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()).count();
      if (left <= 0) return PumpEnd::deadline;
      wait_ms = static_cast<int>(left);
    }
    if (!pipe_open && child_fd < 0) {
      return PumpEnd::child_ended;  // no pidfd (an old kernel): the caller's waitpid waits
    }
    pollfd ready_fds[2] = {{pipe_open ? fd : -1, POLLIN, 0}, {child_fd, POLLIN, 0}};
    const int ready = poll(ready_fds, 2, wait_ms);
    if (ready < 0 && errno == EINTR) {
      if (should_stop && should_stop()) return PumpEnd::stopped;
      continue;
    }
    if (ready < 0) return PumpEnd::stopped;
    if (!pipe_open || ready_fds[0].revents == 0) {
      if (child_gone) return PumpEnd::child_ended;
      if (ready_fds[1].revents != 0) child_gone = true;
      continue;  // the deadline is checked above
    }
    char chunk[65536];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) {
      if (should_stop && should_stop()) return PumpEnd::stopped;
      continue;
    }
    if (n <= 0) {
      pipe_open = false;
      continue;
    }
    if (child_gone) {
      if (left_after_end < static_cast<std::size_t>(n)) return PumpEnd::child_ended;
      left_after_end -= static_cast<std::size_t>(n);
    }
    if (!received(chunk, static_cast<std::size_t>(n))) return PumpEnd::stopped;
  }
}

// This process's direct children, as the kernel lists them for each of its
// threads (/proc/self/task/<tid>/children).
std::vector<pid_t> children_of_this_process() {
  std::vector<pid_t> children;
  DIR* tasks = ::opendir("/proc/self/task");
  if (tasks == nullptr) return children;
  while (const dirent* task = ::readdir(tasks)) {
    if (task->d_name[0] == '.') continue;
    const std::string path = std::string("/proc/self/task/") + task->d_name + "/children";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    std::string text;
    char chunk[4096];
    for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;) text.append(chunk, static_cast<std::size_t>(n));
    ::close(fd);
    const char* at = text.c_str();
    char* end = nullptr;
    for (long pid = std::strtol(at, &end, 10); end != at; pid = std::strtol(at, &end, 10)) {
      children.push_back(static_cast<pid_t>(pid));
      at = end;
    }
  }
  ::closedir(tasks);
  return children;
}

}  // namespace

void become_subreaper() noexcept { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

void end_descendants() noexcept {
  try {
    // Killing a child hands its own children to this process (a subreaper),
    // so repeat until no child is left; a killed process cannot fork again.
    for (int round = 0; round < 1000; ++round) {
      const std::vector<pid_t> children = children_of_this_process();
      if (children.empty()) return;
      for (pid_t child : children) kill(child, SIGKILL);
      for (pid_t child : children) {
        while (waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
        }
      }
    }
  } catch (...) {
  }
}

std::string SpawnFailure::reason() const { return strerror(error_number); }

Expected<ChildEnd, SpawnFailure> run_child_process(
    const std::function<void(int)>& child, const std::function<bool(const char*, std::size_t)>& received,
    const ChildOptions& options) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return unexpected(SpawnFailure{SpawnFailure::Step::pipe, errno});
  // Orphans of the step (a grandchild that called setsid) become this
  // process's children, where end_descendants() finds them.
  if (options.own_process_group) become_subreaper();
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
  const int child_fd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  const auto deadline = options.timeout ? std::optional<Clock::time_point>(Clock::now() + *options.timeout)
                                        : std::nullopt;
  ChildEnd end;
  const PumpEnd pumped = pump(fds[0], child_fd, deadline, received, options.should_stop);
  end.timed_out = pumped == PumpEnd::deadline;
  ::close(fds[0]);
  if (child_fd >= 0) ::close(child_fd);
  const pid_t target = options.own_process_group ? -pid : pid;
  // Timed out, or said all it will: nothing it does from here is read.
  if (pumped != PumpEnd::child_ended) kill(target, SIGKILL);
  while (waitpid(pid, &end.wait_status, 0) < 0 && errno == EINTR) {
  }
  // Whatever the child started goes with it: its group, and every other
  // descendant (one that left the group with setsid).
  if (options.own_process_group) {
    kill(target, SIGKILL);
    end_descendants();
  }
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
