#include "support/results_stream.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <iostream>

namespace grk::host {
namespace {

// One per process, as stdout is.
std::FILE* stream = nullptr;

}  // namespace

std::FILE* results_stream() noexcept {
  if (stream != nullptr) return stream;
  try {
    std::cout.flush();
  } catch (...) {
  }
  std::fflush(stdout);
  const int kept = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 100);
  if (kept < 0) return stdout;
  std::FILE* opened = ::fdopen(kept, "w");
  if (opened == nullptr || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    if (opened != nullptr) std::fclose(opened);
    return stdout;
  }
  stream = opened;
  return stream;
}

void close_results_stream_in_child() noexcept {
  // close, not fclose: the parent's buffer must not be written a second time.
  if (stream != nullptr) ::close(::fileno(stream));
}

}  // namespace grk::host
