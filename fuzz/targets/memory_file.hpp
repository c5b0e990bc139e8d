// An input held in an anonymous in-memory file, so that the BEIR readers,
// which read open files, are fuzzed through their real entry points without
// touching the disk. /proc/self/fd/N names it for SourceFile::open.
#ifndef GRK_FUZZ_TARGETS_MEMORY_FILE_HPP
#define GRK_FUZZ_TARGETS_MEMORY_FILE_HPP

#include <cstddef>
#include <cstdint>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_check.hpp"

namespace grk::fuzz {

class MemoryFile {
 public:
  MemoryFile(const std::uint8_t* data, std::size_t size) : fd_(::memfd_create("grk-fuzz", MFD_CLOEXEC)) {
    require(fd_ >= 0, "memfd_create failed");
    for (std::size_t done = 0; done < size;) {
      const ssize_t wrote = ::write(fd_, data + done, size - done);
      require(wrote > 0, "writing the in-memory file failed");
      done += static_cast<std::size_t>(wrote);
    }
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  ~MemoryFile() { ::close(fd_); }

  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
};

}  // namespace grk::fuzz

#endif
