#include "modules/probe_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <utility>

#include <grk/abi.h>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/version.h>

#include "modules/record.hpp"
#include "support/atomic_file.hpp"
#include "support/host_error.hpp"

namespace grk::host {
namespace {

// What a cache must say it is to be read: a cache written by another host
// version may hold records this host would word or judge differently.
std::string cache_format() {
  return "grk-eval " GRK_SDK_VERSION_STRING " ABI " + std::to_string(GRK_ABI_VERSION) + " probe cache 1";
}

boost::json::array identity_of(const struct stat& info) {
  const auto nanoseconds = [](const timespec& time) {
    return static_cast<std::int64_t>(time.tv_sec) * 1000000000 + time.tv_nsec;
  };
  return boost::json::array{static_cast<std::uint64_t>(info.st_dev), static_cast<std::uint64_t>(info.st_ino),
                            static_cast<std::int64_t>(info.st_size), nanoseconds(info.st_mtim),
                            nanoseconds(info.st_ctim)};
}

// The file as it is now, followed through a link: only to drop the entries
// of files that changed; what is looked up is the opened file's identity.
std::optional<boost::json::array> identity_of(const std::filesystem::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return std::nullopt;
  return identity_of(info);
}

// The cache's text; nothing for a cache that is absent, unreadable, or that
// another user's or one others can write to (it could say anything). A
// folder, FIFO, device or link at the cache's path is ignored with a warning:
// opening a FIFO would hang, and the next write is refused anyway
// (docs/design.md §4.15).
std::optional<std::string> read_cache_text(const std::filesystem::path& file, bool& usable) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP) {
      usable = false;
      warn("probe cache '" + file.string() + "' is a symbolic link, not a regular file; ignored");
    }
    return std::nullopt;
  }
  std::string text;
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    ::close(fd);
    return std::nullopt;
  }
  if (!S_ISREG(info.st_mode)) {
    usable = false;
    warn("probe cache '" + file.string() + "' is " + file_kind_name(info.st_mode) + ", not a regular file; ignored");
    ::close(fd);
    return std::nullopt;
  }
  const bool trusted = info.st_uid == ::geteuid() && (info.st_mode & (S_IWGRP | S_IWOTH)) == 0;
  char chunk[65536];
  for (ssize_t n; trusted && (n = ::read(fd, chunk, sizeof chunk)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    text.append(chunk, static_cast<std::size_t>(n));
  }
  ::close(fd);
  if (!trusted) return std::nullopt;
  return text;
}

boost::json::object read_entries(const std::filesystem::path& file, bool& usable) {
  const auto text = read_cache_text(file, usable);
  if (!text) return {};
  auto json = json::read(*text);
  if (!json || !json->is_object()) return {};
  auto& top = json->get_object();
  const auto* format = top.if_contains("format");
  auto* entries = top.if_contains("modules");
  if (format == nullptr || *format != boost::json::value(cache_format()) || entries == nullptr ||
      !entries->is_object()) {
    return {};
  }
  return std::move(entries->get_object());
}

}  // namespace

ProbeCache ProbeCache::open_default() {
  const char* setting = std::getenv("GRK_PROBE_CACHE");
  if (setting != nullptr && *setting != '\0') {
    if (std::string(setting) == "off") return ProbeCache(std::nullopt);
    return ProbeCache(std::filesystem::path(setting));
  }
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg == '/') return ProbeCache(std::filesystem::path(xdg) / "grk-eval" / "probe-cache.json");
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home == '/') {
    return ProbeCache(std::filesystem::path(home) / ".cache" / "grk-eval" / "probe-cache.json");
  }
  return ProbeCache(std::nullopt);
}

ProbeCache::ProbeCache(std::optional<std::filesystem::path> file) : file_(std::move(file)) {
  if (file_) entries_ = read_entries(*file_, usable_);
}

std::optional<ModuleRecord> ProbeCache::find(const ModuleFile& file) const {
  const auto* entry = entries_.if_contains(file.path().string());
  if (entry == nullptr || !entry->is_object()) return std::nullopt;
  const auto* known = entry->get_object().if_contains("identity");
  const auto* record = entry->get_object().if_contains("record");
  if (known == nullptr || *known != boost::json::value(identity_of(file.identity())) || record == nullptr) {
    return std::nullopt;
  }
  auto parsed = module_from_json(*record);
  if (!parsed || parsed->file != file.path()) return std::nullopt;
  return std::move(*parsed);
}

void ProbeCache::store(const ModuleFile& file, const ModuleRecord& record) {
  if (!file_ || !record.lasting) return;
  // The identity of the descriptor that was probed, taken when it was opened:
  // a file replaced during its probe is then probed again next time.
  entries_[file.path().string()] =
      boost::json::object{{"identity", identity_of(file.identity())}, {"record", module_to_json(record)}};
  changed_ = true;
}

void ProbeCache::save() const {
  if (!file_ || !changed_ || !usable_) return;
  boost::json::object kept;
  for (const auto& entry : entries_) {
    const auto identity = identity_of(std::string(entry.key()));
    const auto* object = entry.value().if_object();
    const auto* known = object ? object->if_contains("identity") : nullptr;
    if (identity && known && *known == boost::json::value(*identity)) kept[entry.key()] = entry.value();
  }
  const boost::json::object document{{"format", cache_format()}, {"modules", std::move(kept)}};
  // A cache that cannot be written is no failure of the command.
  (void)write_file_atomically(*file_, json::write_compact(document));
}

}  // namespace grk::host
