// grk/eval/threads.hpp: how many threads a plugin's computation may use, from
// GRK_THREADS, read and refused in one place so that every shipped plugin
// (and a third-party one) takes the same values and says the same words.
#ifndef GRK_EVAL_THREADS_HPP
#define GRK_EVAL_THREADS_HPP

#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>

#include <grk/error.hpp>
#include <grk/expected.hpp>

namespace grk::eval {

/// GRK_THREADS when set: decimal digits alone naming 1 to 999,999 (more
/// threads than that is a typo, not a machine), else invalid_argument
/// `GRK_THREADS must be a positive integer, got 'x'`. Unset: the machine's
/// cores (std::thread::hardware_concurrency(), 1 when that is unknown).
[[nodiscard]] inline Expected<unsigned> thread_count() {
  const char* text = std::getenv("GRK_THREADS");
  if (text == nullptr) {
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1u : cores;
  }
  const std::string_view value(text);
  unsigned threads = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), threads);
  if (value.empty() || value.size() > 6 || error != std::errc() || end != value.data() + value.size() ||
      threads == 0) {
    return fail(Status::invalid_argument, "GRK_THREADS must be a positive integer, got '" + std::string(value) + "'");
  }
  return threads;
}

}  // namespace grk::eval

#endif
