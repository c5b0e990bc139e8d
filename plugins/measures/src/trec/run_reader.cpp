#include "trec/run_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>

#include "trec/file_lines.hpp"
#include "trec/file_text.hpp"
#include "trec/id_store.hpp"
#include "trec/query_order.hpp"
#include "trec/text_lines.hpp"

namespace grk::measures {

namespace {

constexpr std::string_view kind = "run file";

// The line of the second listing of `docno` for `qid`, found by reading the
// text again: only a refused file pays for it.
Failure duplicate_failure(std::string_view text, std::string_view file, std::string_view qid, std::string_view docno) {
  TextLine line;
  std::size_t first = 0;
  const auto same = [&](std::string_view record) {
    std::string_view fields[6];
    return split_fields(record, fields, 6) >= 6 && fields[0] == qid && fields[2] == docno;
  };
  if (!second_listing(RecordLines(text, CommentRule::after_spaces, true, false), same, line, first)) {
    return Failure{Status::internal, "duplicate document not found again", {}};
  }
  return bad_line(kind, file, line,
                  "document '" + std::string(docno) + "' listed twice for query '" + std::string(qid) +
                      "' (first on line " + std::to_string(first) + ")");
}

// FNV-1a of a document id.
std::uint64_t id_hash(std::string_view id) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : id) hash = (hash ^ c) * 1099511628211ULL;
  return hash;
}

// The first document a query lists twice, if any, found with an open-addressing
// table of the ids seen (linear in the query's length; `table` is reused).
std::optional<std::string_view> first_duplicate(const RunQuery& query, std::vector<std::uint32_t>& table) {
  constexpr std::uint32_t empty = 0xffffffffu;
  std::size_t capacity = 16;
  while (capacity < 2 * query.documents.size()) capacity *= 2;
  table.assign(capacity, empty);
  const std::size_t mask = capacity - 1;
  for (std::size_t i = 0; i < query.documents.size(); ++i) {
    const std::string_view docno = query.documents[i].docno;
    for (std::size_t slot = id_hash(docno) & mask;; slot = (slot + 1) & mask) {
      if (table[slot] == empty) {
        table[slot] = static_cast<std::uint32_t>(i);
        break;
      }
      if (query.documents[table[slot]].docno == docno) return docno;
    }
  }
  return std::nullopt;
}

// A run built line by line; its ids are copied into the run's own store, so
// the text they came from need not stay.
class RunBuilder {
 public:
  explicit RunBuilder(std::string_view file) : file_(file), ids_(std::make_shared<IdStore>()) {}

  Expected<void> add(const TextLine& line) {
    if (is_comment(line.text, CommentRule::after_spaces) || is_blank(line.text)) return {};
    std::string_view fields[6];
    const std::size_t count = split_fields(line.text, fields, 6);
    // Text after the tag is a comment in trec_eval's format (its own suite has some).
    if (count < 6) {
      return unexpected(bad_line(kind, file_, line,
                                 "expected 6 fields (qid Q0 docno rank score tag), got " + std::to_string(count)));
    }
    double score = 0.0;
    if (!parse_finite_number(fields[4], score)) {
      return unexpected(bad_line(kind, file_, line, "score '" + std::string(fields[4]) + "' is not a finite number"));
    }
    // Runs list a query's lines together: look the id up only when it changes.
    if (run_.queries.empty() || fields[0] != run_.queries[current_].qid) {
      auto found = index_.find(fields[0]);
      if (found == index_.end()) {
        const std::string_view qid = ids_->keep(fields[0]);
        found = index_.emplace(qid, run_.queries.size()).first;
        run_.queries.push_back(RunQuery{qid, {}});
      }
      current_ = found->second;
    }
    run_.queries[current_].documents.push_back(RetrievedDocument{ids_->keep(fields[2]), score});
    tag_.assign(fields[5].data(), fields[5].size());
    return {};
  }

  /// The run, or the file's emptiness, or a document listed twice: `duplicate`
  /// turns that one into its failure.
  template <typename Duplicate>
  Expected<TrecRun> finish(Duplicate duplicate) {
    if (run_.queries.empty()) return fail(Status::invalid_data, std::string(kind) + " '" + file_ + "' holds no run line");
    std::vector<std::uint32_t> table;
    for (const auto& query : run_.queries) {
      if (auto docno = first_duplicate(query, table)) return unexpected(duplicate(query.qid, *docno));
    }
    sort_by_query_id(run_.queries);
    run_.run_id = std::move(tag_);
    run_.ids = std::move(ids_);
    return std::move(run_);
  }

 private:
  std::string file_;
  std::shared_ptr<IdStore> ids_;
  TrecRun run_;
  std::unordered_map<std::string_view, std::size_t> index_;
  std::size_t current_ = 0;
  std::string tag_;
};

}  // namespace

const RunQuery* TrecRun::find(std::string_view qid) const {
  auto it = std::lower_bound(queries.begin(), queries.end(), qid,
                             [](const RunQuery& query, std::string_view id) { return query.qid < id; });
  return it != queries.end() && it->qid == qid ? &*it : nullptr;
}

Expected<TrecRun> parse_run(std::shared_ptr<const std::string> text, std::string_view file) {
  RunBuilder builder(file);
  LineCursor cursor(*text);
  TextLine line;
  while (cursor.next(line)) GRK_TRY_VOID(builder.add(line));
  return builder.finish([&](std::string_view qid, std::string_view docno) {
    return duplicate_failure(*text, file, qid, docno);
  });
}

// Read in blocks: the run's memory is its ids and scores, not its text.
Expected<TrecRun> read_run(const std::filesystem::path& path) {
  const std::string file = path.string();
  RunBuilder builder(file);
  GRK_TRY_VOID(for_each_file_line(path, kind, [&](const TextLine& line) { return builder.add(line); }));
  return builder.finish([&](std::string_view qid, std::string_view docno) {
    auto text = read_file_text(path, kind);
    return text ? duplicate_failure(**text, file, qid, docno) : text.error();
  });
}

}  // namespace grk::measures
