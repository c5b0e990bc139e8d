// The destination checks of docs/behaviour/beir.md §7 steps 11-12 and the containment rule
// of docs/behaviour/beir.md §8, run before anything is written.
#ifndef GRK_BEIR_RULES_OUTPUT_CHECKS_HPP
#define GRK_BEIR_RULES_OUTPUT_CHECKS_HPP

#include <grk/expected.hpp>

#include <optional>
#include <string>

namespace grk::beir {

/// Where the adapted dataset goes, once the destination passed its checks.
struct OutputLayout {
  std::string destination;     ///< resolved output directory (need not exist)
  std::string judgments_path;  ///< realpath of destination/judgments.jsonl
  std::string corpus_dir;      ///< str(destination / "corpus")
};

/// `ensure_within_base` (docs/behaviour/beir.md §8): the realpath of `path` when it lies
/// inside the realpath of `base`, else nullopt.
[[nodiscard]] std::optional<std::string> contained_realpath(const std::string& path, const std::string& base);

/// contained_realpath, or failed_precondition with the BEIR wrapper's message
/// (docs/behaviour/beir.md §8): "BEIR {label} path ... resolves outside".
Expected<std::string> require_contained(const std::string& candidate, const std::string& base, const char* label);

/// Runs docs/behaviour/beir.md §7 steps 11 and 12 on the resolved `destination`; fails with
/// failed_precondition and the reference's message for the first failure.
Expected<OutputLayout> check_output(const std::string& destination);

}  // namespace grk::beir

#endif
