// Helpers shared by the beir tests: temporary folders, writing and snapshotting
// files, finding the source tree (GRK_SOURCE_DIR, set by grk_add_test), and
// reading id_map.tsv back.
#ifndef GRK_TESTS_BEIR_BEIR_TEST_SUPPORT_HPP
#define GRK_TESTS_BEIR_BEIR_TEST_SUPPORT_HPP

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace beir_test {

namespace fs = std::filesystem;

/// A fresh folder under the system temp dir, removed at the end of the scope.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "grk-beir-test-XXXXXX").string();
    path_ = fs::path(::mkdtemp(pattern.data()));
    // Resolved once: messages name resolved paths (docs/behaviour/beir.md §7 step 2).
    path_ = fs::canonical(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ignored);
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& child) const { return path_ / child; }

 private:
  fs::path path_;
};

inline void write_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// Every entry under `root` (hidden ones too, links not followed): relative
/// path -> "dir", "link:<target>" or "file:<bytes>". Equal snapshots mean the
/// folder is byte for byte the same.
inline std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> entries;
  std::error_code error;
  if (!fs::exists(fs::symlink_status(root, error))) return entries;
  if (fs::is_symlink(fs::symlink_status(root))) {
    entries["."] = "link:" + fs::read_symlink(root).string();
    return entries;
  }
  if (!fs::is_directory(root)) {
    entries["."] = "file:" + read_file(root);
    return entries;
  }
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    // Lexically: fs::relative resolves symbolic links, which named a link
    // after its target and let it overwrite the target's own entry.
    const std::string rel = it->path().lexically_relative(root).string();
    const auto status = it->symlink_status();
    if (fs::is_symlink(status)) {
      entries[rel] = "link:" + fs::read_symlink(it->path()).string();
    } else if (fs::is_directory(status)) {
      entries[rel] = "dir";
    } else {
      entries[rel] = "file:" + read_file(it->path());
    }
  }
  return entries;
}

/// The repository's source folder, or nullopt when the environment lacks it.
inline std::optional<fs::path> source_dir() {
  const char* dir = std::getenv("GRK_SOURCE_DIR");
  if (dir == nullptr || *dir == '\0') return std::nullopt;
  return fs::path(dir);
}

inline bool have_python3() { return std::system("python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null") == 0; }

/// A real subset of ../shared/beir-data (resolved), or nullopt when it is
/// absent: the tests that read one skip with a message.
inline std::optional<fs::path> real_dataset(const std::string& name) {
  const auto source = source_dir();
  if (!source) return std::nullopt;
  const fs::path path = *source / ".." / "shared" / "beir-data" / name;
  if (!fs::exists(path / "corpus.jsonl")) return std::nullopt;
  return fs::canonical(path);
}

/// The qrels header, and a smallest valid dataset: one document, one query,
/// one positive pair.
inline const std::string header = "query-id\tcorpus-id\tscore\n";
inline const std::string good_corpus = "{\"_id\": \"doc-1\", \"title\": \"Title\", \"text\": \"Body\"}\n";
inline const std::string good_queries = "{\"_id\": \"q-1\", \"text\": \"What?\"}\n";
inline const std::string good_qrels = header + "q-1\tdoc-1\t1\n";

/// The three source files of a dataset in <tmp>/src, split "test".
inline void write_sources(const TempDir& tmp, const std::string& corpus = good_corpus,
                          const std::string& queries = good_queries, const std::string& qrels = good_qrels) {
  write_file(tmp / "src/corpus.jsonl", corpus);
  write_file(tmp / "src/queries.jsonl", queries);
  write_file(tmp / "src/qrels/test.tsv", qrels);
}

/// `text` with every `from` replaced by `to` (a temporary folder's path by
/// "<T>", so that expected messages can be written out).
inline std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

/// One line of id_map.tsv, the escapes undone.
struct IdMapRow {
  std::string kind, original, adapted;
};

/// The lines of an id_map.tsv after its header, with TAB, LF, CR and backslash
/// unescaped (docs/behaviour/beir.md §16.8); nullopt when the header or a line's field count is wrong.
inline std::optional<std::vector<IdMapRow>> id_map_rows(const std::string& text) {
  std::size_t at = text.find('\n') + 1;
  if (text.substr(0, at) != "kind\toriginal\tadapted\n") return std::nullopt;
  std::vector<IdMapRow> rows;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) return std::nullopt;
    std::vector<std::string> fields(1);
    for (std::size_t i = at; i < end; ++i) {
      if (text[i] == '\t') {
        fields.emplace_back();
      } else if (text[i] == '\\' && i + 1 < end) {
        const char next = text[++i];
        fields.back() += next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next;
      } else {
        fields.back() += text[i];
      }
    }
    if (fields.size() != 3) return std::nullopt;
    rows.push_back({fields[0], fields[1], fields[2]});
    at = end + 1;
  }
  return rows;
}

}  // namespace beir_test

#endif
