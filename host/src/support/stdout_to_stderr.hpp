// While alive, sends whatever this process writes to stdout to stderr. Used
// around code of a plugin (its static initialisers, its calls): grk-eval's
// stdout carries the results document, which a chatty plugin must not break.
#ifndef GRK_HOST_SUPPORT_STDOUT_TO_STDERR_HPP
#define GRK_HOST_SUPPORT_STDOUT_TO_STDERR_HPP

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace grk::host {

class StdoutToStderr {
 public:
  StdoutToStderr() noexcept {
    flush();
    saved_ = dup(STDOUT_FILENO);
    if (saved_ >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
      close(saved_);
      saved_ = -1;
    }
  }
  ~StdoutToStderr() {
    if (saved_ < 0) return;
    flush();
    dup2(saved_, STDOUT_FILENO);
    close(saved_);
  }
  StdoutToStderr(const StdoutToStderr&) = delete;
  StdoutToStderr& operator=(const StdoutToStderr&) = delete;

 private:
  // What was buffered belongs to the side it was written on.
  static void flush() noexcept {
    try {
      std::cout.flush();
    } catch (...) {
    }
    std::fflush(stdout);
  }

  int saved_ = -1;
};

}  // namespace grk::host

#endif
