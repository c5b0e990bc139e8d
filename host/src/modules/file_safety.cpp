#include "modules/file_safety.hpp"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace grk::host {
namespace {

namespace fs = std::filesystem;

std::string user_name(uid_t uid) {
  // getpwuid may not know a uid (a container, a deleted account): show the number.
  if (const passwd* entry = ::getpwuid(uid)) return entry->pw_name;
  return "uid " + std::to_string(uid);
}

std::string mode_text(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

// A group write bit is harmless when the group is the owner's own private
// group (Debian's user private groups, where umask 002 is the default): its
// primary group, which no other user has, as primary group or as a listed
// member. Listed members alone are not enough: `nogroup` lists none, yet is
// the primary group of nobody, _apt and sync.
bool private_group_of_owner(gid_t gid, uid_t owner) {
  const passwd* user = ::getpwuid(owner);
  if (user == nullptr || user->pw_gid != gid) return false;
  const std::string name = user->pw_name;
  const group* entry = ::getgrgid(gid);
  if (entry == nullptr) return false;
  for (char** member = entry->gr_mem; member != nullptr && *member != nullptr; ++member) {
    if (name != *member) return false;
  }
  bool shared = false;
  ::setpwent();
  while (const passwd* other = ::getpwent()) {
    if (other->pw_gid == gid && other->pw_uid != owner) shared = true;
  }
  ::endpwent();
  return !shared;
}

const char* const override_hint = ", or pass --allow-unsafe-plugin-dirs to load it anyway";

/// `what` ("the file", "its folder '<dir>'") is safe when its status says
/// so; a folder above the module (`sticky_counts`) may also be writable by
/// others when it is sticky, since only an entry's owner may then rename it.
Expected<void, std::string> check_one(const fs::path& path, const struct stat& info, const std::string& what,
                                      bool sticky_counts) {
  const uid_t me = ::geteuid();
  if (info.st_uid != me && info.st_uid != 0) {
    return unexpected("refused: " + what + " is owned by " + user_name(info.st_uid) + ", not by you (" +
                      user_name(me) + ") or root; a module runs with your rights, so only you or root " +
                      "may own it (move it to a folder of yours" + override_hint + ")");
  }
  if (sticky_counts && (info.st_mode & S_ISVTX) != 0) return {};
  const bool others_write = (info.st_mode & S_IWOTH) != 0;
  const bool group_writes = (info.st_mode & S_IWGRP) != 0 && !private_group_of_owner(info.st_gid, info.st_uid);
  if (others_write || group_writes) {
    return unexpected("refused: " + what + " is writable by other users (mode " + mode_text(info.st_mode) +
                      ", owner " + user_name(info.st_uid) + "); run chmod go-w " + quoted(path) + override_hint);
  }
  return {};
}

/// A folder on the way, as opened.
struct OpenedFolder {
  fs::path path;
  struct stat info;
};

/// A descriptor closed at the end of the scope.
class Descriptor {
 public:
  explicit Descriptor(int fd = -1) noexcept : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(Descriptor&& other) noexcept : fd_(other.release()) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  Descriptor& operator=(Descriptor&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  [[nodiscard]] int get() const noexcept { return fd_; }
  int release() noexcept { return std::exchange(fd_, -1); }

 private:
  int fd_;
};

/// Opens the folder `absolute` (no link in it: canonical) from `/` down, each
/// folder from its parent with O_NOFOLLOW, recording each one's status; the
/// error is errno's text.
Expected<Descriptor, std::string> open_folder(const fs::path& absolute, std::vector<OpenedFolder>& folders) {
  constexpr int flags = O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
  Descriptor at(::open("/", flags));
  if (at.get() < 0) return unexpected(std::string(std::strerror(errno)));
  fs::path walked = "/";
  for (const auto& part : absolute.relative_path()) {
    struct stat info {};
    if (::fstat(at.get(), &info) != 0) return unexpected(std::string(std::strerror(errno)));
    folders.push_back({walked, info});
    Descriptor next(::openat(at.get(), part.c_str(), flags));
    // ELOOP/ENOTDIR: a folder became a link since the path was resolved.
    if (next.get() < 0) return unexpected(std::string(std::strerror(errno)));
    at = std::move(next);
    walked /= part;
  }
  struct stat info {};
  if (::fstat(at.get(), &info) != 0) return unexpected(std::string(std::strerror(errno)));
  folders.push_back({walked, info});
  return at;
}

ModuleRecord cannot_open(const fs::path& file, const std::string& reason) {
  ModuleRecord record;
  record.file = file;
  record.status = ModuleStatus::load_failed;
  record.reason = "cannot open it: " + reason;
  record.lasting = false;  // a limit or a moment (too many open files, a race), not the file
  return record;
}

}  // namespace

Expected<ModuleFile, ModuleRecord> open_plugin_file(const fs::path& file, FileChecks checks) {
  std::error_code ec;
  const fs::path folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  const fs::path real_folder = fs::canonical(folder, ec);
  if (ec) return unexpected(cannot_open(file, ec.message()));
  std::vector<OpenedFolder> folders;
  auto dir = open_folder(real_folder, folders);
  if (!dir) return unexpected(cannot_open(file, dir.error()));
  const std::string name = file.filename().string();
  struct stat link {};
  if (::fstatat(dir->get(), name.c_str(), &link, AT_SYMLINK_NOFOLLOW) != 0) {
    return unexpected(cannot_open(file, std::strerror(errno)));
  }
  // Through a link, the target's own folders decide who could replace it.
  std::vector<OpenedFolder> target_folders;
  fs::path target = file;
  Descriptor target_dir;
  int holder = dir->get();
  if (S_ISLNK(link.st_mode)) {
    target = fs::canonical(file, ec);
    if (ec) return unexpected(cannot_open(file, ec.message()));
    auto opened = open_folder(target.parent_path(), target_folders);
    if (!opened) return unexpected(cannot_open(file, opened.error()));
    target_dir = std::move(*opened);
    holder = target_dir.get();
  }
  // O_NONBLOCK: a FIFO planted under the name must not hang the open.
  Descriptor fd(::openat(holder, target.filename().c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) return unexpected(cannot_open(file, std::strerror(errno)));
  ModuleFile opened(file, fd.release());
  if (checks == FileChecks::none) return opened;

  const auto refuse = [&](Expected<void, std::string> verdict) -> std::optional<ModuleRecord> {
    if (verdict) return std::nullopt;
    ModuleRecord refused;
    refused.file = file;
    refused.status = ModuleStatus::unsafe_permissions;
    refused.reason = std::move(verdict).error();
    return refused;
  };
  // The order of the checks is the order of the messages: the file first,
  // then its folders, nearest first.
  if (auto refused = refuse(check_one(file, opened.identity(), "the file", false))) return unexpected(*refused);
  if (auto refused = refuse(check_one(folder, folders.back().info, "its folder " + quoted(folder), false))) {
    return unexpected(*refused);
  }
  if (!target_folders.empty() && target_folders.back().path != real_folder) {
    const auto& holding = target_folders.back();
    if (auto refused =
            refuse(check_one(holding.path, holding.info, "the folder of its target " + quoted(holding.path), false))) {
      return unexpected(*refused);
    }
  }
  for (const auto* chain : {&folders, &target_folders}) {
    for (std::size_t i = 0; i + 1 < chain->size(); ++i) {
      const auto& above = (*chain)[i];
      if (auto refused =
              refuse(check_one(above.path, above.info, "the folder " + quoted(above.path) + " above it", true))) {
        return unexpected(*refused);
      }
    }
  }
  return opened;
}

}  // namespace grk::host
