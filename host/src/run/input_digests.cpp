#include "run/input_digests.hpp"

#include <algorithm>
#include <cerrno>
#include <system_error>
#include <utility>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include <grk/detail/sha256.hpp>
#include <grk/eval/regular_file.hpp>

namespace grk::host {
namespace {

using Sha256 = grk::detail::Sha256;

enum class EntryKind { file, link };

struct Entry {
  std::string relative;  // components joined by '/'
  EntryKind kind;
};

// Every regular file and symbolic link under `folder`, links not followed;
// other kinds (fifos, sockets, devices) are left out.
Expected<std::vector<Entry>, HostError> list_tree(const std::filesystem::path& folder) {
  namespace fs = std::filesystem;
  std::vector<Entry> entries;
  std::error_code ec;
  fs::recursive_directory_iterator walk(folder, fs::directory_options::none, ec);
  for (; !ec && walk != fs::recursive_directory_iterator(); walk.increment(ec)) {
    const fs::file_status status = walk->symlink_status(ec);
    if (ec) break;
    const std::string relative = walk->path().lexically_relative(folder).generic_string();
    if (fs::is_symlink(status)) {
      entries.push_back({relative, EntryKind::link});
    } else if (fs::is_regular_file(status)) {
      entries.push_back({relative, EntryKind::file});
    }
  }
  if (ec) return usage_error("cannot read folder '" + folder.string() + "': " + ec.message());
  // Bytes order: std::string compares as unsigned char.
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.relative < b.relative; });
  return entries;
}

}  // namespace

std::string sha256_of_text(std::string_view text) {
  Sha256 hash;
  hash.update(text);
  return hash.hex_digest();
}

Expected<std::string, HostError> sha256_of_file(const std::filesystem::path& file) {
  // Checked on the descriptor read: a FIFO put in the file's place after
  // the caller looked cannot hold the hashing thread.
  const eval::OpenedFile opened = eval::open_regular_file(file.c_str());
  if (opened.special != nullptr || opened.error == EISDIR) {
    return usage_error("cannot hash '" + file.string() + "': not a regular file");
  }
  if (opened.fd < 0) return usage_error("cannot open '" + file.string() + "'");
  const int fd = opened.fd;
  Sha256 hash;
  std::vector<char> buffer(1 << 16);
  ssize_t got = 0;
  while ((got = ::read(fd, buffer.data(), buffer.size())) != 0) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    hash.update(buffer.data(), static_cast<std::size_t>(got));
  }
  ::close(fd);
  if (got < 0) return usage_error("cannot read '" + file.string() + "'");
  return hash.hex_digest();
}

Expected<FolderDigest, HostError> sha256_of_folder(const std::filesystem::path& folder) {
  GRK_TRY(const auto entries, list_tree(folder));
  Sha256 stream;
  FolderDigest digest;
  for (const Entry& entry : entries) {
    const std::filesystem::path path = folder / entry.relative;
    std::string line = entry.relative;
    line += '\0';
    if (entry.kind == EntryKind::link) {
      std::error_code ec;
      const std::string target = std::filesystem::read_symlink(path, ec).string();
      if (ec) return usage_error("cannot read link '" + path.string() + "': " + ec.message());
      line += "symlink";
      line += '\0';
      line += target;
    } else {
      struct stat st {};
      if (::lstat(path.c_str(), &st) != 0) return usage_error("cannot read '" + path.string() + "'");
      GRK_TRY(const auto file_digest, sha256_of_file(path));
      line += std::to_string(st.st_size);
      line += '\0';
      line += file_digest;
      ++digest.files;
    }
    line += '\n';
    stream.update(line);
  }
  digest.sha256 = stream.hex_digest();
  return digest;
}

}  // namespace grk::host
