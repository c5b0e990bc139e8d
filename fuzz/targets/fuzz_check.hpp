// What every fuzz target asserts besides "no crash, no leak": a refusal
// always explains itself. A broken invariant aborts, which libFuzzer and the
// replay test both report as a failure with the input that caused it.
#ifndef GRK_FUZZ_TARGETS_FUZZ_CHECK_HPP
#define GRK_FUZZ_TARGETS_FUZZ_CHECK_HPP

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace grk::fuzz {

inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}

/// A failure names what went wrong: its message is never empty.
inline void require_message(std::string_view message) {
  require(!message.empty(), "a failure has an empty message");
}

}  // namespace grk::fuzz

#endif
