// grk/python/os_error.hpp: str(OSError) as Python writes it for a failed
// system call on a path (docs/behaviour/python-compat.md §3).
#ifndef GRK_PYTHON_OS_ERROR_HPP
#define GRK_PYTHON_OS_ERROR_HPP

#include <grk/python/repr.hpp>

#include <cstring>
#include <string>

namespace grk::python {

/// "[Errno 2] No such file or directory: '/abs/path'": the errno value, its
/// strerror text and the path as repr() quotes it.
inline std::string os_error_text(int errno_value, const std::string& path) {
  return "[Errno " + std::to_string(errno_value) + "] " + std::strerror(errno_value) + ": " + repr(path);
}

}  // namespace grk::python

#endif
