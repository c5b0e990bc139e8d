#include "rules/output_checks.hpp"

#include <grk/python/text.hpp>

#include <algorithm>
#include <vector>

#include <dirent.h>
#include <sys/stat.h>

#include "source/python_path.hpp"

namespace grk::beir {
namespace {

enum class Kind { absent, directory, regular, other };

// Path.exists()/is_dir()/is_file(): they follow links, and a dangling link
// counts as absent.
Kind followed_kind(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return Kind::absent;
  if (S_ISDIR(st.st_mode)) return Kind::directory;
  if (S_ISREG(st.st_mode)) return Kind::regular;
  return Kind::other;
}

bool is_symlink(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

Unexpected<Failure> refuse(std::string message) { return fail(Status::failed_precondition, std::move(message)); }

}  // namespace

std::optional<std::string> contained_realpath(const std::string& path, const std::string& base) {
  if (python::strip(path).empty() || path.find('\0') != std::string::npos) return std::nullopt;
  const std::string rp = python_realpath(path);
  const std::string rb = python_realpath(base);
  // os.path.commonpath([rb, rp]) == rb, on normalised absolute paths.
  const bool inside = rp == rb || rb == "/" ||
                      (rp.size() > rb.size() && rp.compare(0, rb.size(), rb) == 0 && rp[rb.size()] == '/');
  if (!inside) return std::nullopt;
  return rp;
}

Expected<std::string> require_contained(const std::string& candidate, const std::string& base, const char* label) {
  if (auto inside = contained_realpath(candidate, base)) return std::move(*inside);
  return refuse(std::string("BEIR ") + label + " path " + python::repr(candidate) +
                " resolves outside the output directory " + python::repr(base) + "; refused. Nothing was written.");
}

Expected<OutputLayout> check_output(const std::string& destination) {
  if (const Kind kind = followed_kind(destination); kind != Kind::absent && kind != Kind::directory) {
    return refuse("BEIR output path " + python::repr(destination) +
                  " exists but is not a directory. Remove it, or choose a path that does not already hold a "
                  "file by that name.");
  }
  OutputLayout layout;
  layout.destination = destination;
  const std::string judgments = join_path(destination, "judgments.jsonl");
  // Checked before existence, because exists() follows links, dangling ones too.
  if (is_symlink(judgments)) {
    return refuse("BEIR judgments path " + python::repr(judgments) +
                  " is a symbolic link; refused rather than followed, because it can point outside the "
                  "output directory you named. Remove the link and re-run.");
  }
  if (const Kind kind = followed_kind(judgments); kind != Kind::absent && kind != Kind::regular) {
    return refuse("BEIR judgments path " + python::repr(judgments) +
                  " exists but is not a regular file. Remove it, or choose an output directory that does "
                  "not already hold a directory by that name.");
  }
  Expected<std::string> contained = require_contained(judgments, destination, "judgments");
  if (!contained) return unexpected(std::move(contained).error());
  layout.judgments_path = std::move(contained).value();

  layout.corpus_dir = join_path(destination, "corpus");
  const std::string& corpus = layout.corpus_dir;
  if (is_symlink(corpus)) {
    return refuse("BEIR output corpus path " + python::repr(corpus) +
                  " is a symbolic link; refused rather than followed, because documents written through it "
                  "would land outside the output directory you named. Remove the link and re-run.");
  }
  const Kind corpus_kind = followed_kind(corpus);
  if (corpus_kind != Kind::absent && corpus_kind != Kind::directory) {
    return refuse("BEIR output corpus path " + python::repr(corpus) +
                  " exists but is not a directory. Remove it, or choose an output directory that does not "
                  "already hold a file by that name.");
  }
  if (corpus_kind == Kind::directory) {
    std::vector<std::string> names;
    if (DIR* dir = ::opendir(corpus.c_str())) {
      while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name != "." && name != "..") names.push_back(name);
      }
      ::closedir(dir);
    }
    if (!names.empty()) {
      std::sort(names.begin(), names.end());
      const std::vector<std::string> first(names.begin(), names.begin() + std::min<std::size_t>(3, names.size()));
      return refuse("BEIR output corpus directory " + python::repr(corpus) + " already contains " +
                    std::to_string(names.size()) + " entries (e.g. " + python::repr_list(first) +
                    "). Adapting into it would mix two datasets in one corpus and score stale documents "
                    "against judgments that never referenced them. Remove the directory and re-run.");
    }
  }
  return layout;
}

}  // namespace grk::beir
