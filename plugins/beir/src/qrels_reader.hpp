// The qrels TSV loader (docs/behaviour/beir.md §4).
#ifndef GRK_BEIR_QRELS_READER_HPP
#define GRK_BEIR_QRELS_READER_HPP

#include <grk/expected.hpp>

#include <map>
#include <set>
#include <string>

#include "source_file.hpp"

namespace grk::beir {

/// Positive (score 1) relevance: query id -> its set of document ids, only for
/// queries with at least one positive row. Ordered maps give the reference's
/// ascending string order for free (ids are ASCII).
struct Qrels {
  std::map<std::string, std::set<std::string>> positives;
  std::size_t pair_count() const;
};

/// Loads `path` (already open as `file`). Fails with the reference's message:
/// the decode error of the whole file first, then the header, then the first
/// bad row in file order.
Expected<Qrels> read_qrels(const SourceFile& file, const std::string& path);

}  // namespace grk::beir

#endif
