// Relevance judgments and their strict reader, TREC's and BEIR's
// (docs/behaviour/trec-eval.md §2.2).
#ifndef GRK_MEASURES_TREC_QRELS_READER_HPP
#define GRK_MEASURES_TREC_QRELS_READER_HPP

#include <cstdint>
#include <cstring>
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
  /// A Bloom filter of the judged documents (one hash, at least 16 bits a
  /// judgment): most documents a run retrieves are not judged, and one test
  /// turns nearly all of them away before the search. Empty (the default):
  /// every document is searched.
  std::vector<std::uint64_t> id_filter;
  /// The relevance of `docno`, or null when it is not judged for this query.
  const long* find(std::string_view docno) const;
  /// Fills id_filter from `judgments`, once they are all there.
  void filter_judged();

 private:
  /// The bit of id_filter that stands for `docno`.
  std::uint64_t filter_bit(std::string_view docno) const;
};

/// A hash of a document id for id_filter: its length and its first and last
/// eight bytes (where ids differ), mixed; cheap for the short ids of runs.
inline std::uint64_t id_filter_hash(std::string_view docno) {
  const std::size_t n = docno.size();
  if (n == 0) return 0;  // memcpy takes no null pointer, even for no bytes
  std::uint64_t head = 0;
  std::uint64_t tail = 0;
  const std::size_t taken = n < 8 ? n : 8;
  std::memcpy(&head, docno.data(), taken);
  std::memcpy(&tail, docno.data() + (n - taken), taken);
  std::uint64_t h = (head * 0x9E3779B97F4A7C15ULL) ^ (tail * 0xC2B2AE3D27D4EB4FULL) ^ n;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  return h ^ (h >> 32);
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
  /// The index in `queries` of the query `qid`, or queries.size().
  std::size_t index_of(std::string_view qid) const;
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
