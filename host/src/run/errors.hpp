// Every mistake found before a run starts: the config's (docs/design.md §4.6),
// the plan's (§4.7) and the components' pre-run checks (§4.8), reported
// together in file order so that one run shows them all (§4.14).
#ifndef GRK_HOST_RUN_ERRORS_HPP
#define GRK_HOST_RUN_ERRORS_HPP

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// Where a mistake sits in the config, for the order of the report: the
/// position of its top-level key in the file, then the step's index (0 for
/// a top-level key's own mistakes).
struct ErrorPlace {
  std::size_t key = 0;
  std::size_t step = 0;
};

/// The most mistakes a report lists; the rest are counted.
inline constexpr std::size_t max_reported_errors = 20;

class ConfigErrors {
 public:
  void add(ErrorPlace place, HostError error);
  void add(ErrorPlace place, Unexpected<HostError> error) { add(place, std::move(error.error)); }
  /// Adds every mistake of `other`, keeping its places.
  void add_all(const ConfigErrors& other);

  [[nodiscard]] bool empty() const noexcept { return errors_.empty(); }
  [[nodiscard]] std::size_t size() const noexcept { return errors_.size(); }

  /// One error for the verb frame to print: the mistakes in file order (a
  /// place's mistakes in the order they were found), one a line, each line
  /// after the first starting with `line_prefix` (the frame's "grk-eval
  /// run: "), at most max_reported_errors of them and then "... and N more
  /// errors"; its code is the most severe one's (exit_plugin over
  /// exit_usage). A single mistake reads as it always did.
  [[nodiscard]] HostError report(std::string_view line_prefix) const;

 private:
  struct Placed {
    ErrorPlace place;
    HostError error;
  };
  std::vector<Placed> errors_;
};

}  // namespace grk::host

#endif
