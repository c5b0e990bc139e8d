#include "modules/call_fence.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <mutex>

namespace grk::host {
namespace {

// Process-wide by nature: exit() and the working folder belong to the
// process, not to a call, so the state that watches them does too.
std::atomic<int> calls_running{0};
std::function<void(int)>& exit_handler() {
  static auto* handler = new std::function<void(int)>();  // never destroyed: read from within exit
  return *handler;
}

void exit_trampoline(int status, void*) {
  if (calls_running.load() > 0 && exit_handler()) exit_handler()(status);
}

std::size_t thread_count() noexcept {
  std::size_t count = 0;
  DIR* tasks = ::opendir("/proc/self/task");
  if (tasks == nullptr) return 0;
  while (const dirent* entry = ::readdir(tasks)) count += entry->d_name[0] != '.';
  ::closedir(tasks);
  return count;
}

}  // namespace

CallFence::CallFence() noexcept
    : working_folder_(::open(".", O_PATH | O_DIRECTORY | O_CLOEXEC)),
      threads_(thread_count()),
      outer_(calls_running.fetch_add(1) == 0) {}

CallFence::~CallFence() {
  calls_running.fetch_sub(1);
  if (working_folder_ >= 0) {
    (void)::fchdir(working_folder_);
    ::close(working_folder_);
  }
}

bool CallFence::left_a_thread() const noexcept { return outer_ && thread_count() > threads_; }

void on_exit_during_call(std::function<void(int status)> handler) {
  static std::once_flag registered;
  std::call_once(registered, [] { ::on_exit(exit_trampoline, nullptr); });
  exit_handler() = std::move(handler);
}

}  // namespace grk::host
