#include "modules/file_safety.hpp"

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

namespace grk::host {
namespace {

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

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

// A group write bit is harmless when the group is the owner's own private
// group (Debian's user private groups, where umask 002 is the default): its
// primary group, with no other member. Debian's OpenSSH accepts the same.
bool private_group_of_owner(gid_t gid, uid_t owner) {
  const passwd* user = ::getpwuid(owner);
  if (user == nullptr || user->pw_gid != gid) return false;
  const std::string name = user->pw_name;
  const group* entry = ::getgrgid(gid);
  if (entry == nullptr) return false;
  for (char** member = entry->gr_mem; member != nullptr && *member != nullptr; ++member) {
    if (name != *member) return false;
  }
  return true;
}

const char* const override_hint = ", or pass --allow-unsafe-plugin-dirs to load it anyway";

/// `what` ("the file", "its folder '<dir>'") is safe when stat says so.
Expected<void, std::string> check_one(const std::filesystem::path& path, const std::string& what) {
  struct stat info {};
  // stat, not lstat: for a link, what is loaded is the file it points to.
  if (::stat(path.c_str(), &info) != 0) return {};  // gone: the probe reports it
  const uid_t me = ::geteuid();
  if (info.st_uid != me && info.st_uid != 0) {
    return unexpected("refused: " + what + " is owned by " + user_name(info.st_uid) + ", not by you (" +
                      user_name(me) + ") or root; a module runs with your rights, so only you or root " +
                      "may own it (move it to a folder of yours" + override_hint + ")");
  }
  const bool others_write = (info.st_mode & S_IWOTH) != 0;
  const bool group_writes = (info.st_mode & S_IWGRP) != 0 && !private_group_of_owner(info.st_gid, info.st_uid);
  if (others_write || group_writes) {
    return unexpected("refused: " + what + " is writable by other users (mode " + mode_text(info.st_mode) +
                      ", owner " + user_name(info.st_uid) + "); run chmod go-w " + quoted(path) + override_hint);
  }
  return {};
}

}  // namespace

Expected<void, std::string> check_plugin_file_safety(const std::filesystem::path& file) {
  GRK_TRY_VOID(check_one(file, "the file"));
  const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
  GRK_TRY_VOID(check_one(folder, "its folder " + quoted(folder)));
  // Through a link, the file's own folder decides who could replace it.
  std::error_code ec;
  if (std::filesystem::is_symlink(file, ec)) {
    const std::filesystem::path target = std::filesystem::canonical(file, ec);
    if (!ec && target.parent_path() != std::filesystem::canonical(folder, ec)) {
      return check_one(target.parent_path(), "the folder of its target " + quoted(target.parent_path()));
    }
  }
  return {};
}

}  // namespace grk::host
