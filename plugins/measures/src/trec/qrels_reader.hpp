// The strict reader of qrels, TREC's and BEIR's (docs/behaviour/trec-eval.md §2.2).
#ifndef GRK_MEASURES_TREC_QRELS_READER_HPP
#define GRK_MEASURES_TREC_QRELS_READER_HPP

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include <grk/expected.hpp>

#include "trec/qrels.hpp"

namespace grk::measures {

/// `trec`: `qid iter docno rel` lines; `beir`: the header `query-id corpus-id
/// score`, then `qid docno rel` rows; `automatic`: BEIR when the first line
/// that is no comment is that header.
enum class QrelsFormat { automatic, trec, beir };

/// The largest relevance level accepted, either sign: levels index tables.
inline constexpr long max_relevance_level = 1000;

/// Reads the qrels text `text` named `file` in messages. Fails (invalid_data)
/// on the first line with another field count or a relevance that is not an
/// integer (or beyond max_relevance_level), then on a document judged twice
/// for one query, then on a file without a judgment.
Expected<Qrels> parse_qrels(std::shared_ptr<const std::string> text, std::string_view file, QrelsFormat format);

/// parse_qrels on the bytes of `path`.
Expected<Qrels> read_qrels(const std::filesystem::path& path, QrelsFormat format);

}  // namespace grk::measures

#endif
