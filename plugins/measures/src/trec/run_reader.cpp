#include "trec/run_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>

#include "trec/file_text.hpp"
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
  if (!second_listing(RecordLines(text, true, false), same, line, first)) {
    return Failure{Status::internal, "duplicate document not found again", {}};
  }
  return bad_line(kind, file, line,
                  "document '" + std::string(docno) + "' listed twice for query '" + std::string(qid) +
                      "' (first on line " + std::to_string(first) + ")");
}

using HashedId = std::pair<std::uint64_t, std::string_view>;

// FNV-1a: sorting 64-bit hashes is much cheaper than sorting the ids.
std::uint64_t id_hash(std::string_view id) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : id) hash = (hash ^ c) * 1099511628211ULL;
  return hash;
}

// The first document a query lists twice, if any: equal ids have equal
// hashes, so only ids of one hash are compared.
const std::string_view* first_duplicate(const RunQuery& query, std::vector<HashedId>& scratch) {
  scratch.clear();
  for (const auto& document : query.documents) scratch.emplace_back(id_hash(document.docno), document.docno);
  std::sort(scratch.begin(), scratch.end(), [](const HashedId& a, const HashedId& b) { return a.first < b.first; });
  for (std::size_t i = 0; i + 1 < scratch.size(); ++i) {
    for (std::size_t j = i + 1; j < scratch.size() && scratch[j].first == scratch[i].first; ++j) {
      if (scratch[j].second == scratch[i].second) return &scratch[i].second;
    }
  }
  return nullptr;
}

}  // namespace

const RunQuery* TrecRun::find(std::string_view qid) const {
  auto it = std::lower_bound(queries.begin(), queries.end(), qid,
                             [](const RunQuery& query, std::string_view id) { return query.qid < id; });
  return it != queries.end() && it->qid == qid ? &*it : nullptr;
}

Expected<TrecRun> parse_run(std::shared_ptr<const std::string> text, std::string_view file) {
  TrecRun run;
  run.text = std::move(text);
  const std::string_view all(*run.text);
  std::unordered_map<std::string_view, std::size_t> index;
  std::size_t current = 0;
  std::string_view current_qid;
  std::string_view tag;
  RecordLines lines(all, true, false);
  TextLine line;
  while (lines.next(line)) {
    std::string_view fields[6];
    const std::size_t count = split_fields(line.text, fields, 6);
    // Text after the tag is a comment in trec_eval's format (its own suite has some).
    if (count < 6) {
      return unexpected(bad_line(kind, file, line,
                                 "expected 6 fields (qid Q0 docno rank score tag), got " + std::to_string(count)));
    }
    double score = 0.0;
    if (!parse_finite_number(fields[4], score)) {
      return unexpected(bad_line(kind, file, line, "score '" + std::string(fields[4]) + "' is not a finite number"));
    }
    // Runs list a query's lines together: look the id up only when it changes.
    if (run.queries.empty() || fields[0] != current_qid) {
      auto [it, added] = index.try_emplace(fields[0], run.queries.size());
      if (added) run.queries.push_back(RunQuery{fields[0], {}});
      current = it->second;
      current_qid = fields[0];
    }
    run.queries[current].documents.push_back(RetrievedDocument{fields[2], score});
    tag = fields[5];
  }
  if (run.queries.empty()) return fail(Status::invalid_data, std::string(kind) + " '" + std::string(file) + "' holds no run line");
  std::vector<HashedId> scratch;
  for (const auto& query : run.queries) {
    if (const std::string_view* docno = first_duplicate(query, scratch)) {
      return unexpected(duplicate_failure(all, file, query.qid, *docno));
    }
  }
  sort_by_query_id(run.queries);
  run.run_id = std::string(tag);
  return run;
}

Expected<TrecRun> read_run(const std::filesystem::path& path) {
  GRK_TRY(auto text, read_file_text(path, kind));
  return parse_run(std::move(text), path.string());
}

}  // namespace grk::measures
