#include "trec/run_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <grk/eval/threads.hpp>
#include <grk/python/utf8.hpp>

#include "trec/id_store.hpp"
#include "trec/text_lines.hpp"

namespace grk::measures {

namespace {

constexpr std::string_view kind = "run file";

// Whether a run line lists `docno` for `qid`.
bool lists(std::string_view record, std::string_view qid, std::string_view docno) {
  std::string_view fields[6];
  return split_fields(record, fields, 6) >= 6 && fields[0] == qid && fields[2] == docno;
}

Failure listed_twice(std::string_view file, const TextLine& second, std::size_t first, std::string_view qid,
                     std::string_view docno) {
  return bad_line(kind, file, second,
                  "document '" + std::string(docno) + "' listed twice for query '" + std::string(qid) +
                      "' (first on line " + std::to_string(first) + ")");
}

Failure not_found_again() { return Failure{Status::internal, "duplicate document not found again", {}}; }

// The line of the second listing of `docno` for `qid`, found by reading the
// text again: only a refused file pays for it.
Failure duplicate_failure(std::string_view text, std::string_view file, std::string_view qid, std::string_view docno) {
  TextLine line;
  std::size_t first = 0;
  const auto same = [&](std::string_view record) { return lists(record, qid, docno); };
  if (!second_listing(RecordLines(text, CommentRule::after_spaces, true, false), same, line, first)) {
    return not_found_again();
  }
  return listed_twice(file, line, first, qid, docno);
}

// The same, from the open file read again from its start a line at a time
// (each at most longest_line, as the read found): a refused run of any size
// takes one line of memory more, and the file judged is the file read.
Failure duplicate_failure(const InputFile& stream, std::string_view file, std::string_view qid, std::string_view docno) {
  if (std::fseek(stream.get(), 0, SEEK_SET) != 0) return not_found_again();
  char* data = nullptr;  // getline's buffer, grown as it needs
  struct FreeAtEnd {
    char*& data;
    ~FreeAtEnd() { std::free(data); }
  } free_at_end{data};
  std::size_t capacity = 0, first = 0;
  TextLine line;
  for (ssize_t got; (got = ::getline(&data, &capacity, stream.get())) >= 0;) {
    ++line.number;
    line.text = std::string_view(data, static_cast<std::size_t>(got));
    if (!line.text.empty() && line.text.back() == '\n') line.text.remove_suffix(1);
    if (!line.text.empty() && line.text.back() == '\r') line.text.remove_suffix(1);
    if (is_comment(line.text, CommentRule::after_spaces) || is_blank(line.text) || !lists(line.text, qid, docno)) {
      continue;
    }
    if (first != 0) return listed_twice(file, line, first, qid, docno);
    first = line.number;
  }
  return not_found_again();
}

// A hash of a document id, eight bytes at a time (ids are short).
std::uint64_t id_hash(std::string_view id) {
  std::uint64_t hash = 0x9e3779b97f4a7c15ULL ^ id.size();
  for (std::size_t i = 0; i < id.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, id.data() + i, std::min<std::size_t>(8, id.size() - i));
    hash = (hash ^ word) * 0xff51afd7ed558ccdULL;
    hash ^= hash >> 32;
  }
  return hash;
}

// The documents of one query, added in order, in an open-addressing table
// of their ids that grows as they come; the first one listed a second time
// is kept. Each slot holds the document's index and its id's hash's high
// half, so that a slot of another id is passed without comparing the ids.
// The reader adds each document as its line is parsed, while its id is in
// the cache: a second pass over the whole run's ids took 6% of a
// 7,000-query run.
class DocumentsSeen {
 public:
  /// Starts a query expected to list about `expected` documents (the table
  /// is reused from query to query).
  void start(std::size_t expected) {
    std::size_t capacity = 16;
    while (capacity < 2 * expected) capacity *= 2;
    table_.assign(capacity, empty);
    count_ = 0;
    repeated_ = std::string_view::npos;
  }

