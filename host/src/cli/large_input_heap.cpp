#include "cli/large_input_heap.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

namespace grk::host {
namespace {

constexpr std::uintmax_t largest_config = std::uintmax_t{1} << 20;

/// The size of `path` when it is a regular file (stat follows links, as the
/// steps' reads do), else 0.
std::uint64_t file_bytes(const std::filesystem::path& path) {
  struct stat st {};
  if (path.empty() || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  return static_cast<std::uint64_t>(st.st_size);
}

std::uint64_t text_bytes(std::string_view text, const std::filesystem::path& folder, int depth);

/// The strings of a JSON value, each read as text_bytes reads an argument.
std::uint64_t json_bytes(const boost::json::value& value, const std::filesystem::path& folder, int depth) {
  std::uint64_t bytes = 0;
  if (value.is_string()) return text_bytes(value.get_string(), folder, depth);
  if (value.is_array()) {
    for (const auto& item : value.get_array()) bytes += json_bytes(item, folder, depth);
  } else if (value.is_object()) {
    for (const auto& member : value.get_object()) bytes += json_bytes(member.value(), folder, depth);
  }
  return bytes;
}

/// A config file's strings, relative to its folder: only a JSON object of
/// at most largest_config bytes, and not from within a config (depth). The
/// file is checked on the descriptor it is read from, opened non-blocking,
/// so that a FIFO put in its place cannot hold the start.
std::uint64_t config_bytes(const std::filesystem::path& path, int depth) {
  if (depth > 0 || path.extension() != ".json") return 0;
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return 0;
  struct stat st {};
  std::string text;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uintmax_t>(st.st_size) <= largest_config) {
    text.resize(static_cast<std::size_t>(st.st_size));
    const ssize_t got = ::read(fd, text.data(), text.size());
    text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  }
  ::close(fd);
  boost::system::error_code parsed;
  const boost::json::value config = boost::json::parse(text, parsed);
  if (parsed || !config.is_object()) return 0;
  return json_bytes(config, path.parent_path(), depth + 1);
}

std::uint64_t text_bytes(std::string_view text, const std::filesystem::path& folder, int depth) {
  if (text.empty() || text.find('\0') != std::string_view::npos) return 0;
  const auto named = [&](std::string_view item) {
    const std::filesystem::path path(std::string{item});
    return path.is_absolute() || folder.empty() ? path : folder / path;
  };
  std::uint64_t whole = file_bytes(named(text));
  if (whole > 0) return whole + config_bytes(named(text), depth);
  std::uint64_t bytes = 0;
  if (const auto equals = text.find('='); equals != std::string_view::npos) {
    const std::string_view value = text.substr(equals + 1);
    if (!value.empty() && (value.front() == '{' || value.front() == '[')) {
      boost::system::error_code parsed;
      const boost::json::value json = boost::json::parse(value, parsed);
      if (!parsed) return json_bytes(json, folder, depth);
    }
  }
  // Each comma-separated item: the file it names whole, or after one of its
  // '=' (key=NAME=PATH).
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    for (std::size_t from = 0; from <= item.size();) {
      if (const std::uint64_t found = file_bytes(named(item.substr(from))); found > 0) {
        bytes += found;
        break;
      }
      const std::size_t equals = item.find('=', from);
      if (equals == std::string_view::npos) break;
      from = equals + 1;
    }
    start = comma + 1;
  }
  return bytes;
}

}  // namespace

std::uint64_t named_input_bytes(const char* const* argv) {
  std::uint64_t bytes = 0;
  try {
    for (const char* const* arg = argv + 1; *arg != nullptr; ++arg) bytes += text_bytes(*arg, {}, 0);
  } catch (const std::exception&) {
    // Out of memory reading a config: the files counted so far are what is known.
  }
  return bytes;
}

void use_huge_pages_for_large_inputs(char** argv) {
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  // Already chosen, by the user or by the start that re-executed this one.
  if (tunables != nullptr && std::strstr(tunables, "glibc.malloc.hugetlb") != nullptr) return;
  if (named_input_bytes(argv) < large_input_bytes) return;
  const std::string before = tunables != nullptr ? tunables : "";
  const std::string wanted = before.empty() ? large_input_tunables : before + ":" + large_input_tunables;
  if (::setenv("GLIBC_TUNABLES", wanted.c_str(), 1) != 0) return;
  ::execv("/proc/self/exe", argv);
  // The exec failed (no /proc): the usual heap, and the environment as it was.
  if (tunables != nullptr) {
    ::setenv("GLIBC_TUNABLES", before.c_str(), 1);
  } else {
    ::unsetenv("GLIBC_TUNABLES");
  }
}

}  // namespace grk::host
