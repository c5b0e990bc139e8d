// SHA-256 (FIPS 180-4), for the provenance of configs and input files.
#ifndef GRK_HOST_SHA256_HPP
#define GRK_HOST_SHA256_HPP

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

#include "host_error.hpp"

namespace grk::host {

class Sha256 {
 public:
  Sha256() noexcept;
  void update(const void* data, std::size_t size) noexcept;
  void update(std::string_view bytes) noexcept { update(bytes.data(), bytes.size()); }
  /// Lowercase hex of the digest; the object must not be updated afterwards.
  [[nodiscard]] std::string hex_digest() noexcept;

 private:
  void compress(const std::uint8_t* block) noexcept;

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_ = 0;
};

/// The hex SHA-256 of a file's bytes, or why it cannot be read.
Expected<std::string, HostError> sha256_of_file(const std::filesystem::path& file);

}  // namespace grk::host

#endif
