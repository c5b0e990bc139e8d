#include "run/input_checks.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <algorithm>
#include <iterator>
#include <optional>

#include <grk/eval/regular_file.hpp>
#include <grk/param.hpp>

namespace grk::host {
namespace {

namespace fs = std::filesystem;

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// Whether `path` is `base` or lies under it, both lexically normal and absolute
// (the plan made them so): a path an earlier step writes.
bool at_or_under(const fs::path& path, const fs::path& base) {
  auto p = path.lexically_normal();
  auto b = base.lexically_normal();
  auto [bi, pi] = std::mismatch(b.begin(), b.end(), p.begin(), p.end());
  // A trailing slash leaves an empty last element; it does not make a difference.
  return bi == b.end() || (std::next(bi) == b.end() && bi->empty());
}

// What is wrong with an input at `path`, if anything. Opening it is the only
// test of "can be read" that agrees with the later read for every user.
std::optional<std::string> input_problem(const std::string& path, PathKind kind) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return quoted(path) + " does not exist";
    return "cannot read " + quoted(path) + ": " + std::strerror(errno);
  }
  const bool folder = S_ISDIR(st.st_mode);
  if (kind == PathKind::file && folder) return quoted(path) + " is a folder; expected a file";
  if (kind == PathKind::folder && !folder) return quoted(path) + " is not a folder; expected a folder";
  // A FIFO would hang the read and a device (/dev/zero) never end it: only
  // regular files and folders are inputs (the readers check it again on the
  // descriptor they read).
  if (!folder && !S_ISREG(st.st_mode)) {
    return quoted(path) + " is " + eval::special_file_kind(st.st_mode) + ", not a regular file";
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | (folder ? O_DIRECTORY : 0));
  if (fd < 0) return "cannot read " + quoted(path) + ": " + std::strerror(errno);
  ::close(fd);
  return std::nullopt;
}

// The nearest folder above `path` that exists, and why it cannot hold what
// is created under it, if it cannot.
std::optional<std::string> creation_problem(const fs::path& path) {
  fs::path ancestor = path.parent_path();
  struct stat st {};
  while (::stat(ancestor.c_str(), &st) != 0) {
    // ENOTDIR: a file on the way up, which the walk then meets and names.
    if (errno != ENOENT && errno != ENOTDIR) return quoted(ancestor.string()) + ": " + std::strerror(errno);
    if (ancestor == ancestor.parent_path()) break;
    ancestor = ancestor.parent_path();
  }
  if (!S_ISDIR(st.st_mode)) return quoted(ancestor.string()) + " is not a folder";
  if (::access(ancestor.c_str(), W_OK | X_OK) != 0) {
    return quoted(ancestor.string()) + " is not writable: " + std::strerror(errno);
  }
  // Folders are to be made in it: only mkdir(2) can tell whether it takes
  // one (/proc takes none, even from root, whom access() always lets in).
  // A probe folder is made and removed at once.
  if (ancestor != path.parent_path()) {
    std::string probe = (ancestor / ".grk-eval-probe-XXXXXX").string();
    if (::mkdtemp(probe.data()) == nullptr) {
      return "cannot create a folder in " + quoted(ancestor.string()) + ": " + std::strerror(errno);
    }
    ::rmdir(probe.c_str());
  }
  return std::nullopt;
}

// What is wrong with an output at `path`, if anything: it exists as the
// wrong kind, or it cannot be created. Whether an existing output may be
// written into is the component's rule (its pre-run check says it).
std::optional<std::string> output_problem(const std::string& path, PathKind kind) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    const bool folder = S_ISDIR(st.st_mode);
    if (kind == PathKind::file && folder) return quoted(path) + " is a folder; expected a file";
    if (kind == PathKind::folder && !folder) return quoted(path) + " exists and is not a folder";
    // A folder the step writes into, or beside which it stages.
    if (folder && ::access(path.c_str(), W_OK | X_OK) != 0) {
      return quoted(path) + " is not writable: " + std::strerror(errno);
    }
    return std::nullopt;
  }
  // A link to nothing: the step could neither create it nor write through it.
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    return quoted(path) + " is a symbolic link to nothing; remove it, or name a folder";
  }
  if (auto problem = creation_problem(path)) return "cannot create " + quoted(path) + ": " + *problem;
  return std::nullopt;
}

