// Where `run` writes what belongs on its stdout (the results document, or
// the human summary beside `-o`) once plugin code runs in the process: not
// file descriptor 1, which a plugin's thread may write to at any moment
// (docs/design.md §4.16), but a copy of it that no plugin was given.
#ifndef GRK_HOST_SUPPORT_RESULTS_STREAM_HPP
#define GRK_HOST_SUPPORT_RESULTS_STREAM_HPP

#include <cstdio>

namespace grk::host {

/// The stream of the process's original stdout. The first call moves that
/// stdout to a descriptor of its own (close-on-exec, above the low numbers a
/// plugin would try) and points descriptor 1 at stderr for good, so that
/// whatever plugin code writes to stdout, during a call or after it, lands
/// on stderr. Later calls return the same stream. Where the move fails, the
/// process's stdout.
[[nodiscard]] std::FILE* results_stream() noexcept;

/// In a forked child that runs plugin code: closes the descriptor behind
/// results_stream(), which the child must never write.
void close_results_stream_in_child() noexcept;

}  // namespace grk::host

#endif