  /// Adds documents[i], every document before it added already.
  void add(const std::vector<RetrievedDocument>& documents, std::size_t i) {
    if (repeated_ != std::string_view::npos) return;
    if (2 * (count_ + 1) > table_.size()) {
      table_.assign(2 * table_.size(), empty);
      for (std::size_t j = 0; j < i; ++j) put(documents, j);
    }
    if (!put(documents, i)) repeated_ = i;
    ++count_;
  }

  /// The index of the first document listed a second time, or npos.
  [[nodiscard]] std::size_t repeated() const { return repeated_; }

 private:
  static constexpr std::uint64_t empty = ~std::uint64_t{0};
  static constexpr std::uint64_t high_half = 0xffffffff00000000ULL;

  // False when the id of documents[i] is in the table already.
  bool put(const std::vector<RetrievedDocument>& documents, std::size_t i) {
    const std::string_view docno = documents[i].docno;
    const std::uint64_t hash = id_hash(docno);
    const std::uint64_t tag = hash & high_half;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
      const std::uint64_t held = table_[slot];
      if (held == empty) {
        table_[slot] = tag | i;
        return true;
      }
      if ((held & high_half) == tag && same_id(documents[held & ~high_half].docno, docno)) return false;
    }
  }

  std::vector<std::uint64_t> table_;
  std::size_t count_ = 0;
  std::size_t repeated_ = std::string_view::npos;
};

// The first document `query` lists twice, if any (`seen` is reused).
std::optional<std::string_view> first_duplicate(const RunQuery& query, DocumentsSeen& seen) {
  seen.start(query.documents.size());
  for (std::size_t i = 0; i < query.documents.size() && seen.repeated() == std::string_view::npos; ++i) {
    seen.add(query.documents, i);
  }
  if (seen.repeated() == std::string_view::npos) return std::nullopt;
  return query.documents[seen.repeated()].docno;
}

// A query and a document it lists twice.
struct ListedTwice {
  std::string_view qid;
  std::string_view docno;
};

// The first query of `queries` (in their order) that lists a document twice,
// and that document, looked for in parts on up to `threads` threads.
std::optional<ListedTwice> first_listed_twice(const std::vector<RunQuery>& queries, unsigned threads) {
  constexpr std::size_t queries_per_part = 256;
  const std::size_t parts = (queries.size() + queries_per_part - 1) / queries_per_part;
  std::vector<std::optional<std::string_view>> repeated(parts);
  std::vector<std::size_t> where(parts, 0);
  eval::for_each_part(parts, threads, [&](std::size_t part) {
    DocumentsSeen seen;
    const std::size_t last = std::min(queries.size(), (part + 1) * queries_per_part);
    for (std::size_t q = part * queries_per_part; q < last && !repeated[part]; ++q) {
      repeated[part] = first_duplicate(queries[q], seen);
      where[part] = q;
    }
  });
  for (std::size_t part = 0; part < parts; ++part) {
    if (repeated[part]) return ListedTwice{queries[where[part]].qid, *repeated[part]};
  }
  return std::nullopt;
}

Failure no_run_line(const std::string& file) {
  return Failure{Status::invalid_data, std::string(kind) + " '" + file + "' holds no run line", {}};
}

// The run's id is its last line's tag, which a results document holds.
Expected<void> check_run_id(const std::string& tag, const std::string& file) {
  if (const auto valid = python::validate_utf8(tag); !valid) {
    return fail(Status::invalid_data, std::string(kind) + " '" + file + "': the tag of its last line, the run's id, is "
                                          "not UTF-8 (" + valid.error() + ")");
  }
  return {};
}

