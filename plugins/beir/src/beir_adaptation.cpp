#include "beir_adaptation.hpp"

#include <grk/error.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/wtf8.hpp>
#include <grk/judgments/load_judgments.hpp>
#include <grk/python/text.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "beir_record.hpp"
#include "document_index.hpp"
#include "identifier_rules.hpp"
#include "python_path.hpp"
#include "qrels_reader.hpp"
#include "source_file.hpp"
#include "source_lines.hpp"

namespace grk::beir {
namespace {

constexpr std::uint64_t progress_every = 4096;

Status status_for_open_errno(int errno_value) {
  return errno_value == ENOENT || errno_value == ENOTDIR ? Status::not_found : Status::io_error;
}

SourceFile open_source(const std::string& path, const char* what) {
  SourceFile file;
  if (const int error = file.open(path); error != 0) {
    throw Error(status_for_open_errno(error),
                std::string("cannot read BEIR ") + what + " " + python::repr(path) + ": " + os_error_text(error, path));
  }
  return file;
}

[[noreturn]] void rethrow_read_problem(const std::string& path) {
  try {
    throw;
  } catch (const InvalidUtf8& error) {
    throw Error(Status::invalid_data, "BEIR file " + python::repr(path) + " is not valid UTF-8: " + error.what());
  } catch (const ReadFailed& error) {
    throw Error(Status::io_error,
                "cannot read BEIR file " + python::repr(path) + ": " + os_error_text(error.errno_value, path));
  }
}

// The loader's own checks on one non-blank JSONL line (reference 3.3): JSON,
// then an object. Fills `fields` and returns true, or sets `problem`. The fast
// scanner decides the common case; the full reader gives Python's exact result
// (or message) for everything else.
bool parse_jsonl_line(std::string_view line, const std::string& path, std::uint64_t number, RecordFields& fields,
                      std::optional<std::string>& problem) {
  if (scan_record_fields(line, fields)) return true;
  json::ReadError error;
  const auto value = json::read(line, error);
  if (!value) {
    problem = "invalid JSON in " + path + " line " + std::to_string(number) + ": " + error.message;
    return false;
  }
  if (!value->is_object()) {
    problem = path + " line " + std::to_string(number) + " must be a JSON object";
    return false;
  }
  fields = fields_of(value->get_object());
  return true;
}

// A part of corpus.jsonl as the first pass read it, so that the second pass
// reads the same bytes the same way and notices any change.
struct CorpusRange {
  std::uint64_t begin = 0;
  std::optional<std::uint64_t> end;  // none: read on from the file offset to the end
  ContentFingerprint fingerprint;
};

// What the first pass over corpus.jsonl keeps: ids and counts, never texts.
struct CorpusSurvey {
  DocumentIndex index;
  std::uint64_t record_count = 0;
  std::uint64_t total_characters = 0;
  std::optional<std::string> load_problem;  // step 3: the loader's first error
  // Step 4's first record error, its record position and whether it comes
  // before the duplicate check within that record.
  std::optional<std::string> record_problem;
  std::uint64_t record_problem_position = 0;
  bool record_problem_before_duplicate_check = false;
  std::vector<std::string> surrogate_ids;  // texts Python could not encode
  std::set<std::string> separator_ids;     // texts that break a judgments line
  std::vector<CorpusRange> ranges;         // in file order
  FileState state;
};

using RecordCounter = std::function<void(std::uint64_t records, std::uint64_t bytes)>;

// The first pass over the lines `reader` gives, into `survey`. Throws what
// the reader throws.
void survey_lines(SourceLineReader& reader, const std::string& path, CorpusSurvey& survey,
                  const RecordCounter& counted) {
  std::string_view line;
  RecordFields row;
  while (reader.next(line)) {
    if (python::strip(line).empty()) continue;
    if (!parse_jsonl_line(line, path, reader.line_number(), row, survey.load_problem)) {
      reader.drain();  // a decode error later in the file still wins (reference 3.2)
      break;
    }
    const std::uint64_t position = ++survey.record_count;
    if (counted && position % progress_every == 0) counted(position, reader.bytes_read());
    if (survey.record_problem) continue;  // only the loader's checks still matter
    const RecordPlace place{"corpus", position};
    std::string_view id;
    auto problem = record_id_problem(row, place, id);
    if (!problem) problem = identifier_problem(id, IdentifierSubject::document);
    if (problem) {
      survey.record_problem = std::move(problem);
      survey.record_problem_position = position;
      survey.record_problem_before_duplicate_check = true;
      continue;
    }
    survey.index.add(id, position);
    DocumentText text;
    if (auto late = document_text_problem(row, place, id, text)) {
      survey.record_problem = std::move(late);
      survey.record_problem_position = position;
      continue;
    }
    survey.total_characters += text.code_points();
    if (row.lone_surrogate[RecordFields::title] || row.lone_surrogate[RecordFields::text]) {
      survey.surrogate_ids.emplace_back(id);  // stripping never removes a surrogate
    }
    // Stripping may remove a separator (Python counts them as whitespace);
    // the join cannot create one.
    if ((row.line_separator[RecordFields::title] || row.line_separator[RecordFields::text]) &&
        (contains_raw_line_separator(text.title) || contains_raw_line_separator(text.body))) {
      survey.separator_ids.emplace(id);
    }
  }
}

CorpusSurvey survey_corpus(const SourceFile& file, const std::string& path, const AdaptationHooks& hooks) {
  CorpusSurvey survey;
  survey.state = file.state();
  SourceLineReader reader(file.fd());
  RecordCounter counted;
  if (hooks.progress) {
    counted = [&](std::uint64_t records, std::uint64_t bytes) { hooks.progress("reading corpus", records, 0, bytes); };
  }
  try {
    survey_lines(reader, path, survey, counted);
  } catch (...) {
    rethrow_read_problem(path);
  }
  if (hooks.progress) hooks.progress("reading corpus", survey.record_count, 0, reader.bytes_read());
  survey.ranges.push_back(CorpusRange{0, std::nullopt, reader.fingerprint()});
  return survey;
}

// The offset just after the first '\n' at or after `from`, where a line always
// ends (alone or as the end of "\r\n"), or none.
std::optional<std::uint64_t> line_end_after(int fd, std::uint64_t from, std::uint64_t size) {
  std::vector<char> block(64 << 10);
  for (std::uint64_t at = from; at < size;) {
    const ssize_t got = ::pread(fd, block.data(), block.size(), static_cast<off_t>(at));
    if (got <= 0) return std::nullopt;
    const void* found = std::memchr(block.data(), '\n', static_cast<std::size_t>(got));
    if (found != nullptr) return at + static_cast<std::uint64_t>(static_cast<const char*>(found) - block.data()) + 1;
    at += static_cast<std::uint64_t>(got);
  }
  return std::nullopt;
}

// The first pass on two threads, each surveying one half of a large file,
// split where a line ends. Used only when both halves are clean: with any
// problem the caller surveys the whole file in order instead, which words it
// exactly as Python does (line numbers, record positions, and a decode error
// anywhere outranking a parse error all need the file read in order).
std::optional<CorpusSurvey> survey_corpus_halves(const SourceFile& file, const std::string& path,
                                                 const AdaptationHooks& hooks) {
  struct stat st {};
  if (::fstat(file.fd(), &st) != 0 || !S_ISREG(st.st_mode) || std::thread::hardware_concurrency() < 2) {
    return std::nullopt;
  }
  const FileState state = file.state();
  if (state.size < std::max<std::uint64_t>(hooks.parallel_survey_min_bytes, 2)) return std::nullopt;
  const std::optional<std::uint64_t> split = line_end_after(file.fd(), state.size / 2, state.size);
  if (!split || *split >= state.size) return std::nullopt;

  CorpusSurvey second;
  bool second_clean = false;
  std::atomic<std::uint64_t> second_records{0}, second_bytes{0};
  std::thread helper([&] {
    try {
      SourceLineReader reader(file.fd(), *split, state.size);
      survey_lines(reader, path, second, [&](std::uint64_t records, std::uint64_t bytes) {
        second_records = records;
        second_bytes = bytes;
      });
      second.ranges.push_back(CorpusRange{*split, state.size, reader.fingerprint()});
      second_clean = !second.load_problem && !second.record_problem;
    } catch (...) {
      // Not clean: the sequential survey meets the same problem and reports it.
    }
  });
  CorpusSurvey first;
  bool first_clean = false;
  try {
    SourceLineReader reader(file.fd(), 0, *split);
    RecordCounter counted;
    if (hooks.progress) {
      counted = [&](std::uint64_t records, std::uint64_t bytes) {
        hooks.progress("reading corpus", records + second_records, 0, bytes + second_bytes);
      };
    }
    survey_lines(reader, path, first, counted);
    first.ranges.push_back(CorpusRange{0, *split, reader.fingerprint()});
    first_clean = !first.load_problem && !first.record_problem;
  } catch (...) {
    // As above.
  }
  helper.join();
  if (!first_clean || !second_clean) return std::nullopt;

  first.index.append(second.index, first.record_count);
  first.record_count += second.record_count;
  first.total_characters += second.total_characters;
  first.surrogate_ids.insert(first.surrogate_ids.end(), second.surrogate_ids.begin(), second.surrogate_ids.end());
  first.separator_ids.insert(second.separator_ids.begin(), second.separator_ids.end());
  first.ranges.push_back(second.ranges.front());
  first.state = state;
  if (hooks.progress) hooks.progress("reading corpus", first.record_count, 0, state.size);
  return first;
}

// queries.jsonl is read whole into memory: it is small next to the corpus.
std::vector<RecordFields> load_query_rows(const SourceFile& file, const std::string& path) {
  std::vector<RecordFields> rows;
  RecordFields row;
  std::optional<std::string> problem;
  SourceLineReader reader(file.fd());
  std::string_view line;
  try {
    while (reader.next(line)) {
      if (python::strip(line).empty()) continue;
      if (!parse_jsonl_line(line, path, reader.line_number(), row, problem)) {
        reader.drain();
        break;
      }
      rows.push_back(std::move(row));
    }
  } catch (...) {
    rethrow_read_problem(path);
  }
  if (problem) throw Error(Status::invalid_data, *problem);
  return rows;
}

void check_corpus_records(CorpusSurvey& survey) {
  survey.index.seal();
  const auto duplicate = survey.index.first_duplicate();
  if (duplicate && (!survey.record_problem || duplicate->position < survey.record_problem_position ||
                    (duplicate->position == survey.record_problem_position &&
                     !survey.record_problem_before_duplicate_check))) {
    throw Error(Status::invalid_data, "duplicate BEIR document id " + python::repr(duplicate->id));
  }
  if (survey.record_problem) throw Error(Status::invalid_data, *survey.record_problem);
}

std::map<std::string, std::string> check_query_records(const std::vector<RecordFields>& rows) {
  std::map<std::string, std::string> queries;
  std::uint64_t position = 0;
  for (const auto& row : rows) {
    const RecordPlace place{"query", ++position};
    std::string_view id;
    auto problem = record_id_problem(row, place, id);
    if (!problem) problem = identifier_problem(id, IdentifierSubject::query);
    if (problem) throw Error(Status::invalid_data, *problem);
    if (queries.count(std::string(id)) != 0) {
      throw Error(Status::invalid_data, "duplicate BEIR query id " + python::repr(id));
    }
    std::string text;
    if (auto late = query_text_problem(row, place, id, text)) throw Error(Status::invalid_data, *late);
    queries.emplace(std::string(id), std::move(text));
  }
  return queries;
}

std::string repr_groups(const std::vector<std::vector<std::string>>& groups) {
  std::string out = "[";
  for (std::size_t i = 0; i < groups.size(); ++i) out += (i ? ", " : "") + python::repr_list(groups[i]);
  return out + "]";
}

// Steps 6-10, each with the reference's message.
void check_relevance(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                     const DocumentIndex& index, const std::string& split) {
  std::set<std::string> positive_documents;
  for (const auto& entry : qrels.positives) positive_documents.insert(entry.second.begin(), entry.second.end());
  std::vector<std::string> missing_documents;
  for (const auto& id : positive_documents) {
    if (!index.contains(id)) missing_documents.push_back(id);
  }
  if (!missing_documents.empty()) {
    throw Error(Status::invalid_data, "BEIR qrels reference missing documents: " + python::repr_list(missing_documents));
  }
  std::vector<std::string> missing_queries;
  for (const auto& entry : qrels.positives) {
    if (queries.count(entry.first) == 0) missing_queries.push_back(entry.first);
  }
  if (!missing_queries.empty()) {
    throw Error(Status::invalid_data, "BEIR qrels reference missing queries: " + python::repr_list(missing_queries));
  }
  if (qrels.positives.empty()) {
    throw Error(Status::invalid_data,
                "BEIR qrels for split " + python::repr(split) + " contain no positive relevance rows");
  }
  std::vector<std::string> unusable;
  for (const auto& entry : qrels.positives) {
    if (!is_harness_query_id(entry.first)) unusable.push_back(entry.first);
  }
  if (!unusable.empty()) {
    throw Error(Status::invalid_data,
                "BEIR query ids are not admissible as groundkit judgment ids: " + python::repr_list(unusable) +
                    ". The harness requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map "
                    "these ids before adapting, rather than writing a corpus the harness would reject on load.");
  }
  const auto collisions = index.case_collisions();
  if (!collisions.empty()) {
    throw Error(Status::invalid_data,
                "BEIR document ids collide when case is folded, so they would share one file on a "
                "case-insensitive filesystem: " +
                    repr_groups(collisions) +
                    ". Each would overwrite the other while the judgments still reference both, leaving "
                    "quotes resolved against the wrong document. Rename or map these ids before adapting.");
  }
}

// Where the reference would die with UnicodeEncodeError while writing (3.2),
// we refuse before writing. Documents are written before the judgments, in
// ascending id order, so the first one Python would hit is named.
void check_encodable(const CorpusSurvey& survey, const Qrels& qrels, const std::map<std::string, std::string>& queries) {
  if (!survey.surrogate_ids.empty()) {
    std::string first = survey.surrogate_ids.front();
    for (const auto& id : survey.surrogate_ids) first = std::min(first, id);
    throw Error(Status::invalid_data,
                "BEIR document " + python::repr(first) +
                    " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which cannot be "
                    "written as UTF-8; refused. Nothing was written.");
  }
  for (const auto& entry : qrels.positives) {
    if (json::contains_lone_surrogate(queries.at(entry.first))) {
      throw Error(Status::invalid_data,
                  "BEIR query " + python::repr(entry.first) +
                      " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which cannot be "
                      "written as UTF-8; refused. Nothing was written.");
    }
  }
}

[[noreturn]] void refuse_changed(const std::string& path) {
  throw Error(Status::failed_precondition, "BEIR file " + python::repr(path) +
                                               " changed while it was being adapted; refused. Nothing was written.");
}

// The second read of corpus.jsonl: the same records again, each written (when
// `output` is given) and the referenced ones kept for the judgments. Anything
// that differs from the first pass means the file changed.
std::map<std::string, std::string> replay_corpus(const SourceFile& file, const std::string& path,
                                                 const CorpusSurvey& survey, const std::set<std::string>& referenced,
                                                 StagedOutput* output, const AdaptationHooks& hooks) {
  std::map<std::string, std::string> texts;
  std::string_view line;
  std::string text;
  std::string file_name;
  RecordFields row;
  std::uint64_t position = 0;
  std::uint64_t written_bytes = 0;
  try {
    for (const CorpusRange& range : survey.ranges) {
      if (!range.end) file.rewind();
      SourceLineReader reader =
          range.end ? SourceLineReader(file.fd(), range.begin, *range.end) : SourceLineReader(file.fd());
      while (reader.next(line)) {
        if (python::strip(line).empty()) continue;
        std::optional<std::string> problem;
        if (!parse_jsonl_line(line, path, reader.line_number(), row, problem) || ++position > survey.record_count) {
          refuse_changed(path);
        }
        std::string_view id;
        DocumentText parts;
        if (record_id_problem(row, RecordPlace{"corpus", position}, id) ||
            identifier_problem(id, IdentifierSubject::document) ||
            document_text_problem(row, RecordPlace{"corpus", position}, id, parts)) {
          refuse_changed(path);
        }
        parts.compose(text);
        if (output != nullptr) {
          file_name.assign(id).append(".txt");
          written_bytes += text.size();
          if (referenced.count(std::string(id)) != 0) texts[std::string(id)] = text;
          output->write_document(file_name, std::move(text));
          if (hooks.progress && position % progress_every == 0) {
            hooks.progress("writing corpus", position, survey.record_count, written_bytes);
          }
        }
        if (output == nullptr && referenced.count(std::string(id)) != 0) texts[std::string(id)] = text;
      }
      if (reader.fingerprint().value() != range.fingerprint.value() ||
          reader.bytes_read() != range.fingerprint.size()) {
        refuse_changed(path);
      }
    }
  } catch (const InvalidUtf8&) {
    refuse_changed(path);  // the first pass decoded this file cleanly
  } catch (const ReadFailed&) {
    rethrow_read_problem(path);
  }
  if (position != survey.record_count || !(file.state() == survey.state)) {
    refuse_changed(path);
  }
  if (output != nullptr && hooks.progress) {
    hooks.progress("writing corpus", position, survey.record_count, written_bytes);
  }
  return texts;
}

// judgments.jsonl exactly as json.dumps(row, ensure_ascii=False) + "\n" writes
// each row (reference 3.9).
std::string render_judgments(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                             const std::map<std::string, std::string>& texts) {
  std::string out;
  for (const auto& [query_id, documents] : qrels.positives) {
    out += "{\"query_id\": ";
    json::append_quoted(out, query_id);
    out += ", \"query\": ";
    json::append_quoted(out, queries.at(query_id));
    out += ", \"category\": \"normal\", \"gold\": [";
    bool first = true;
    for (const auto& doc_id : documents) {
      out += first ? "{\"doc\": " : ", {\"doc\": ";
      first = false;
      json::append_quoted(out, doc_id + ".txt");
      out += ", \"quote\": ";
      json::append_quoted(out, texts.at(doc_id));
      out += "}";
    }
    out += "]}\n";
  }
  return out;
}

std::string with_thousands(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

}  // namespace

AdaptationReport adapt_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  // Step 1.
  if (!is_safe_identifier(request.split)) {
    throw Error(Status::invalid_argument, "unsafe BEIR split " + python::repr(request.split) +
                                              "; expected letters, digits, dot, underscore, or hyphen");
  }
  // Step 2.
  for (const std::string* given : {&request.source_dir, &request.output_dir}) {
    if (given->find('\0') != std::string::npos) throw Error(Status::invalid_argument, "embedded null byte");
  }
  const std::string source = python_realpath(request.source_dir);
  const std::string destination = python_realpath(request.output_dir);

