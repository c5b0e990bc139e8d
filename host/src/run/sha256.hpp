// SHA-256 (FIPS 180-4), for the provenance of configs and input files.
#ifndef GRK_HOST_RUN_SHA256_HPP
#define GRK_HOST_RUN_SHA256_HPP

#include <filesystem>
#include <string>
#include <string_view>

#include <grk/detail/sha256.hpp>
#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// The SDK's streaming SHA-256, shared with the id encoding's digest names.
using Sha256 = grk::detail::Sha256;

/// The hex SHA-256 of a file's bytes, or why it cannot be read.
Expected<std::string, HostError> sha256_of_file(const std::filesystem::path& file);

}  // namespace grk::host

#endif
