// Publishing trec_eval's text of each run into output_dir (docs/behaviour/trec-eval.md §8.3).
#ifndef GRK_MEASURES_STATISTIC_OUTPUT_FILES_HPP
#define GRK_MEASURES_STATISTIC_OUTPUT_FILES_HPP

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <grk/expected.hpp>
#include <grk/output/staged_folder.hpp>

namespace grk::measures {

/// Writes each (file name, text) into `folder` through a staging folder and
/// publishes them by renames: the folder holds all of them or none of them,
/// whatever happens to the process. `observer` sees each file-system step
/// (a test kills the process there).
Expected<void> publish_outputs(const std::filesystem::path& folder,
                               const std::vector<std::pair<std::string, std::string>>& files,
                               output::StepObserver observer = {});

}  // namespace grk::measures

#endif
