// Reading a whole input file into memory, shared by the run and qrels readers.
#ifndef GRK_MEASURES_TREC_FILE_TEXT_HPP
#define GRK_MEASURES_TREC_FILE_TEXT_HPP

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

namespace grk::measures {

/// The bytes of `path`; `kind` ("run file", "qrels file") names it in a
/// failure: not_found when it is absent, io_error when it cannot be read.
Expected<std::shared_ptr<const std::string>> read_file_text(const std::filesystem::path& path, std::string_view kind);

}  // namespace grk::measures

#endif
