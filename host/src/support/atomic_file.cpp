#include "support/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

namespace grk::host {

Expected<void, HostError> write_file_atomically(const std::filesystem::path& file, std::string_view text) {
  std::error_code ec;
  const auto parent = std::filesystem::absolute(file, ec).parent_path();
  std::filesystem::create_directories(parent, ec);
  if (ec) return usage_error("cannot create folder '" + parent.string() + "': " + ec.message());
  const std::string temp = (parent / ("." + file.filename().string() + ".tmp-" + std::to_string(getpid()))).string();
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return usage_error("cannot write '" + temp + "': " + std::strerror(errno));
  const char* data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string reason = std::strerror(errno);
      ::close(fd);
      ::unlink(temp.c_str());
      return usage_error("cannot write '" + temp + "': " + reason);
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    return usage_error("cannot write '" + temp + "': " + reason);
  }
  if (std::rename(temp.c_str(), file.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    return usage_error("cannot write '" + file.string() + "': " + reason);
  }
  return {};
}

}  // namespace grk::host