// The lines of one part of a window of the file, read on one thread: runs of
// consecutive lines of one query, their ids copied into the part's own store.
// Parts lie side by side, each written at every line by its thread: on
// cache lines of their own, or two threads read a TREC-size run slower than
// one (3.1 ms against 2.5, in process).
struct alignas(64) ParsedPart {
  IdStore ids;
  std::vector<RunQuery> segments;
  /// For each segment, the index of its first document listed a second time
  /// within it, or npos.
  std::vector<std::size_t> repeated;
  std::string tag;
  std::size_t lines = 0;  ///< the line breaks read: where the next part's lines are numbered from
  bool refused = false;   ///< a line the serial reader must refuse, with its number
};

// The first C space at or after `p`, or `end`. Eight bytes at a time: every
// C space is below '!', and the lowest byte below '!' in a word is found
// exactly (a borrow only marks bytes above it); it is then checked, since a
// control character that is no space belongs to the field.
const char* field_end(const char* p, const char* const end) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__  // the lowest bit is the first byte
  constexpr std::uint64_t ones = 0x0101010101010101ULL;
  constexpr std::uint64_t highs = 0x8080808080808080ULL;
  while (end - p >= 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, p, 8);
    const std::uint64_t below = (word - ones * '!') & ~word & highs;
    if (below != 0) {
      const char* at = p + __builtin_ctzll(below) / 8;
      if (is_c_space(*at)) return at;
      // A control character that is no space: the bits above it may be its
      // borrow, so the rest of the word is read byte by byte.
      for (++at; at < p + 8; ++at) {
        if (is_c_space(*at)) return at;
      }
    }
    p += 8;
  }
#endif
  while (p < end && !is_c_space(*p)) ++p;
  return p;
}

// The lines of `text` as RunBuilder::add reads them, in one pass over the
// bytes and without line numbers: a line it would refuse only marks the part,
// and parse_run says why.
void parse_part(std::string_view text, ParsedPart& part, bool ranks) {
  const char* p = text.data();
  const char* const end = p + text.size();
  const auto blank = [](char c) { return c != '\n' && is_c_space(c); };
  const auto skip_line = [&] {
    const void* stop = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    p = stop == nullptr ? end : static_cast<const char*>(stop) + 1;
  };
  std::string_view tag;
  DocumentsSeen seen;
  // Past the end of a line: counts it, and whether it is longer than
  // longest_line, measured as LineCursor measures it (without its break and
  // a carriage return before it).
  const auto ended_overlong = [&](const char* line_start) {
    auto length = static_cast<std::size_t>(p - line_start);
    if (length > 0 && p[-1] == '\n') {
      --length;
      ++part.lines;
    }
    if (length > 0 && line_start[length - 1] == '\r') --length;
    return length > longest_line;
  };
  while (p < end) {
    const char* const line_start = p;
    while (p < end && blank(*p)) ++p;
    if (p == end || *p == '\n' || *p == '#') {  // blank, or a comment
      if (p < end && *p == '#') {
        skip_line();
      } else if (p < end) {
        ++p;
      }
      if (ended_overlong(line_start)) {
        part.refused = true;
        return;
      }
      continue;
    }
    std::string_view fields[6];
    std::size_t count = 0;
    while (count < 6) {
      const char* start = p;
      p = field_end(p, end);
      fields[count++] = std::string_view(start, static_cast<std::size_t>(p - start));
      while (p < end && blank(*p)) ++p;
      if (p == end || *p == '\n') break;
    }
    if (p < end && *p == '\n') {
      ++p;
    } else {
      skip_line();  // past text after the tag
    }
    double score = 0.0;
    long rank = 0;
    if (ended_overlong(line_start) || count < 6 || !parse_finite_number(fields[4], score) ||
        (ranks && !parse_integer(fields[3], rank))) {
      part.refused = true;
      return;
    }
    if (part.segments.empty() || !same_id(part.segments.back().qid, fields[0])) {
      if (!python::validate_utf8(fields[0])) {
        part.refused = true;
        return;
      }
      // Runs give their queries alike depths: the last one's is a good guess.
      const std::size_t guess = part.segments.empty() ? 0 : part.segments.back().documents.size();
      if (!part.segments.empty()) part.repeated.push_back(seen.repeated());
      seen.start(guess);
      part.segments.push_back(RunQuery{part.ids.keep(fields[0]), {}, {}});
      part.segments.back().documents.reserve(std::min<std::size_t>(guess, 1 << 16));
      if (ranks) part.segments.back().ranks.reserve(std::min<std::size_t>(guess, 1 << 16));
    }
    part.segments.back().documents.push_back(RetrievedDocument{part.ids.keep(fields[2]), score});
    seen.add(part.segments.back().documents, part.segments.back().documents.size() - 1);
    if (ranks) part.segments.back().ranks.push_back(rank);
    tag = fields[5];
  }
  if (!part.segments.empty()) part.repeated.push_back(seen.repeated());
  part.tag.assign(tag.data(), tag.size());
}

