// Readers for the three TREC-style inputs. Each returns typed records or a
// grk::Failure naming the file, the line and what was expected; the
// component (trec_adapter.cpp) hands a failure to the SDK's firewall.
#ifndef TREC_ADAPTER_TREC_INPUTS_HPP
#define TREC_ADAPTER_TREC_INPUTS_HPP

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <grk/expected.hpp>

namespace trec_adapter {

/// One qrels row: `topic iteration docno relevance`, whitespace-separated.
struct QrelsRow {
  std::string topic;
  std::string docno;
  std::int64_t relevance = 0;
  std::size_t line = 0;
};

/// One collection document.
struct Document {
  std::string text;
  std::size_t line = 0;
};

// Each reads its file a line at a time (grk/eval/line_reader.hpp): not_found
// when it does not exist, invalid_data for a FIFO or a device, a malformed
// line or one over 1 MiB, io_error when a read fails.

grk::Expected<std::vector<QrelsRow>> read_qrels(const std::filesystem::path& path);

/// topic id -> query text, from `topic<TAB>text` lines.
grk::Expected<std::map<std::string, std::string>> read_topics(const std::filesystem::path& path);

/// docno -> document, from JSON Lines objects with string fields `id_field`
/// and `text_field` (other fields are ignored).
grk::Expected<std::map<std::string, Document>> read_documents(const std::filesystem::path& path,
                                                              const std::string& id_field,
                                                              const std::string& text_field);

/// Whether a docno can become `<docno>.txt` on every filesystem.
[[nodiscard]] bool is_safe_docno(const std::string& docno);

}  // namespace trec_adapter

#endif
