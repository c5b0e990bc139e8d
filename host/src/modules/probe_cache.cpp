#include "modules/probe_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include <grk/abi.h>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/version.h>

#include "modules/record.hpp"
#include "support/atomic_file.hpp"

namespace grk::host {
namespace {

// What a cache must say it is to be read: a cache written by another host
// version may hold records this host would word or judge differently.
std::string cache_format() {
  return "grk-eval " GRK_SDK_VERSION_STRING " ABI " + std::to_string(GRK_ABI_VERSION) + " probe cache 1";
}

// The file as it is now, followed through a link: what loading it would read.
std::optional<boost::json::array> identity_of(const std::filesystem::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return std::nullopt;
  const auto nanoseconds = [](const timespec& time) {
    return static_cast<std::int64_t>(time.tv_sec) * 1000000000 + time.tv_nsec;
  };
  return boost::json::array{static_cast<std::uint64_t>(info.st_dev), static_cast<std::uint64_t>(info.st_ino),
                            static_cast<std::int64_t>(info.st_size), nanoseconds(info.st_mtim),
                            nanoseconds(info.st_ctim)};
}

// Another user's cache, or one others can write to, could say anything.
bool trusted(const std::filesystem::path& file) {
  struct stat info {};
  return ::stat(file.c_str(), &info) == 0 && info.st_uid == ::geteuid() &&
         (info.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

boost::json::object read_entries(const std::filesystem::path& file) {
  if (!trusted(file)) return {};
  std::ifstream in(file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto json = json::read(text);
  if (!json || !json->is_object()) return {};
  const auto& top = json->get_object();
  const auto* format = top.if_contains("format");
  const auto* entries = top.if_contains("modules");
  if (format == nullptr || *format != boost::json::value(cache_format()) || entries == nullptr ||
      !entries->is_object()) {
    return {};
  }
  return entries->get_object();
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
  if (file_) entries_ = read_entries(*file_);
}

std::optional<ModuleRecord> ProbeCache::find(const std::filesystem::path& file) const {
  const auto* entry = entries_.if_contains(file.string());
  const auto identity = identity_of(file);
  if (entry == nullptr || !identity || !entry->is_object()) return std::nullopt;
  const auto* known = entry->get_object().if_contains("identity");
  const auto* record = entry->get_object().if_contains("record");
  if (known == nullptr || *known != boost::json::value(*identity) || record == nullptr) return std::nullopt;
  auto parsed = module_from_json(*record);
  if (!parsed || parsed->file != file) return std::nullopt;
  return std::move(*parsed);
}

void ProbeCache::store(const std::filesystem::path& file, const ModuleRecord& record) {
  if (!file_) return;
  const auto identity = identity_of(file);
  if (!identity) return;
  entries_[file.string()] = boost::json::object{{"identity", *identity}, {"record", module_to_json(record)}};
  changed_ = true;
}

void ProbeCache::save() const {
  if (!file_ || !changed_) return;
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
