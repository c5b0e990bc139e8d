// Paths and OS errors as Python prints them, because the reference's messages
// embed `str(path)` of resolved paths and `str(OSError)` (docs/behaviour/python-compat.md §3, docs/behaviour/beir.md §7).
#ifndef GRK_BEIR_SOURCE_PYTHON_PATH_HPP
#define GRK_BEIR_SOURCE_PYTHON_PATH_HPP

#include <string>

namespace grk::beir {

/// Python 3.11 `os.path.realpath(path, strict=False)`, which `Path.resolve()`
/// uses: absolute, `.`/`..` and symlinks resolved, missing tails kept. A
/// symlink loop is left unresolved from the looping component on, as Python
/// does; `looped` says so (Path.resolve then raises "Symlink loop from ...").
std::string python_realpath(const std::string& path, bool* looped = nullptr);

/// `str(OSError)` for `errno_value` on `path`:
/// "[Errno 2] No such file or directory: '/abs/path'".
std::string os_error_text(int errno_value, const std::string& path);

/// `str(a / b)` for a relative component `b`.
std::string join_path(const std::string& a, const std::string& b);

}  // namespace grk::beir

#endif
