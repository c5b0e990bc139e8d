#include "pipeline/subsets.hpp"

#include <grk/error.hpp>
#include <grk/python/text.hpp>

#include <algorithm>
#include <utility>

#include <dirent.h>
#include <sys/stat.h>

#include "source/python_path.hpp"

namespace grk::beir {
namespace {

bool is_directory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool exists_no_follow(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

// `request` for the subset `name`: the same split and options, one level down.
AdaptationRequest subset_request(const AdaptationRequest& request, const std::string& source,
                                 const std::string& destination, const std::string& name, bool check_only) {
  AdaptationRequest subset(join_path(source, name), join_path(destination, name), request.split, request.policies);
  subset.check_only = check_only;
  return subset;
}

}  // namespace

SubsetFolders find_subsets(const std::string& source) {
  SubsetFolders found;
  DIR* dir = ::opendir(source.c_str());
  if (dir == nullptr) return found;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = join_path(source, name);
    if (!is_directory(path)) continue;
    (exists_no_follow(join_path(path, "corpus.jsonl")) ? found.datasets : found.skipped).push_back(name);
  }
  ::closedir(dir);
  // Bytes order: std::string compares as unsigned char.
  std::sort(found.datasets.begin(), found.datasets.end());
  std::sort(found.skipped.begin(), found.skipped.end());
  return found;
}

std::string one_dataset_not_subsets(const std::string& source) {
  return "subsets is 'each' but " + python::repr(source) +
         " holds corpus.jsonl itself: it is one BEIR dataset, not a folder of them; adapt it with subsets 'refuse'";
}

std::string subsets_hint(const std::string& source) {
  if (exists_no_follow(join_path(source, "corpus.jsonl"))) return {};
  const SubsetFolders folders = find_subsets(source);
  if (folders.datasets.empty()) return {};
  return python::repr(source) + " is a folder of BEIR datasets (CQADupStack's layout): " +
         python::repr_list(folders.datasets) + "; adapt each of them with subsets=each";
}

SubsetsReport adapt_subsets(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  for (const std::string* given : {&request.source_dir, &request.output_dir}) {
    if (given->find('\0') != std::string::npos) throw Error(Status::invalid_argument, "embedded null byte");
  }
  SubsetsReport report;
  report.source_dir = python_realpath(request.source_dir);
  report.output_dir = python_realpath(request.output_dir);
  report.split = request.split;
  const std::string corpus = join_path(report.source_dir, "corpus.jsonl");
  if (exists_no_follow(corpus)) {
    throw Error(Status::invalid_argument, one_dataset_not_subsets(report.source_dir));
  }
  SubsetFolders folders = find_subsets(report.source_dir);
  if (folders.datasets.empty()) {
    // Nothing to adapt one by one: the source is read as one dataset, which
    // refuses it with groundkit's message for the missing corpus.jsonl.
    AdaptationRequest whole = request;
    whole.check_only = true;
    (void)adapt_beir_dataset(whole, hooks);
    throw Error(Status::not_found, "no BEIR dataset in " + python::repr(report.source_dir));
  }
  report.skipped = std::move(folders.skipped);
  // Every subset is checked before any is written, so a data problem in the
  // last one leaves the output as it was.
  for (const std::string& name : folders.datasets) {
    try {
      (void)adapt_beir_dataset(subset_request(request, report.source_dir, report.output_dir, name, true), hooks);
    } catch (const Error& error) {
      // The hint names files inside the subset, which the message names (docs/behaviour/beir.md §19).
      throw Error(error.status(), "subset " + python::repr(name) + ": " + error.what(), error.hint());
    }
  }
  std::vector<std::string> published;
  for (const std::string& name : folders.datasets) {
    try {
      report.subsets.emplace_back(
          name, adapt_beir_dataset(subset_request(request, report.source_dir, report.output_dir, name, false), hooks));
    } catch (const Error& error) {
      std::string message = "subset " + python::repr(name) + ": " + error.what();
      if (!published.empty()) message += "; subsets published before it: " + python::repr_list(published);
      throw Error(error.status(), message, error.hint());
    }
    published.push_back(name);
  }
  return report;
}

boost::json::object subsets_to_json(const SubsetsReport& report) {
  boost::json::array subsets;
  for (const auto& [name, subset] : report.subsets) {
    subsets.push_back(boost::json::object{{"name", name}, {"report", report_to_json(subset)}});
  }
  boost::json::array skipped;
  for (const auto& name : report.skipped) skipped.push_back(boost::json::string(name));
  return boost::json::object{{"source_dir", report.source_dir},
                             {"output_dir", report.output_dir},
                             {"split", report.split},
                             {"subsets", std::move(subsets)},
                             {"skipped", std::move(skipped)}};
}

}  // namespace grk::beir
