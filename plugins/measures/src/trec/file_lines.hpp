// Reading a file line by line in blocks, so that a large run is never whole in
// memory (docs/behaviour/trec-eval.md §2).
#ifndef GRK_MEASURES_TREC_FILE_LINES_HPP
#define GRK_MEASURES_TREC_FILE_LINES_HPP

#include <filesystem>
#include <functional>
#include <string_view>

#include <grk/expected.hpp>

#include "trec/text_lines.hpp"

namespace grk::measures {

/// Calls `take` with each line of `path` in order (as LineCursor cuts them),
/// stopping at its first failure. `kind` names the file in a failure to open
/// (not_found when absent) or read it (io_error).
Expected<void> for_each_file_line(const std::filesystem::path& path, std::string_view kind,
                                  const std::function<Expected<void>(const TextLine&)>& take);

}  // namespace grk::measures

#endif