// An input a step reads, as it is on disk before any step runs.
struct ExistingInput {
  std::string where;  ///< its param's place, `steps[0].params.runs (member 'bm25')`
  std::string path;
  fs::path canonical;
  dev_t device = 0;
  ino_t inode = 0;
};

// Calls visit(spec, where, path) for every path a step's params name (a
// `paths` param's members in the order given).
template <typename Visit>
void for_each_path(const PlannedStep& step, Visit visit) {
  for (const auto& spec : step.entry.component->params) {
    const auto* value = step.params.if_contains(spec.name);
    if (value == nullptr) continue;
    if (spec.type == ParamType::path) visit(spec, step.param_location(spec.name), std::string(value->get_string()));
    if (spec.type == ParamType::paths) {
      for (const auto& member : value->get_object()) {
        const std::string key(member.key());
        visit(spec, step.param_location(spec.name, &key), std::string(member.value().get_string()));
      }
    }
  }
}

// Every input of every step that exists now, but those an earlier step
// makes (at or under one of its outputs): the run is meant to write them.
std::vector<ExistingInput> existing_inputs(const std::vector<PlannedStep>& steps) {
  std::vector<ExistingInput> inputs;
  std::vector<fs::path> earlier_outputs;
  for (const auto& step : steps) {
    std::vector<fs::path> outputs;
    for_each_path(step, [&](const ParamSpec& spec, const std::string& where, const std::string& path) {
      if (spec.output) {
        outputs.emplace_back(path);
        return;
      }
      for (const auto& made : earlier_outputs) {
        if (at_or_under(path, made)) return;
      }
      struct stat st {};
      if (::stat(path.c_str(), &st) != 0) return;
      std::error_code ignored;
      inputs.push_back({where, path, fs::weakly_canonical(path, ignored), st.st_dev, st.st_ino});
    });
    earlier_outputs.insert(earlier_outputs.end(), outputs.begin(), outputs.end());
  }
  return inputs;
}

// Why writing the output `path` would change an input of the run, if it
// would: it is that file (device and inode), or a folder that holds it.
std::optional<std::string> output_over_inputs(const std::string& path, const std::vector<ExistingInput>& inputs) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;  // made new: it holds nothing yet
  std::error_code ignored;
  const fs::path canonical = fs::weakly_canonical(path, ignored);
  for (const auto& input : inputs) {
    if (input.device == st.st_dev && input.inode == st.st_ino) {
      return quoted(path) + " is the input " + quoted(input.path) + " (" + input.where +
             "); an output must not replace what the run reads";
    }
    if (S_ISDIR(st.st_mode) && at_or_under(input.canonical, canonical)) {
      return quoted(path) + " holds the input " + quoted(input.path) + " (" + input.where +
             "); an output must not replace what the run reads";
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> file_cannot_be_written(const std::string& target) {
  const fs::path path = fs::absolute(fs::path(target)).lexically_normal();
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return std::string("it is a folder");
    if (!S_ISREG(st.st_mode)) return std::string("it exists and is not a regular file");
  }
  return creation_problem(path);
}

std::optional<std::string> output_replaces_input(const std::string& target, const std::vector<PlannedStep>& steps) {
  return output_over_inputs(target, existing_inputs(steps));
}

void check_step_paths(const std::vector<PlannedStep>& steps, ConfigErrors& errors) {
  const std::vector<ExistingInput> inputs = existing_inputs(steps);
  std::vector<fs::path> earlier_outputs;
  for (const auto& step : steps) {
    std::vector<fs::path> outputs;
    for_each_path(step, [&](const ParamSpec& spec, const std::string& place, const std::string& path) {
      const std::string where = place + ": ";
      if (spec.output) {
        outputs.emplace_back(path);
        auto problem = output_problem(path, spec.path_kind);
        if (!problem) problem = output_over_inputs(path, inputs);
        if (problem) errors.add(step.place, usage_error(where + *problem));
        return;
      }
      for (const auto& made : earlier_outputs) {
        if (at_or_under(path, made)) return;
      }
      if (auto problem = input_problem(path, spec.path_kind)) errors.add(step.place, usage_error(where + *problem));
    });
    earlier_outputs.insert(earlier_outputs.end(), outputs.begin(), outputs.end());
  }
}

}  // namespace grk::host
