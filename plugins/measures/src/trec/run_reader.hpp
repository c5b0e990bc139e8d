// A TREC run and its strict reader (docs/behaviour/trec-eval.md §2.1).
#ifndef GRK_MEASURES_TREC_RUN_READER_HPP
#define GRK_MEASURES_TREC_RUN_READER_HPP

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>

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
  /// Each document's rank column, when the run was read with its ranks (only
  /// ndeval's order reads them; trec_eval ignores the column).
  std::vector<long> ranks;
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

/// Reads the run text `text` named `file` in messages: lines `qid Q0 docno
/// rank score tag` (anything after the tag ignored, as trec_eval documents),
/// `#` comments and blank lines skipped. Fails (invalid_data) on the first
/// line with fewer fields or a score that is not a finite
/// number, then on a document listed twice for one query, then on a file
/// without a run line.
Expected<TrecRun> parse_run(std::shared_ptr<const std::string> text, std::string_view file, bool ranks = false);

/// With `ranks`, each line's rank column is kept too, and refused (`rank 'x'
/// is not an integer`) where it is none.
///
/// parse_run on the lines of `path`, read in windows of 16 MiB, each parsed
/// on up to `threads` threads: the text is never whole in memory (a refused
/// file is read again, whole, for its message). The run does not depend on
/// the thread count.
Expected<TrecRun> read_run(const std::filesystem::path& path, unsigned threads, bool ranks = false);

/// read_run on one thread.
Expected<TrecRun> read_run(const std::filesystem::path& path);

/// How read_run_query_by_query ended.
struct RunInPassing {
  /// False: a query's lines lie in two places of the file, another query's
  /// between them, which this reader cannot take; the file was read no further.
  bool grouped = true;
  /// The tag of the last line, which trec_eval prints as `runid`.
  std::string run_id;
};

/// read_run (with `ranks`, its ranks too) for a run scored as it is read: each query is handed to `take`
/// (with the others of its window, in file order) once the file has moved
/// on to another query, and its documents are freed when `take` returns. The
/// run's memory is a window's queries, not the whole run's. A file that lists
/// a query's lines in two places is read whole instead, by read_run: this
/// reader says so as soon as it sees it. Otherwise it fails as read_run does,
/// in the same order, perhaps after some queries were handed over (none from
/// the window of one that lists a document twice on).
Expected<RunInPassing> read_run_query_by_query(const std::filesystem::path& path, unsigned threads, bool ranks,
                                               const std::function<void(const std::vector<RunQuery>&)>& take);

/// The queries of the run file `path` handed to `take` to be scored, and
/// the run's id: query by query as it is read (read_run_query_by_query), or,
/// for a file that lists a query in two places, all at once from read_run.
/// `begin` is called before each pass (the second drops whatever the first
/// handed over). The failures are read_run's.
Expected<std::string> read_run_for_scoring(const std::filesystem::path& path, unsigned threads, bool ranks,
                                           const std::function<void()>& begin,
                                           const std::function<void(const std::vector<RunQuery>&)>& take);

}  // namespace grk::measures

#endif
