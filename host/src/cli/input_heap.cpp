#include "cli/input_heap.hpp"

#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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

// What large_input_tunables gives, asked of glibc in this process (see
// use_huge_pages_for_inputs).
void back_heap_with_huge_pages() {
  // The tunables' route makes glibc advise each region it adds to a heap;
  // here the heap is advised once, so it must grow by much at a time, and
  // hold what the run allocates (a block above the mmap threshold, or any
  // block of another thread's arena, would be on small pages).
  constexpr std::uintptr_t huge_page = std::uintptr_t{2} << 20;
  constexpr std::size_t most_mmap_threshold = std::size_t{32} << 20;  // glibc refuses more
  constexpr std::size_t growth = std::size_t{64} << 20;
  if (::mallopt(M_ARENA_MAX, 1) == 0 || ::mallopt(M_MMAP_THRESHOLD, most_mmap_threshold) == 0 ||
      ::mallopt(M_TOP_PAD, growth) == 0) {
    return;
  }
  // A huge page backs a 2 MiB range of the advised heap only where nothing
  // in that range has been written yet. So the free space at the heap's top
  // is first taken by a block kept for the program's life, never written,
  // that ends 16 bytes before the next 2 MiB boundary: the header malloc
  // writes at the start of the space left lies before the boundary, and
  // what is allocated next starts on it. Taking the block grows the heap by
  // `growth`. It is 1 MiB or more, which no block freed so early can serve:
  // it comes from the top.
  const std::size_t header = 2 * sizeof(std::size_t);
  const std::uintptr_t top = reinterpret_cast<std::uintptr_t>(::sbrk(0)) - ::mallinfo2().keepcost;
  std::uintptr_t boundary = (top + huge_page - 1) & ~(huge_page - 1);
  if (boundary - top < huge_page / 2) boundary += huge_page;
  static void* const below_boundary = std::malloc(boundary - top - header - sizeof(std::size_t));
  const auto end = reinterpret_cast<std::uintptr_t>(::sbrk(0));
  if (below_boundary == nullptr || end <= boundary) return;
  ::madvise(reinterpret_cast<void*>(boundary), end - boundary, MADV_HUGEPAGE);
}

}  // namespace

std::uint64_t named_input_bytes(const char* const* argv) {
  // The options that name a file the command writes (run, evaluate and
  // report's), as `-o FILE`, `-oFILE`, `--output FILE` or `--output=FILE`:
  // what an earlier run left there is no input, and a results document of a
  // few hundred KiB would be read as if a config.
  constexpr std::string_view short_output = "-o";
  constexpr std::string_view long_outputs[] = {"--output", "--results", "--report"};
  const auto names_output = [&](std::string_view arg) {
    return arg == short_output ||
           std::find(std::begin(long_outputs), std::end(long_outputs), arg) != std::end(long_outputs);
  };
  const auto written_inline = [&](std::string_view arg) {
    if (arg.size() > short_output.size() && arg.substr(0, short_output.size()) == short_output) return true;
    return std::any_of(std::begin(long_outputs), std::end(long_outputs), [&](std::string_view option) {
      return arg.size() > option.size() && arg.substr(0, option.size()) == option && arg[option.size()] == '=';
    });
  };
  std::uint64_t bytes = 0;
  try {
    for (const char* const* arg = argv + 1; *arg != nullptr; ++arg) {
      if (names_output(*arg)) {
        if (*++arg == nullptr) break;
        continue;
      }
      if (!written_inline(*arg)) bytes += text_bytes(*arg, {}, 0);
    }
  } catch (const std::exception&) {
    // Out of memory reading a config: the files counted so far are what is known.
  }
  return bytes;
}

void use_huge_pages_for_inputs(char** argv) {
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  // Already chosen, by the user or by the start that re-executed this one.
  if (tunables != nullptr && std::strstr(tunables, "glibc.malloc.hugetlb") != nullptr) return;
  const std::uint64_t bytes = named_input_bytes(argv);
  if (bytes == 0) return;
  if (bytes >= large_input_bytes) {
    const std::string before = tunables != nullptr ? tunables : "";
    const std::string wanted = before.empty() ? large_input_tunables : before + ":" + large_input_tunables;
    if (::setenv("GLIBC_TUNABLES", wanted.c_str(), 1) == 0) {
      ::execv("/proc/self/exe", argv);
      // The exec failed (no /proc): the environment as it was.
      if (tunables != nullptr) {
        ::setenv("GLIBC_TUNABLES", before.c_str(), 1);
      } else {
        ::unsetenv("GLIBC_TUNABLES");
      }
    }
  }
  back_heap_with_huge_pages();
}

}  // namespace grk::host
