// `subsets: each` (docs/behaviour/beir.md §17): a source folder whose subfolders are BEIR
// datasets (CQADupStack), each adapted into output_dir/<name>/ with the same
// options, every subset checked before any is written.
#ifndef GRK_BEIR_PIPELINE_SUBSETS_HPP
#define GRK_BEIR_PIPELINE_SUBSETS_HPP

#include <boost/json/object.hpp>

#include <string>
#include <vector>

#include "pipeline/hooks.hpp"
#include "pipeline/report.hpp"
#include "pipeline/adapt.hpp"

namespace grk::beir {

/// The immediate subfolders of `source` (followed as Python's is_dir()
/// follows links) that hold a corpus.jsonl, and the other subfolders, each
/// list in the order of the names' bytes.
struct SubsetFolders {
  std::vector<std::string> datasets;
  std::vector<std::string> skipped;
};
SubsetFolders find_subsets(const std::string& source);

/// The refusal of `subsets: each` for a source that is one dataset (it holds
/// corpus.jsonl itself), in adapt and validate mode alike (docs/behaviour/beir.md §17 step 2).
std::string one_dataset_not_subsets(const std::string& source);

/// The hint under the refusal of a source without corpus.jsonl whose
/// subfolders are BEIR datasets (CQADupStack's layout) under the default
/// subsets: the subfolders, and `subsets=each`; empty when the source is not
/// laid out so.
std::string subsets_hint(const std::string& source);

/// What `subsets: each` reports: every subset's report of docs/behaviour/beir.md §10 and §16.7.
struct SubsetsReport {
  std::string source_dir;
  std::string output_dir;
  std::string split;
  std::vector<std::pair<std::string, AdaptationReport>> subsets;  ///< name, report
  std::vector<std::string> skipped;
};

/// Adapts every subset of `request.source_dir` (docs/behaviour/beir.md §17). Throws
/// grk::Error, as adapt_beir_dataset does, with the subset named first.
SubsetsReport adapt_subsets(const AdaptationRequest& request, const AdaptationHooks& hooks = {});

/// The report as the component's JSON result.
boost::json::object subsets_to_json(const SubsetsReport& report);

}  // namespace grk::beir

#endif
