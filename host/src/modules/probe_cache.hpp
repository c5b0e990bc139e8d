// ProbeCache: what probing each module file found, kept between runs so that
// a run does not fork a probe for a module it has already seen
// (docs/design.md §4.12). A cache only saves time: an entry is used only while
// its file is exactly as it was, and a cache that cannot be read or trusted is
// ignored and written anew.
#ifndef GRK_HOST_MODULES_PROBE_CACHE_HPP
#define GRK_HOST_MODULES_PROBE_CACHE_HPP

#include <boost/json/object.hpp>

#include <filesystem>
#include <optional>

#include "modules/record.hpp"

namespace grk::host {

class ProbeCache {
 public:
  /// The invoking user's cache: GRK_PROBE_CACHE names its file (`off`: no
  /// cache), else $XDG_CACHE_HOME/grk-eval/probe-cache.json, else
  /// $HOME/.cache/grk-eval/probe-cache.json.
  [[nodiscard]] static ProbeCache open_default();

  /// The cache kept in `file` (none: a cache that keeps nothing). The file
  /// is read now; an absent, unreadable, corrupt or foreign one (another
  /// host version or ABI; owned by someone else or writable by others)
  /// starts empty.
  explicit ProbeCache(std::optional<std::filesystem::path> file);

  /// The record probed for `file` when the file (device, inode, size,
  /// modification and change times) is still the one probed.
  [[nodiscard]] std::optional<ModuleRecord> find(const std::filesystem::path& file) const;

  /// Remembers what probing `file` found.
  void store(const std::filesystem::path& file, const ModuleRecord& record);

  /// Writes the cache back when store() changed it, dropping the entries of
  /// files that are gone or changed. Failing to write is not an error: the
  /// next run probes again.
  void save() const;

 private:
  std::optional<std::filesystem::path> file_;
  boost::json::object entries_;  // path -> {"identity": [...], "record": {...}}
  bool changed_ = false;
};

}  // namespace grk::host

#endif
