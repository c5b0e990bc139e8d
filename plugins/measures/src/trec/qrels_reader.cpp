#include "trec/qrels_reader.hpp"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "trec/id_store.hpp"
#include "trec/text_lines.hpp"

namespace grk::measures {

namespace {

constexpr std::string_view kind = "qrels file";

struct Layout {
  std::size_t fields;
  std::size_t qid, docno, relevance;
  const char* names;
  bool subtopics = false;  ///< the second field is a subtopic, part of the judgment's key
};

constexpr Layout trec_layout{4, 0, 2, 3, "qid iter docno rel"};
constexpr Layout beir_layout{3, 0, 1, 2, "query-id corpus-id score"};
constexpr Layout subtopic_layout{4, 0, 2, 3, "qid subtopic docno judgment", true};

bool is_beir_header(std::string_view line) {
  std::string_view fields[3];
  return split_fields(line, fields, 3) == 3 && fields[0] == "query-id" && fields[1] == "corpus-id" &&
         fields[2] == "score";
}

// Where the judged lines start and how they read, after the format and header.
Expected<Layout> layout_of(std::string_view text, std::string_view file, QrelsFormat format, bool& header) {
  LineCursor cursor(text);
  TextLine line;
  while (cursor.next(line) && is_comment(line.text, CommentRule::line_start)) {
  }
  header = line.number > 0 && is_beir_header(line.text);
  if (format == QrelsFormat::trec || format == QrelsFormat::subtopics) {
    header = false;
    return format == QrelsFormat::trec ? trec_layout : subtopic_layout;
  }
  if (header) return beir_layout;
  if (format == QrelsFormat::automatic) {
    std::string_view fields[4];
    return line.number > 0 && split_fields(line.text, fields, 4) == beir_layout.fields ? beir_layout : trec_layout;
  }
  if (line.number == 0) return beir_layout;
  return unexpected(bad_line(kind, file, line, "expected the BEIR header 'query-id corpus-id score'"));
}

Failure duplicate_failure(std::string_view text, std::string_view file, const Layout& layout, bool header,
                          std::string_view qid, const Judgment& judgment) {
  TextLine line;
  std::size_t first = 0;
  const std::string_view docno = judgment.docno;
  const auto same = [&](std::string_view record) {
    std::string_view fields[4];
    return split_fields(record, fields, 4) == layout.fields && fields[layout.qid] == qid &&
           fields[layout.docno] == docno && (!layout.subtopics || fields[1] == judgment.subtopic);
  };
  if (!second_listing(RecordLines(text, CommentRule::line_start, false, header), same, line, first)) {
    return Failure{Status::internal, "duplicate judgment not found again", {}};
  }
  return bad_line(kind, file, line,
                  "document '" + std::string(docno) + "' judged twice for query '" + std::string(qid) +
                      (layout.subtopics ? "' subtopic '" + std::string(judgment.subtopic) : std::string()) +
                      "' (first on line " + std::to_string(first) + ")");
}

// A judgment's place in the order by document id, then subtopic: the first
// eight bytes of the id as a number decide where most ids differ.
struct KeyedJudgment {
  std::uint64_t key;
  const Judgment* judgment;
};

bool before(const KeyedJudgment& a, const KeyedJudgment& b) {
  if (a.key != b.key) return a.key < b.key;
  const Judgment& x = *a.judgment;
  const Judgment& y = *b.judgment;
  return !same_id(x.docno, y.docno) ? id_before(x.docno, y.docno) : id_before(x.subtopic, y.subtopic);
}

// Not a stable sort: two judgments of one document (and subtopic) are
// refused, so their order never shows (duplicate_failure finds the lines in the text). TREC's
// qrels come sorted by document already: then one pass checks it.
void sort_by_document(std::vector<Judgment>& judgments, std::vector<KeyedJudgment>& keyed) {
  keyed.clear();
  for (const auto& judgment : judgments) keyed.push_back(KeyedJudgment{id_order_key(judgment.docno), &judgment});
  if (std::is_sorted(keyed.begin(), keyed.end(), before)) return;
  std::sort(keyed.begin(), keyed.end(), before);
  std::vector<Judgment> sorted;
  sorted.reserve(judgments.size());
  for (const auto& entry : keyed) sorted.push_back(*entry.judgment);
  judgments = std::move(sorted);
}

}  // namespace

std::uint64_t QrelsQuery::filter_bit(std::string_view docno) const {
  return id_filter_hash(docno) & (id_filter.size() * 64 - 1);  // the size is a power of two of words
}

const long* QrelsQuery::find(std::string_view docno) const {
  if (!id_filter.empty()) {
    const std::uint64_t bit = filter_bit(docno);
    if (((id_filter[bit >> 6] >> (bit & 63)) & 1) == 0) return nullptr;
  }
  auto it = std::lower_bound(judgments.begin(), judgments.end(), docno,
                             [](const Judgment& judgment, std::string_view id) { return id_before(judgment.docno, id); });
  return it != judgments.end() && same_id(it->docno, docno) ? &it->relevance : nullptr;
}

void QrelsQuery::filter_judged() {
  // A power of two of words, at least 16 bits a judgment: the filter's index is the hash's low bits.
  std::size_t words = 1;
  while (words * 64 < judgments.size() * 16) words *= 2;
  id_filter.assign(words, 0);
  for (const auto& judgment : judgments) {
    const std::uint64_t bit = filter_bit(judgment.docno);
    id_filter[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  }
}

Expected<Qrels> parse_qrels(std::shared_ptr<const std::string> text, std::string_view file, QrelsFormat format) {
  Qrels qrels;
  qrels.text = std::move(text);
  const std::string_view all(*qrels.text);
  bool header = false;
  GRK_TRY_VOID(refuse_byte_order_mark(all, kind, file));
  GRK_TRY(const Layout layout, layout_of(all, file, format, header));
  qrels.header = header;
  qrels.field_count = layout.fields;
  qrels.relevance_field = layout.relevance;
  std::unordered_map<std::string_view, std::size_t> index;
  std::size_t current = 0;
  RecordLines lines(all, CommentRule::line_start, false, header);
  TextLine line;
  while (lines.next(line)) {
    std::string_view fields[4];
    const std::size_t count = split_fields(line.text, fields, 4);
    if (count != layout.fields) {
      return unexpected(bad_line(kind, file, line,
                                 "expected " + std::to_string(layout.fields) + " fields (" + layout.names + "), got " +
                                     std::to_string(count)));
    }
    long relevance = 0;
    const std::string_view written = fields[layout.relevance];
    if (!parse_integer(written, relevance)) {
      return unexpected(bad_line(kind, file, line, "relevance '" + std::string(written) + "' is not an integer"));
    }
    if (relevance > max_relevance_level || relevance < -max_relevance_level) {
      return unexpected(bad_line(kind, file, line,
                                 "relevance " + std::string(written) + " is beyond +-" +
                                     std::to_string(max_relevance_level)));
    }
    if (layout.subtopics && relevance < 0) {
      return unexpected(bad_line(kind, file, line,
                                 "judgment " + std::string(written) + " is negative, which ndeval refuses"));
    }
    // Qrels list a query's lines together: look the id up only when it changes.
    if (qrels.queries.empty() || !same_id(fields[layout.qid], qrels.queries[current].qid)) {
      auto [it, added] = index.try_emplace(fields[layout.qid], qrels.queries.size());
      if (added) {
        GRK_TRY_VOID(refuse_non_utf8(fields[layout.qid], "query id", kind, file, line));
        qrels.queries.push_back(QrelsQuery{fields[layout.qid], {}, {}});
      }
      current = it->second;
    }
    qrels.queries[current].judgments.push_back(
        Judgment{fields[layout.docno], relevance, layout.subtopics ? fields[1] : std::string_view()});
  }
  if (qrels.queries.empty()) return fail(Status::invalid_data, std::string(kind) + " '" + std::string(file) + "' holds no judgment");
  // Each judgment's order key, computed once rather than at every comparison.
  std::vector<KeyedJudgment> keyed;
  for (auto& query : qrels.queries) {
    auto& judgments = query.judgments;
    sort_by_document(judgments, keyed);
    auto repeated = std::adjacent_find(judgments.begin(), judgments.end(), [](const Judgment& a, const Judgment& b) {
      return same_id(a.docno, b.docno) && same_id(a.subtopic, b.subtopic);
    });
    if (repeated != judgments.end()) {
      return unexpected(duplicate_failure(all, file, layout, header, query.qid, *repeated));
    }
    query.filter_judged();
  }
  // The file's order, kept through the sort by id as each query's place in it.
  std::vector<std::string_view> named_first;
  for (const auto& query : qrels.queries) named_first.push_back(query.qid);
  sort_by_query_id(qrels.queries);
  qrels.file_order.reserve(named_first.size());
  for (const auto qid : named_first) qrels.file_order.push_back(qrels.index_of(qid));
  return qrels;
}

std::size_t Qrels::index_of(std::string_view qid) const {
  const auto at = std::lower_bound(queries.begin(), queries.end(), qid,
                                   [](const QrelsQuery& query, std::string_view id) { return query.qid < id; });
  return at != queries.end() && at->qid == qid ? static_cast<std::size_t>(at - queries.begin()) : queries.size();
}

Qrels adhoc_judgments(const Qrels& subtopics) {
  Qrels adhoc = subtopics;
  for (auto& query : adhoc.queries) {
    std::vector<Judgment> merged;
    for (const auto& judgment : query.judgments) {  // by document id, then subtopic
      if (!merged.empty() && merged.back().docno == judgment.docno) {
        merged.back().relevance = std::max(merged.back().relevance, judgment.relevance);
      } else {
        merged.push_back(Judgment{judgment.docno, judgment.relevance, {}});
      }
    }
    query.judgments = std::move(merged);
    query.filter_judged();
  }
  return adhoc;
}

TextLineCopy first_judgment_outside(const Qrels& qrels, long lowest, long highest) {
  RecordLines lines(*qrels.text, CommentRule::line_start, false, qrels.header);
  TextLine line;
  while (lines.next(line)) {
    std::string_view fields[4];
    long relevance = 0;
    if (split_fields(line.text, fields, 4) == qrels.field_count &&
        parse_integer(fields[qrels.relevance_field], relevance) && (relevance < lowest || relevance > highest)) {
      return TextLineCopy{std::string(line.text), line.number};
    }
  }
  return {};
}

Expected<Qrels> read_qrels(const std::filesystem::path& path, QrelsFormat format) {
  GRK_TRY(auto text, read_file_text(path, kind));
  return parse_qrels(std::move(text), path.string(), format);
}

}  // namespace grk::measures
