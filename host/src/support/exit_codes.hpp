// The process exit codes of grk-eval, documented in --help and README.md.
#ifndef GRK_HOST_SUPPORT_EXIT_CODES_HPP
#define GRK_HOST_SUPPORT_EXIT_CODES_HPP

namespace grk::host {

enum ExitCode : int {
  exit_ok = 0,
  exit_usage = 1,        ///< bad command line or config (nothing ran)
  exit_plugin = 2,       ///< a needed plugin module failed to load or validate (nothing ran)
  exit_step_failed = 3,  ///< a step ran and failed (bad data, refused output, ...)
};

}  // namespace grk::host

#endif