// Where `text` is cut into `parts` pieces that end at line breaks.
std::vector<std::string_view> split_at_lines(std::string_view text, std::size_t parts) {
  std::vector<std::string_view> pieces;
  std::size_t begin = 0;
  for (std::size_t k = 1; k <= parts && begin < text.size(); ++k) {
    std::size_t end = k == parts ? text.size() : std::max(begin, text.size() / parts * k);
    if (end < text.size()) {
      const std::size_t line_end = text.find('\n', end);
      end = line_end == std::string_view::npos ? text.size() : line_end + 1;
    }
    pieces.push_back(text.substr(begin, end - begin));
    begin = end;
  }
  return pieces;
}

// A run built line by line; its ids are copied into the run's own store, so
// the text they came from need not stay.
class RunBuilder {
 public:
  RunBuilder(std::string_view file, bool ranks) : file_(file), ranks_(ranks), ids_(std::make_shared<IdStore>()) {}

  Expected<void> add(const TextLine& line) {
    if (line.text.size() > longest_line) return unexpected(overlong_line(kind, file_, line.number));
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
    long rank = 0;
    if (ranks_ && !parse_integer(fields[3], rank)) {
      return unexpected(bad_line(kind, file_, line, "rank '" + std::string(fields[3]) + "' is not an integer"));
    }
    // Runs list a query's lines together: look the id up only when it changes.
    if (run_.queries.empty() || fields[0] != run_.queries[current_].qid) {
      auto found = index_.find(fields[0]);
      if (found == index_.end()) {
        GRK_TRY_VOID(refuse_non_utf8(fields[0], "query id", kind, file_, line));
        const std::string_view qid = ids_->keep(fields[0]);
        found = index_.emplace(qid, run_.queries.size()).first;
        run_.queries.push_back(RunQuery{qid, {}, {}});
      }
      current_ = found->second;
    }
    run_.queries[current_].documents.push_back(RetrievedDocument{ids_->keep(fields[2]), score});
    if (ranks_) run_.queries[current_].ranks.push_back(rank);
    tag_.assign(fields[5].data(), fields[5].size());
    return {};
  }

  /// Adds the lines of a part, which follow every line added so far.
  void absorb(ParsedPart&& part) {
    for (auto& segment : part.segments) {
      if (run_.queries.empty() || segment.qid != run_.queries[current_].qid) {
        auto found = index_.find(segment.qid);
        if (found == index_.end()) {
          current_ = run_.queries.size();
          index_.emplace(segment.qid, current_);
          run_.queries.push_back(std::move(segment));
          continue;
        }
        current_ = found->second;
      }
      auto& documents = run_.queries[current_].documents;
      documents.insert(documents.end(), segment.documents.begin(), segment.documents.end());
      auto& ranks = run_.queries[current_].ranks;
      ranks.insert(ranks.end(), segment.ranks.begin(), segment.ranks.end());
    }
    if (!part.segments.empty()) tag_ = std::move(part.tag);
    ids_->absorb(std::move(part.ids));
  }

