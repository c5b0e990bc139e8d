#include "run/interrupts.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <grk/output/staged_folder.hpp>
#include <grk/param.hpp>

namespace grk::host {
namespace {

namespace fs = std::filesystem;

// The process id in "<anything>staging-<pid>-<hex nonce>", or 0 when `name`
// is not shaped so.
long staging_pid(const std::string& name) {
  const std::size_t marker = name.rfind("staging-");
  if (marker == std::string::npos) return 0;
  const char* digits = name.c_str() + marker + 8;
  char* end = nullptr;
  const long pid = std::strtol(digits, &end, 10);
  if (end == digits || *end != '-' || pid <= 0) return 0;
  const std::string nonce(end + 1);
  if (nonce.empty()) return 0;
  for (const char c : nonce) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return 0;
  }
  return pid;
}

// The entries of the folder open as `fd` but `.` and `..` (none when it
// cannot be listed); `fd` stays open and unmoved.
std::vector<std::string> entry_names(int fd) {
  const int listing = ::dup(fd);
  DIR* dir = listing < 0 ? nullptr : ::fdopendir(listing);
  if (dir == nullptr) {
    if (listing >= 0) ::close(listing);
    return {};
  }
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  ::closedir(dir);
  return names;
}

// Whether the folder open as `fd` is provably a staging folder of the
// interrupted step whose name gave `pid` (see remove_step_staging). Judged on
// the descriptor that the removal then uses, never on the path again.
bool is_step_staging(int fd, long pid, std::time_t step_started) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode)) return false;
  if (st.st_uid != ::geteuid() || st.st_mtime < step_started) return false;
  return pid == ::getpid() || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH);
}

void remove_in(const fs::path& folder, const std::string& prefix, std::time_t step_started,
               std::vector<std::string>& removed) {
  const int parent = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (parent < 0) return;
  for (const auto& name : entry_names(parent)) {
    // The name first: only a staging folder's is worth opening.
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    const long pid = staging_pid(name.substr(prefix.size()));
    if (pid == 0) continue;
    const int fd = ::openat(parent, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    if (is_step_staging(fd, pid, step_started)) {
      for (const auto& child : entry_names(fd)) {
        if (::unlinkat(fd, child.c_str(), 0) != 0) output::remove_tree_at(fd, child);
      }
      // By name, but AT_REMOVEDIR takes only an empty folder: an entry
      // swapped in since is left alone.
      if (::unlinkat(parent, name.c_str(), AT_REMOVEDIR) == 0) removed.push_back((folder / name).string());
    }
    ::close(fd);
  }
  ::close(parent);
}

}  // namespace

std::vector<std::string> remove_step_staging(const PlannedStep& step, std::time_t step_started) {
  std::vector<std::string> removed;
  const auto at = [&](const boost::json::value& value) {
    const fs::path output = fs::path(std::string(value.get_string())).lexically_normal();
    const std::string name = output.filename().string();
    if (name.empty()) return;
    remove_in(output.parent_path(), "." + name + ".", step_started, removed);
    remove_in(output, ".", step_started, removed);
  };
  for (const auto& spec : step.entry.component->params) {
    const auto* value = step.params.if_contains(spec.name);
    if (value == nullptr || !spec.output) continue;
    if (spec.type == ParamType::path) at(*value);
    if (spec.type == ParamType::paths) {
      for (const auto& member : value->get_object()) at(member.value());
    }
  }
  return removed;
}

}  // namespace grk::host