  // Step 3: the three loaders, in order; each file's decode error first.
  const std::string corpus_path = join_path(source, "corpus.jsonl");
  const SourceFile corpus_file = open_source(corpus_path, "file");
  std::optional<CorpusSurvey> halves = survey_corpus_halves(corpus_file, corpus_path, hooks);
  CorpusSurvey survey = halves ? std::move(*halves) : survey_corpus(corpus_file, corpus_path, hooks);
  if (survey.load_problem) throw Error(Status::invalid_data, *survey.load_problem);
  const std::string queries_path = join_path(source, "queries.jsonl");
  const std::vector<RecordFields> query_rows = load_query_rows(open_source(queries_path, "file"), queries_path);
  const std::string qrels_path = join_path(join_path(source, "qrels"), request.split + ".tsv");
  const Qrels qrels = read_qrels(open_source(qrels_path, "qrels"), qrels_path);

  // Steps 4-10.
  check_corpus_records(survey);
  const std::map<std::string, std::string> queries = check_query_records(query_rows);
  check_relevance(qrels, queries, survey.index, request.split);
  // Steps 11-12.
  const OutputLayout layout = check_output(destination);

  // What the reference finds only while or after writing (3.2, 3.11), found
  // here instead, before anything is written.
  check_encodable(survey, qrels, queries);
  std::set<std::string> referenced;
  bool judgments_may_break = false;
  for (const auto& [query_id, documents] : qrels.positives) {
    referenced.insert(documents.begin(), documents.end());
    judgments_may_break = judgments_may_break || contains_raw_line_separator(queries.at(query_id));
    for (const auto& doc_id : documents) judgments_may_break = judgments_may_break || survey.separator_ids.count(doc_id);
  }
  if (hooks.between_corpus_passes) hooks.between_corpus_passes();
  if (judgments_may_break) {
    const auto texts = replay_corpus(corpus_file, corpus_path, survey, referenced, nullptr, hooks);
    judgments::parse_judgments(render_judgments(qrels, queries, texts), layout.judgments_path);
  }