  /// The run, or the file's emptiness, or a document listed twice: `duplicate`
  /// turns the first query's (in file order) into its failure.
  template <typename Duplicate>
  Expected<TrecRun> finish(Duplicate duplicate, unsigned threads = 1) {
    if (run_.queries.empty()) return unexpected(no_run_line(file_));
    if (const auto repeated = first_listed_twice(run_.queries, threads)) {
      return unexpected(duplicate(repeated->qid, repeated->docno));
    }
    GRK_TRY_VOID(check_run_id(tag_, file_));
    sort_by_query_id(run_.queries);
    run_.run_id = std::move(tag_);
    run_.ids = std::move(ids_);
    return std::move(run_);
  }

 private:
  std::string file_;
  bool ranks_;
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

Expected<TrecRun> parse_run(std::shared_ptr<const std::string> text, std::string_view file, bool ranks) {
  GRK_TRY_VOID(refuse_byte_order_mark(*text, kind, file));
  RunBuilder builder(file, ranks);
  LineCursor cursor(*text);
  TextLine line;
  while (cursor.next(line)) GRK_TRY_VOID(builder.add(line));
  return builder.finish([&](std::string_view qid, std::string_view docno) {
    return duplicate_failure(*text, file, qid, docno);
  });
}

Expected<TrecRun> read_run(const std::filesystem::path& path) { return read_run(path, 1); }

namespace {

// The failure of the first line of `piece` that parse_run refuses, its
// lines numbered from `first_line`: a part's refusal, found again with its
// number without reading the file again.
Failure refusal_in(std::string_view piece, const std::string& file, bool ranks, std::size_t first_line) {
  RunBuilder strict(file, ranks);
  LineCursor cursor(piece);
  TextLine line;
  while (cursor.next(line)) {
    line.number += first_line - 1;
    if (auto added = strict.add(line); !added) return added.error();
  }
  return Failure{Status::internal, "run file '" + file + "': a refused line not found again", {}};
}

// The parsed parts of each window of `stream` in turn, handed to
// `window(parts)` in file order until it returns false. A window starts at
// the file's size (small runs take little) and holds at most 16 MiB, or one
// line of up to longest_line more; it is cut at line breaks into one part a
// thread. A part with a line to refuse fails with that line and its number.
template <typename Window>
Expected<void> read_windows(const InputFile& stream, const std::string& file, unsigned threads, bool ranks,
                            Window&& window) {
  constexpr std::size_t most = std::size_t{1} << 24;
  std::size_t capacity = std::clamp<std::size_t>(size_of(stream) + 1, std::size_t{1} << 12, most);
  std::unique_ptr<char[]> text(new char[capacity]);  // not zeroed: only what is read is looked at
  std::size_t held = 0;          // the start of a line the last window cut
  std::size_t lines_before = 0;  // the line breaks before the window
  for (bool at_end = false, first = true; !at_end; first = false) {
    const std::size_t got = std::fread(text.get() + held, 1, capacity - held, stream.get());
    if (std::ferror(stream.get())) return unreadable(file, kind);
    const std::size_t filled = held + got;
    if (first) GRK_TRY_VOID(refuse_byte_order_mark(std::string_view(text.get(), filled), kind, file));
    at_end = filled < capacity;
    std::size_t cut = filled;
    if (!at_end) {
      const char* last = nullptr;
      for (std::size_t back = filled; back > 0 && last == nullptr; --back) {
        if (text[back - 1] == '\n') last = &text[back - 1];
      }
      if (last == nullptr) {  // no line break in the window
        if (filled > longest_line) return unexpected(overlong_line(kind, file, lines_before + 1));
        std::unique_ptr<char[]> wider(new char[capacity * 2]);
        std::memcpy(wider.get(), text.get(), filled);
        text = std::move(wider);
        capacity *= 2;
        held = filled;
        continue;
      }
      cut = static_cast<std::size_t>(last - text.get()) + 1;
    }
    // A thread is worth its start only with a part of some size to parse.
    constexpr std::size_t least_part = std::size_t{1} << 19;
    const auto pieces = split_at_lines(std::string_view(text.get(), cut),
                                       std::clamp<std::size_t>(cut / least_part, 1, threads));
    std::vector<ParsedPart> parts(pieces.size());
    eval::for_each_part(pieces.size(), threads, [&](std::size_t k) { parse_part(pieces[k], parts[k], ranks); });
    for (std::size_t k = 0; k < parts.size(); ++k) {
      if (parts[k].refused) return unexpected(refusal_in(pieces[k], file, ranks, lines_before + 1));
      lines_before += parts[k].lines;
    }
    if (!window(parts)) return {};
    held = filled - cut;
    std::memmove(text.get(), text.get() + cut, held);
  }
  return {};
}

}  // namespace

// The run's memory is its ids and scores and one window, not its text.
Expected<TrecRun> read_run(const std::filesystem::path& path, unsigned threads, bool ranks) {
  const std::string file = path.string();
  GRK_TRY(const InputFile stream, open_input(path, kind));
  RunBuilder builder(file, ranks);
  GRK_TRY_VOID(read_windows(stream, file, threads, ranks, [&](std::vector<ParsedPart>& parts) {
    for (auto& part : parts) builder.absorb(std::move(part));
    return true;
  }));
  return builder.finish(
      [&](std::string_view qid, std::string_view docno) { return duplicate_failure(stream, file, qid, docno); },
      threads);
}

namespace {

// A run read query by query: the queries the file has not left yet (its
// current one last), the stores of their ids, and every query id seen, to
// tell a query that comes back.
class QueryByQuery {
 public:
  explicit QueryByQuery(const std::function<void(const std::vector<RunQuery>&)>& take) : take_(take) {}

