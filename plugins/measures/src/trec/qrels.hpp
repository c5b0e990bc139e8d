// Relevance judgments as read (docs/behaviour/trec-eval.md §2.2).
#ifndef GRK_MEASURES_TREC_QRELS_HPP
#define GRK_MEASURES_TREC_QRELS_HPP

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace grk::measures {

/// One judged document and its relevance level (negative: in the pool but
/// not judged, as trec_eval reads it).
struct Judgment {
  std::string_view docno;
  long relevance = 0;
};

/// The judgments of one query, in byte order of their document ids.
struct QrelsQuery {
  std::string_view qid;
  std::vector<Judgment> judgments;
  /// The relevance of `docno`, or null when it is not judged for this query.
  const long* find(std::string_view docno) const;
};

/// Every query of a qrels file, in byte order of their ids. The views point
/// into `text`, which the qrels keep alive.
struct Qrels {
  std::shared_ptr<const std::string> text;
  std::vector<QrelsQuery> queries;
};

}  // namespace grk::measures

#endif
