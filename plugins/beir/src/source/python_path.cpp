#include "source/python_path.hpp"

#include <grk/expected.hpp>
#include <grk/python/os_error.hpp>
#include <grk/python/text.hpp>

#include <cerrno>
#include <map>
#include <optional>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace grk::beir {
namespace {

// posixpath.split: head keeps no trailing slash unless it is all slashes.
void split_last(const std::string& path, std::string& head, std::string& tail) {
  const std::size_t cut = path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1;
  head = path.substr(0, cut);
  tail = path.substr(cut);
  if (!head.empty() && head.find_first_not_of('/') != std::string::npos) {
    while (!head.empty() && head.back() == '/') head.pop_back();
  }
}

std::string posix_join(const std::string& a, const std::string& b) {
  if (!b.empty() && b.front() == '/') return b;
  if (a.empty() || a.back() == '/') return a + b;
  return a + "/" + b;
}

// os.readlink: the link's target, or readlink's errno.
Expected<std::string, int> read_link(const std::string& path) {
  std::vector<char> buffer(256);
  for (;;) {
    const ssize_t n = ::readlink(path.c_str(), buffer.data(), buffer.size());
    if (n < 0) return unexpected(errno);
    if (static_cast<std::size_t>(n) < buffer.size()) return std::string(buffer.data(), static_cast<std::size_t>(n));
    buffer.resize(buffer.size() * 2);
  }
}

// posixpath._joinrealpath (non-strict); `seen` maps a link to its resolution,
// or to nullopt while it is being resolved (a loop).
bool join_realpath(std::string& path, std::string rest,
                   std::map<std::string, std::optional<std::string>>& seen) {
  if (!rest.empty() && rest.front() == '/') {
    rest.erase(0, 1);
    path = "/";
  }
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    const std::string name = rest.substr(0, slash);
    rest = slash == std::string::npos ? std::string() : rest.substr(slash + 1);
    if (name.empty() || name == ".") continue;
    if (name == "..") {
      if (!path.empty()) {
        std::string head, tail;
        split_last(path, head, tail);
        path = head;
        if (tail == "..") path = posix_join(posix_join(path, ".."), "..");
      } else {
        path = "..";
      }
      continue;
    }
    const std::string newpath = posix_join(path, name);
    struct stat st {};
    const bool is_link = ::lstat(newpath.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
    if (!is_link) {
      path = newpath;
      continue;
    }
    if (auto found = seen.find(newpath); found != seen.end()) {
      if (found->second) {
        path = *found->second;
        continue;
      }
      path = posix_join(newpath, rest);
      return false;
    }
    seen[newpath] = std::nullopt;
    const auto target = read_link(newpath);
    if (!target) {  // unreadable (e.g. replaced since lstat): kept as a plain name
      path = newpath;
      continue;
    }
    if (!join_realpath(path, *target, seen)) {
      path = posix_join(path, rest);
      return false;
    }
    seen[newpath] = path;
  }
  return true;
}

// posixpath.normpath for an absolute path.
std::string normalize_absolute(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t slash = path.find('/', start);
    const std::string part = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  // POSIX keeps exactly two leading slashes; Python's normpath does too.
  std::string out = path.rfind("//", 0) == 0 && path.rfind("///", 0) != 0 ? "//" : "/";
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
  return out;
}

}  // namespace

std::string python_realpath(const std::string& path, bool* looped) {
  std::string resolved;
  std::map<std::string, std::optional<std::string>> seen;
  const bool ok = join_realpath(resolved, path, seen);
  if (looped != nullptr) *looped = !ok;
  if (resolved.empty() || resolved.front() != '/') {
    std::vector<char> cwd(4096);
    while (::getcwd(cwd.data(), cwd.size()) == nullptr && errno == ERANGE) cwd.resize(cwd.size() * 2);
    resolved = posix_join(cwd.data(), resolved);
  }
  return normalize_absolute(resolved);
}

std::string os_error_text(int errno_value, const std::string& path) {
  return python::os_error_text(errno_value, path);
}

std::string join_path(const std::string& a, const std::string& b) { return posix_join(a, b); }

}  // namespace grk::beir