  /// Adds a window's parts, then hands over every query but the file's
  /// current one. False when a query the file had left comes back.
  bool add(std::vector<ParsedPart>& parts) {
    for (auto& part : parts) {
      for (std::size_t k = 0; k < part.segments.size(); ++k) {
        RunQuery& segment = part.segments[k];
        if (!live_.empty() && same_id(live_.back().qid, segment.qid)) {
          auto& documents = live_.back().documents;
          documents.insert(documents.end(), segment.documents.begin(), segment.documents.end());
          auto& ranks = live_.back().ranks;
          ranks.insert(ranks.end(), segment.ranks.begin(), segment.ranks.end());
          live_checks_.back().whole = false;
          continue;
        }
        if (seen_.count(segment.qid) != 0) return false;
        segment.qid = qids_.keep(segment.qid);
        seen_.insert(segment.qid);
        live_.push_back(std::move(segment));
        live_since_.push_back(stores_.size());  // its documents' ids are in this part's store and later ones
        live_checks_.push_back(Check{true, part.repeated[k]});
      }
      if (!part.segments.empty()) tag_ = std::move(part.tag);
      stores_.push_back(std::move(part.ids));
    }
    hand_over(live_.empty() ? 0 : live_.size() - 1);
    return true;
  }

  /// Hands over the file's last query.
  void finish() { hand_over(live_.size()); }

  [[nodiscard]] bool any_query() const { return !seen_.empty(); }
  /// The first query handed over that lists a document twice, and that document.
  [[nodiscard]] const std::optional<std::pair<std::string, std::string>>& listed_twice() const { return repeated_; }
  [[nodiscard]] const std::string& tag() const { return tag_; }

