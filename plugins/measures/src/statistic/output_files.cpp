#include "statistic/output_files.hpp"

#include <system_error>

namespace grk::measures {

Expected<void> publish_outputs(const std::filesystem::path& folder,
                               const std::vector<std::pair<std::string, std::string>>& files,
                               output::StepObserver observer) {
  std::error_code error;
  // The staged folder wants an absolute path without symbolic links.
  const auto destination = std::filesystem::weakly_canonical(std::filesystem::absolute(folder), error);
  if (error) return fail(Status::io_error, "output_dir '" + folder.string() + "': " + error.message());
  output::StagingOptions options;
  for (const auto& [name, text] : files) {
    (void)text;
    options.entries.push_back(name);
  }
  options.marker = "grk-trec-eval-staging-";
  options.observer = std::move(observer);
  GRK_TRY(auto staged, output::StagedFolder::create(destination.string(), std::move(options)));
  for (const auto& [name, text] : files) GRK_TRY_VOID(staged->write_file(name, text));
  return staged->publish();
}

}  // namespace grk::measures
