// The SHA-256 of a folder's files, for the provenance of a path parameter
// naming a folder (docs/design.md §4.8).
#ifndef GRK_HOST_RUN_FOLDER_DIGEST_HPP
#define GRK_HOST_RUN_FOLDER_DIGEST_HPP

#include <cstdint>
#include <filesystem>
#include <string>

#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

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