 private:
  // The first `count` live queries to take_, unless a query before them
  // listed a document twice (the run is refused then: nothing more is
  // scored); then their documents and the stores only they used are freed.
  void hand_over(std::size_t count) {
    if (count == 0) return;
    std::vector<RunQuery> done(std::make_move_iterator(live_.begin()),
                               std::make_move_iterator(live_.begin() + static_cast<std::ptrdiff_t>(count)));
    live_.erase(live_.begin(), live_.begin() + static_cast<std::ptrdiff_t>(count));
    live_since_.erase(live_since_.begin(), live_since_.begin() + static_cast<std::ptrdiff_t>(count));
    if (!repeated_) {
      if (const auto twice = first_listed_twice_among(done)) {
        repeated_.emplace(std::string(twice->qid), std::string(twice->docno));
      } else {
        take_(done);
      }
    }
    live_checks_.erase(live_checks_.begin(), live_checks_.begin() + static_cast<std::ptrdiff_t>(count));
    const std::size_t used = live_since_.empty() ? stores_.size() : live_since_.front();
    stores_.erase(stores_.begin(), stores_.begin() + static_cast<std::ptrdiff_t>(used));
    for (auto& since : live_since_) since -= used;
  }

  // What parse_part found of a live query's documents listed twice: all of
  // them while the query lies in one part (whole), else nothing sure.
  struct Check {
    bool whole;
    std::size_t repeated;  ///< the first document listed a second time, or npos
  };

  // The first of the queries handed over (the first live ones, their checks
  // still in live_checks_) that lists a document twice, and that document:
  // from the parts' checks, and for a query split between parts, looked for
  // again over all of it.
  std::optional<ListedTwice> first_listed_twice_among(const std::vector<RunQuery>& done) {
    for (std::size_t q = 0; q < done.size(); ++q) {
      const Check& check = live_checks_[q];
      if (check.whole && check.repeated != std::string_view::npos) {
        return ListedTwice{done[q].qid, done[q].documents[check.repeated].docno};
      }
      if (!check.whole) {
        if (const auto docno = first_duplicate(done[q], seen_again_)) return ListedTwice{done[q].qid, *docno};
      }
    }
    return std::nullopt;
  }

  const std::function<void(const std::vector<RunQuery>&)>& take_;
  std::vector<RunQuery> live_;
  std::vector<Check> live_checks_;       ///< each live query's
  DocumentsSeen seen_again_;             ///< for first_duplicate, reused
  std::vector<std::size_t> live_since_;  ///< each live query's first store in stores_
  std::vector<IdStore> stores_;
  IdStore qids_;
  std::unordered_set<std::string_view> seen_;
  std::optional<std::pair<std::string, std::string>> repeated_;
  std::string tag_;
};

}  // namespace

Expected<RunInPassing> read_run_query_by_query(const std::filesystem::path& path, unsigned threads, bool ranks,
                                               const std::function<void(const std::vector<RunQuery>&)>& take) {
  const std::string file = path.string();
  GRK_TRY(const InputFile stream, open_input(path, kind));
  QueryByQuery run(take);
  bool grouped = true;
  GRK_TRY_VOID(read_windows(stream, file, threads, ranks, [&](std::vector<ParsedPart>& parts) {
    grouped = run.add(parts);
    return grouped;
  }));
  if (!grouped) return RunInPassing{false, {}};
  run.finish();
  if (!run.any_query()) return unexpected(no_run_line(file));
  if (const auto& twice = run.listed_twice()) {
    return unexpected(duplicate_failure(stream, file, twice->first, twice->second));
  }
  GRK_TRY_VOID(check_run_id(run.tag(), file));
  return RunInPassing{true, run.tag()};
}

Expected<std::string> read_run_for_scoring(const std::filesystem::path& path, unsigned threads, bool ranks,
                                           const std::function<void()>& begin,
                                           const std::function<void(const std::vector<RunQuery>&)>& take) {
  begin();
  GRK_TRY(RunInPassing read, read_run_query_by_query(path, threads, ranks, take));
  if (read.grouped) return std::move(read.run_id);
  GRK_TRY(TrecRun run, read_run(path, threads, ranks));
  begin();
  take(run.queries);
  return std::move(run.run_id);
}

}  // namespace grk::measures
