#include "run/sha256.hpp"

#include <fstream>
#include <vector>

namespace grk::host {

Expected<std::string, HostError> sha256_of_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return usage_error("cannot open '" + file.string() + "'");
  Sha256 hash;
  std::vector<char> buffer(1 << 16);
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    hash.update(buffer.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) return usage_error("cannot read '" + file.string() + "'");
  return hash.hex_digest();
}

}  // namespace grk::host
