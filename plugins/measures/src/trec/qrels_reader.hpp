// Relevance judgments and their strict reader, TREC's and BEIR's
// (docs/behaviour/trec-eval.md §2.2).
#ifndef GRK_MEASURES_TREC_QRELS_READER_HPP
#define GRK_MEASURES_TREC_QRELS_READER_HPP

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

namespace grk::measures {

/// One judged document and its relevance level (negative: in the pool but
/// not judged, as trec_eval reads it).
struct Judgment {
  std::string_view docno;
  long relevance = 0;
  std::string_view subtopic;  ///< subtopic qrels' second column; empty in the others
};

/// The judgments of one query, in byte order of their document ids (then
/// of their subtopics).
struct QrelsQuery {
  std::string_view qid;
  std::vector<Judgment> judgments;
  /// A bit of id_filter_bit(docno) for each judged document: most documents
  /// a run retrieves are not judged, and one test turns most of them away
  /// before the search. Every bit (the default) turns none away.
  std::uint64_t id_filter = ~std::uint64_t{0};
  /// The relevance of `docno`, or null when it is not judged for this query.
  const long* find(std::string_view docno) const;
};

/// The bit of id_filter that stands for `docno`: from its length and last two bytes, cheap to compute.
inline std::uint64_t id_filter_bit(std::string_view docno) {
  const std::size_t n = docno.size();
  const unsigned last = n > 0 ? static_cast<unsigned char>(docno[n - 1]) : 0u;
  const unsigned before = n > 1 ? static_cast<unsigned char>(docno[n - 2]) : 0u;
  return std::uint64_t{1} << ((last + 5 * before + 17 * n) & 63);
}

/// Every query of a qrels file, in byte order of their ids. The views point
/// into `text`, which the qrels keep alive.
struct Qrels {
  std::shared_ptr<const std::string> text;
  std::vector<QrelsQuery> queries;
  /// Indexes into `queries` in the order the file first names each query:
  /// the order ir_measures adds a mean's values in.
  std::vector<std::size_t> file_order;
  /// How the text reads, for looking a judgment's line up again.
  bool header = false;
  std::size_t field_count = 4;
  std::size_t relevance_field = 3;
};

/// `trec`: `qid iter docno rel` lines; `beir`: the header `query-id corpus-id
/// score`, then `qid docno rel` rows; `automatic`: BEIR when the first line
/// that is no comment is that header or has three fields (BEIR's rows
/// without their header, as MS MARCO's TREC DL qrels ship).
/// `subtopics`: ndeval's `qid subtopic docno judgment`, a document judged
/// once per subtopic, no judgment negative.
enum class QrelsFormat { automatic, trec, beir, subtopics };

/// A line of the qrels, kept.
struct TextLineCopy {
  std::string text;
  std::size_t number = 0;
};

/// The largest relevance level accepted, either sign: levels index tables.
inline constexpr long max_relevance_level = 1000;

/// Reads the qrels text `text` named `file` in messages. Fails (invalid_data)
/// on the first line with another field count or a relevance that is not an
/// integer (or beyond max_relevance_level), then on a document judged twice
/// for one query, then on a file without a judgment.
Expected<Qrels> parse_qrels(std::shared_ptr<const std::string> text, std::string_view file, QrelsFormat format);

/// The first judgment line (and its number) whose relevance is below
/// `lowest` or above `highest`, or a line numbered 0: where a family that
/// bounds grades refuses.
TextLineCopy first_judgment_outside(const Qrels& qrels, long lowest, long highest);

/// Subtopic qrels as adhoc ones, for the families that judge a document
/// once: each document with its highest judgment over the subtopics, the
/// queries in the same order.
Qrels adhoc_judgments(const Qrels& subtopics);

/// parse_qrels on the bytes of `path`.
Expected<Qrels> read_qrels(const std::filesystem::path& path, QrelsFormat format);

}  // namespace grk::measures

#endif
