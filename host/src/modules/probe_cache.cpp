#include "modules/probe_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <map>
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
  return "grk-eval " GRK_SDK_VERSION_STRING " ABI " + std::to_string(GRK_ABI_VERSION) + " probe cache 2";
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
  // Read into the text itself, sized by fstat: copied from blocks, it grew
  // by doubling, and fresh memory is what costs here (a cache of 360 KB
  // touched 960 KB).
  std::size_t got = 0;
  text.resize(trusted ? static_cast<std::size_t>(info.st_size) + 1 : 0);
  while (trusted) {
    if (got == text.size()) text.resize(2 * text.size());  // it grew since fstat
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n == 0) break;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  ::close(fd);
  if (!trusted) return std::nullopt;
  return text;
}

// The first line of a cache this host reads and writes.
std::string format_line() { return json::write_compact(boost::json::object{{"format", cache_format()}}); }

// How a module's line begins, up to its file's quoted name.
constexpr std::string_view line_start = "{\"file\":";

// `file` as a line quotes it: the key a line is found by, with no parsing.
std::string quoted(const std::filesystem::path& file) { return json::write_compact(boost::json::value(file.string())); }

// The quoted name at the start of a module's line, or nothing for a line
// that does not start as one does (it is then never found, and dropped).
std::optional<std::string_view> quoted_name(std::string_view line) {
  if (line.substr(0, line_start.size()) != line_start) return std::nullopt;
  const std::size_t open = line_start.size();
  if (open >= line.size() || line[open] != '"') return std::nullopt;
  for (std::size_t i = open + 1; i < line.size(); ++i) {
    if (line[i] == '\\') {
      ++i;
    } else if (line[i] == '"') {
      return line.substr(open, i + 1 - open);
    }
  }
  return std::nullopt;
}

// A module's line: its object, when it is one.
std::optional<boost::json::object> parse_line(std::string_view line) {
  auto json = json::read(line);
  if (!json || !json->is_object()) return std::nullopt;
  return std::move(json->get_object());
}

// Whether the file a line names is still the one its identity says.
bool still_current(std::string_view line) {
  const auto entry = parse_line(line);
  if (!entry) return false;
  const auto* file = entry->if_contains("file");
  const auto* known = entry->if_contains("identity");
  if (file == nullptr || !file->is_string() || known == nullptr) return false;
  const auto identity = identity_of(std::filesystem::path(std::string(file->get_string())));
  return identity && *known == boost::json::value(*identity);
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
  if (!file_) return;
  text_ = read_cache_text(*file_, usable_).value_or(std::string());
  const std::string first = format_line();
  const std::string_view text(text_);
  if (text.substr(0, first.size() + 1) != first + "\n") return;
  // Only indexed here: a line is parsed when its file is looked up.
  for (std::size_t begin = first.size() + 1; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    if (const auto name = quoted_name(text.substr(begin, end - begin))) {
      read_.insert_or_assign(std::string(*name), Span{begin, end - begin});
    }
    begin = end + 1;
  }
}

std::optional<ModuleRecord> ProbeCache::find(const ModuleFile& file) const {
  const std::string name = quoted(file.path());
  std::string_view text;
  if (const auto stored = stored_.find(name); stored != stored_.end()) {
    text = stored->second;
  } else if (const auto read = read_.find(name); read != read_.end()) {
    text = text_of(read->second);
  } else {
    return std::nullopt;
  }
  const auto entry = parse_line(text);
  if (!entry) return std::nullopt;
  const auto* known = entry->if_contains("identity");
  const auto* record = entry->if_contains("record");
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
  stored_[quoted(file.path())] = json::write_compact(boost::json::object{
      {"file", file.path().string()}, {"identity", identity_of(file.identity())}, {"record", module_to_json(record)}});
}

void ProbeCache::save() const {
  if (!file_ || stored_.empty() || !usable_) return;
  std::string text = format_line() + "\n";
  // In the order of the files' quoted names, a line probed now in place of
  // the one read.
  std::map<std::string_view, std::string_view> lines;
  for (const auto& [name, span] : read_) lines[name] = text_of(span);
  for (const auto& [name, line] : stored_) lines[name] = line;
  for (const auto& [name, line] : lines) {
    if (!still_current(line)) continue;
    text.append(line);
    text += '\n';
  }
  // A cache that cannot be written is no failure of the command.
  (void)write_file_atomically(*file_, text);
}

}  // namespace grk::host
