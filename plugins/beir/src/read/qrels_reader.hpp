// The qrels TSV loader (docs/behaviour/beir.md §4).
#ifndef GRK_BEIR_READ_QRELS_READER_HPP
#define GRK_BEIR_READ_QRELS_READER_HPP

#include <grk/expected.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/adaptation_policies.hpp"
#include "rules/identifier_rules.hpp"
#include "rules/qrels_rows.hpp"
#include "source/source_file.hpp"

namespace grk::beir {

/// Positive (score 1) relevance: query id -> its set of document ids, only for
/// queries with at least one positive row. Ordered maps give the reference's
/// ascending string order for free (ids are ASCII).
struct Qrels {
  std::map<std::string, std::set<std::string>> positives;
  std::size_t pair_count() const;
  /// QrelsHeader::automatic: whether the first row was a header (docs/behaviour/beir.md §16.2).
  bool header_found = true;
  /// With a `graded` threshold: data rows read per score, in ascending
  /// numeric order (docs/behaviour/beir.md §16.3).
  std::vector<std::pair<std::string, std::uint64_t>> rows_by_grade;
  /// LineBreaks::newline: lines Python's splitlines would have cut.
  std::uint64_t lines_kept_whole = 0;
  /// The line (numbered as docs/behaviour/beir.md §4 numbers them) of the first positive
  /// row naming each query and each document, whatever the opt-ins drop later:
  /// what a refusal's hint names (docs/behaviour/beir.md §19), without a second read.
  std::map<std::string, std::uint64_t> first_line_of_query;
  std::map<std::string, std::uint64_t> first_line_of_document;
};

/// The qrels rules the policies choose (docs/behaviour/beir.md §4, §16.1-§16.3).
struct QrelsRules {
  LineBreaks line_breaks = LineBreaks::python;
  QrelsHeader header = QrelsHeader::required;
  std::optional<std::int64_t> graded;
  IdentifierChecks checks;  ///< which ids docs/behaviour/beir.md §4 steps 2-3 check
};

/// Loads `path` (already open as `file`). Fails with the reference's message:
/// the decode error of the whole file first, then the header, then the first
/// bad row in file order.
Expected<Qrels> read_qrels(const SourceFile& file, const std::string& path, const QrelsRules& rules = {});

/// A SourceLineReader's failure on the qrels `path`, in the reference's words.
Unexpected<Failure> fail_unreadable_qrels(const ReadFailure& failure, const std::string& path);

}  // namespace grk::beir

#endif
