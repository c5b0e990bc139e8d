#include "run/interrupts.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>

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

// Whether the entry `name` of `folder` is provably a staging folder of the
// interrupted step (see remove_step_staging).
bool is_step_staging(const fs::path& folder, const std::string& name, const std::string& prefix,
                     std::time_t step_started) {
  if (name.compare(0, prefix.size(), prefix) != 0) return false;
  const long pid = staging_pid(name.substr(prefix.size()));
  if (pid == 0) return false;
  struct stat st {};
  if (::lstat((folder / name).c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return false;
  if (st.st_uid != ::geteuid() || st.st_mtime < step_started) return false;
  return pid == ::getpid() || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH);
}

void remove_in(const fs::path& folder, const std::string& prefix, std::time_t step_started,
               std::vector<std::string>& removed) {
  DIR* dir = ::opendir(folder.c_str());
  if (dir == nullptr) return;
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(dir)) names.emplace_back(entry->d_name);
  ::closedir(dir);
  for (const auto& name : names) {
    if (!is_step_staging(folder, name, prefix, step_started)) continue;
    output::remove_tree((folder / name).string());
    removed.push_back((folder / name).string());
  }
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
