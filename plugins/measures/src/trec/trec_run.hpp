// A TREC run as read (docs/behaviour/trec-eval.md §2.1).
#ifndef GRK_MEASURES_TREC_TREC_RUN_HPP
#define GRK_MEASURES_TREC_TREC_RUN_HPP

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace grk::measures {

/// One line of a run: the document and its score (the rank column is ignored).
struct RetrievedDocument {
  std::string_view docno;
  double score = 0.0;
};

/// The documents a run retrieved for one query, in file order.
struct RunQuery {
  std::string_view qid;
  std::vector<RetrievedDocument> documents;
};

class IdStore;

/// A whole run. The views point into `ids`, which the run keeps alive.
struct TrecRun {
  std::shared_ptr<const IdStore> ids;
  /// The tag of the last line, which trec_eval prints as `runid`.
  std::string run_id;
  /// Every query of the file, in byte order of their ids.
  std::vector<RunQuery> queries;
  /// The query `qid`, or null.
  const RunQuery* find(std::string_view qid) const;
};

}  // namespace grk::measures

#endif