  // Steps 13-16, into a staging directory published at the end.
  StagedOutput output(layout, hooks.before_write_step);
  const auto texts = replay_corpus(corpus_file, corpus_path, survey, referenced, &output, hooks);
  const std::string judgments_text = render_judgments(qrels, queries, texts);
  judgments::parse_judgments(judgments_text, layout.judgments_path);
  output.write_judgments(judgments_text);
  output.publish();

  AdaptationReport report;
  report.source_dir = source;
  report.output_dir = destination;
  report.split = request.split;
  report.document_count = survey.record_count;
  report.query_count = qrels.positives.size();
  report.relevance_pair_count = qrels.pair_count();
  report.total_characters = survey.total_characters;
  report.corpus_dir = layout.corpus_dir;
  report.judgments_path = layout.judgments_path;
  return report;
}

boost::json::object report_to_json(const AdaptationReport& report) {
  boost::json::object out;
  out["source_dir"] = report.source_dir;
  out["output_dir"] = report.output_dir;
  out["split"] = report.split;
  out["document_count"] = report.document_count;
  out["query_count"] = report.query_count;
  out["relevance_pair_count"] = report.relevance_pair_count;
  out["total_characters"] = report.total_characters;
  out["corpus_dir"] = report.corpus_dir;
  out["judgments_path"] = report.judgments_path;
  return out;
}

std::string summary_line(std::uint64_t document_count, std::uint64_t total_characters, const std::string& corpus_dir,
                         std::uint64_t query_count, std::uint64_t relevance_pair_count,
                         const std::string& judgments_path) {
  char ratio[64];
  std::snprintf(ratio, sizeof ratio, "%.2f",
                query_count == 0 ? 0.0 : static_cast<double>(relevance_pair_count) / static_cast<double>(query_count));
  return with_thousands(document_count) + " documents, " + with_thousands(total_characters) + " chars -> " +
         corpus_dir + "; " + with_thousands(query_count) + " queries, " + ratio + " gold docs/query -> " +
         judgments_path;
}

}  // namespace grk::beir
