// ProbeCache: what probing each module file found, kept between runs so that
// a run does not fork a probe for a module it has already seen
// (docs/design.md §4.12). A cache only saves time: an entry is used only while
// its file is exactly as it was, and a cache that cannot be read or trusted is
// ignored and written anew. It holds a line per module file, and a run parses
// only the lines of the files it finds: a cache that knows every build folder
// on the machine costs a run no more than one that knows its own.
#ifndef GRK_HOST_MODULES_PROBE_CACHE_HPP
#define GRK_HOST_MODULES_PROBE_CACHE_HPP

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "modules/module_file.hpp"
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
  /// starts empty. One that is not a regular file (a folder, FIFO, device or
  /// symbolic link) is never opened for reading nor written, with a warning
  /// on stderr: `grk-eval: warning: probe cache '<file>' is a folder, not a
  /// regular file; ignored`.
  explicit ProbeCache(std::optional<std::filesystem::path> file);

  /// The record probed for `file` when the opened file (device, inode, size,
  /// modification and change times, as fstat gave them when it was opened)
  /// is still the one probed.
  [[nodiscard]] std::optional<ModuleRecord> find(const ModuleFile& file) const;

  /// Remembers what probing the opened `file` found, under the identity it
  /// had when it was opened, before the probe; a record that is not
  /// `lasting` (a limit or the moment decided it) is not kept.
  void store(const ModuleFile& file, const ModuleRecord& record);

  /// Writes the cache back when store() changed it, dropping the entries of
  /// files that are gone or changed. Failing to write is not an error: the
  /// next run probes again.
  void save() const;

 private:
  struct Span {
    std::size_t begin = 0;
    std::size_t size = 0;
  };

  [[nodiscard]] std::string_view text_of(const Span& span) const { return std::string_view(text_).substr(span.begin, span.size); }

  std::optional<std::filesystem::path> file_;
  std::string text_;  // the cache as read
  // Each module's line, {"file":...,"identity":[...],"record":{...}}, under
  // its file's name as the line quotes it: those read, and those of the
  // files probed in this run.
  std::map<std::string, Span, std::less<>> read_;
  std::map<std::string, std::string, std::less<>> stored_;
  bool usable_ = true;  // false: a folder, FIFO, device or link is at the path
};

}  // namespace grk::host

#endif
