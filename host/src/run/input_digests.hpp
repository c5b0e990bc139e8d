// The SHA-256 digests of a run's provenance (docs/design.md §4.8): of the
// config's bytes, of each input file, and of a folder's files for a path
// parameter naming a folder. One SHA-256, the SDK's (grk/detail/sha256.hpp,
// docs/design.md §5.1).
#ifndef GRK_HOST_RUN_INPUT_DIGESTS_HPP
#define GRK_HOST_RUN_INPUT_DIGESTS_HPP

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// The hex SHA-256 of `text` (a config's bytes).
[[nodiscard]] std::string sha256_of_text(std::string_view text);

/// The hex SHA-256 of a file's bytes, or why it cannot be read.
Expected<std::string, HostError> sha256_of_file(const std::filesystem::path& file);

struct FolderDigest {
  std::string sha256;       ///< lowercase hex
  std::uint64_t files = 0;  ///< regular files hashed
};

/// The digest of the tree under `folder` (docs/design.md §4.8): per regular
/// file and symbolic link, in the order of their relative paths' bytes, one
/// line of the stream hashed. Links are recorded, never followed. Fails when
/// a file or folder of the tree cannot be read.
Expected<FolderDigest, HostError> sha256_of_folder(const std::filesystem::path& folder);

}  // namespace grk::host

#endif
