#include "pipeline/validate.hpp"

#include <grk/error.hpp>
#include <grk/groundkit/id_encoding.hpp>
#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/json/wtf8.hpp>
#include <grk/python/text.hpp>

#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "read/beir_record.hpp"
#include "read/document_index.hpp"
#include "rules/identifier_rules.hpp"
#include "read/jsonl_loader.hpp"
#include "write/number_text.hpp"
#include "read/python_path.hpp"
#include "read/qrels_reader.hpp"
#include "rules/refusal_hints.hpp"
#include "read/source_file.hpp"
#include "read/source_lines.hpp"
#include "pipeline/subsets.hpp"
#include "rules/validation_problems.hpp"

namespace grk::beir {
namespace {

constexpr std::uint64_t progress_every = 4096;

// The breaks of Python's splitlines other than \n and \r in a line the
// newline rule kept whole: each starts one more line under the python rule.
std::uint64_t python_only_breaks(std::string_view line) {
  std::uint64_t breaks = 0;
  const auto* bytes = reinterpret_cast<const unsigned char*>(line.data());
  for (std::size_t i = 0; i < line.size(); ++i) {
    const unsigned char b = bytes[i];
    if (b == 0x0B || b == 0x0C || (b >= 0x1C && b <= 0x1E)) {
      ++breaks;
    } else if (b == 0xC2 && i + 1 < line.size() && bytes[i + 1] == 0x85) {
      ++breaks;
    } else if (b == 0xE2 && i + 2 < line.size() && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)) {
      ++breaks;
    }
  }
  return breaks;
}

ProblemKind read_failure_kind(const ReadFailure& failure) {
  if (failure.kind == ReadFailure::Kind::invalid_utf8) return ProblemKind::invalid_utf8;
  if (failure.kind == ReadFailure::Kind::line_too_long) return ProblemKind::line_too_long;
  return ProblemKind::unreadable_file;
}

ProblemExample example(const std::string& file, std::optional<std::uint64_t> line, std::optional<std::string> id,
                       std::string message) {
  return ProblemExample{file, line, std::move(id), std::move(message)};
}

// Which rule of docs/behaviour/beir.md §5 an id that check_identifier refused broke, in the
// same order; the message stays check_identifier's.
ProblemKind identifier_problem(std::string_view id, IdentifierSubject subject) {
  if (subject == IdentifierSubject::query) return ProblemKind::unsafe_query_id;
  if (!is_safe_identifier(id) || id == "." || id == "..") return ProblemKind::unsafe_document_id;
  if (id.size() + 4 > 255) return ProblemKind::long_document_id;
  return ProblemKind::reserved_document_id;
}

ProblemKind parse_problem(const Failure& failure) {
  return failure.message.compare(0, 16, "invalid JSON in ") == 0 ? ProblemKind::invalid_json
                                                                  : ProblemKind::not_a_json_object;
}

// The records of one JSONL file, each handed to `on_record(fields, line,
// kept_whole)`; every problem of reading and parsing goes to `log`, and the
// read goes on after it. Lines are numbered as the chosen rule numbers them.
// Under LineBreaks::python a line whose pieces do not all parse but which
// parses whole is a line-break-inside-record, and is then read whole, as
// line_breaks=newline would (docs/behaviour/beir.md §18.4).
template <typename OnRecord>
void read_jsonl(const std::string& path, const std::string& name, LineBreaks breaks, ProblemLog& log,
                OnRecord&& on_record) {
  const Expected<SourceFile> file = open_source(path, "file");
  if (!file) {
    log.add(ProblemKind::unreadable_file, example(name, std::nullopt, std::nullopt, file.error().message));
    return;
  }
  SourceLineReader reader(file->fd(), LineBreaks::newline);
  std::uint64_t line_number = 0;
  RecordFields row;
  std::string_view line;
  for (;;) {
    const Expected<bool, ReadFailure> more = reader.next(line);
    if (!more) {
      const ReadFailure& failure = more.error();
      std::optional<std::uint64_t> at;
      if (failure.kind == ReadFailure::Kind::line_too_long) at = failure.line;
      log.add(read_failure_kind(failure), example(name, at, std::nullopt, fail_unreadable(failure, path).error.message));
      return;
    }
    if (!*more) return;
    const std::uint64_t first = line_number + 1;
    if (breaks == LineBreaks::python && reader.last_line_kept_whole()) {
      line_number += 1 + python_only_breaks(line);
      const std::vector<std::string_view> pieces = python::splitlines(line);
      std::optional<Failure> cut;
      std::uint64_t cut_at = 0;
      for (std::size_t i = 0; i < pieces.size() && !cut; ++i) {
        if (python::strip(pieces[i]).empty()) continue;
        if (auto parsed = parse_jsonl_line(pieces[i], path, first + i, row); !parsed) {
          cut = parsed.error();
          cut_at = first + i;
        }
      }
      if (!cut) {
        for (std::size_t i = 0; i < pieces.size(); ++i) {
          if (python::strip(pieces[i]).empty()) continue;
          (void)parse_jsonl_line(pieces[i], path, first + i, row);
          on_record(row, first + i, false);
        }
        continue;
      }
      if (parse_jsonl_line(line, path, first, row)) {
        log.add(ProblemKind::line_break_inside_record, example(name, cut_at, std::nullopt, cut->message));
        on_record(row, first, true);
      } else {
        log.add(parse_problem(*cut), example(name, cut_at, std::nullopt, cut->message));
      }
      continue;
    }
    ++line_number;
    if (python::strip(line).empty()) continue;
    if (auto parsed = parse_jsonl_line(line, path, line_number, row); !parsed) {
      log.add(parse_problem(parsed.error()), example(name, line_number, std::nullopt, parsed.error().message));
      continue;
    }
    on_record(row, line_number, reader.last_line_kept_whole());
  }
}

// The id of a record, or none when it has no usable `_id` (a missing-id,
// after which the record is skipped). A refused id is logged and kept: the
// opt-in that resolves it keeps the record.
std::optional<std::string_view> checked_id(const RecordFields& row, const RecordPlace& place,
                                           IdentifierSubject subject, const std::string& name, std::uint64_t line,
                                           ProblemLog& log) {
  const Expected<std::string_view, std::string> id = record_id(row, place, subject);
  if (id) return *id;
  if (row.kind[RecordFields::id] != FieldKind::string || row.value[RecordFields::id].empty()) {
    log.add(ProblemKind::missing_id, example(name, line, std::nullopt, id.error()));
    return std::nullopt;
  }
  const std::string_view value = row.value[RecordFields::id];
  log.add(identifier_problem(value, subject), [&] { return example(name, line, std::string(value), id.error()); });
  return value;
}

// What the corpus pass keeps: ids, one line number per record, and the
// documents whose text holds a raw separator. Never the texts.
struct CorpusFacts {
  DocumentIndex index;
  std::vector<std::uint64_t> line_of_record;  // record position - 1 -> line
  std::map<std::string, std::pair<std::uint64_t, SeparatorAt>> separators;  // id -> line, first separator
};

struct QueryFacts {
  std::map<std::string, std::string> texts;  // id -> stripped text
  std::map<std::string, std::uint64_t> lines;
};

// Positive pairs: query id -> document id -> the first qrels line naming the pair.
using Positives = std::map<std::string, std::map<std::string, std::uint64_t>>;

std::uint64_t first_line_naming_query(const Positives::mapped_type& documents) {
  std::uint64_t line = 0;
  for (const auto& [doc, at] : documents) line = line == 0 ? at : std::min(line, at);
  return line;
}

}  // namespace

// docs/behaviour/beir.md §18.4: the adapt path's checks in its order, each problem counted and
// the read continued.
ValidationReport validate_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  const AdaptationPolicies& policies = request.policies;
  check_graded(policies.graded).or_throw();
  // docs/behaviour/beir.md §7 steps 1-2: parameters, refused as in adapt mode.
  if (!is_safe_identifier(request.split)) {
    throw Error(Status::invalid_argument, "unsafe BEIR split " + python::repr(request.split) +
                                              "; expected letters, digits, dot, underscore, or hyphen");
  }
  if (request.source_dir.find('\0') != std::string::npos) throw Error(Status::invalid_argument, "embedded null byte");
  const std::string source = python_realpath(request.source_dir);
  ProblemLog log(policies);
  ValidationCounts counts;

  // corpus.jsonl (docs/behaviour/beir.md §7 steps 3-4).
  const std::string corpus_name = "corpus.jsonl";
  CorpusFacts corpus;
  read_jsonl(join_path(source, corpus_name), corpus_name, policies.line_breaks, log,
             [&](const RecordFields& row, std::uint64_t line, bool kept_whole) {
               const std::uint64_t position = ++counts.documents;
               corpus.line_of_record.push_back(line);
               if (hooks.progress && position % progress_every == 0) hooks.progress("reading corpus", position, 0, 0);
               const RecordPlace place{"corpus", position};
               const std::optional<std::string_view> id =
                   checked_id(row, place, IdentifierSubject::document, corpus_name, line, log);
               if (!id) return;
               corpus.index.add(*id, position);
               const Expected<DocumentText, std::string> text = document_text(row, place, *id);
               if (!text) {
                 const bool type = text.error().find("must be a string when present") != std::string::npos;
                 log.add(type ? ProblemKind::non_string_field : ProblemKind::empty_document,
                         [&] { return example(corpus_name, line, std::string(*id), text.error()); });
                 return;
               }
               counts.total_characters += text->code_points();
               if (row.lone_surrogate[RecordFields::title] || row.lone_surrogate[RecordFields::text]) {
                 log.add(ProblemKind::lone_surrogate, [&] {
                   return example(corpus_name, line, std::string(*id),
                                  "BEIR document " + python::repr(*id) +
                                      " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which "
                                      "cannot be written as UTF-8; refused. Nothing was written.");
                 });
               }
               if (row.line_separator[RecordFields::title] || row.line_separator[RecordFields::text] || kept_whole) {
                 std::optional<SeparatorAt> at = first_separator(text->title);
                 const std::uint64_t title_characters =
                     text->title.empty() ? 0 : python::code_point_count(text->title) + 2;
                 if (!at) {
                   at = first_separator(text->body);
                   if (at) at->character += title_characters;
                 }
                 if (at) corpus.separators.emplace(std::string(*id), std::make_pair(line, *at));
               }
             });
  if (hooks.progress) hooks.progress("reading corpus", counts.documents, 0, 0);
  corpus.index.seal();
  std::uint64_t repeats = 0;
  for (const DuplicateDocument& duplicate : corpus.index.earliest_duplicates(ProblemLog::max_examples, repeats)) {
    log.add(ProblemKind::duplicate_document_id,
            example(corpus_name, corpus.line_of_record[duplicate.position - 1], duplicate.id,
                    "duplicate BEIR document id " + python::repr(duplicate.id)));
  }
  for (std::uint64_t i = ProblemLog::max_examples; i < repeats; ++i) {
    log.add(ProblemKind::duplicate_document_id, [] { return ProblemExample{}; });
  }

  // queries.jsonl (docs/behaviour/beir.md §7 step 5).
  const std::string queries_name = "queries.jsonl";
  QueryFacts queries;
  read_jsonl(join_path(source, queries_name), queries_name, policies.line_breaks, log,
             [&](const RecordFields& row, std::uint64_t line, bool) {
               const RecordPlace place{"query", ++counts.queries};
               const std::optional<std::string_view> id =
                   checked_id(row, place, IdentifierSubject::query, queries_name, line, log);
               if (!id) return;
               if (queries.lines.count(std::string(*id)) != 0) {
                 log.add(ProblemKind::duplicate_query_id,
                         example(queries_name, line, std::string(*id), "duplicate BEIR query id " + python::repr(*id)));
                 return;
               }
               queries.lines.emplace(std::string(*id), line);
               Expected<std::string, std::string> text = query_text(row, place, *id);
               if (!text) {
                 const bool absent = text.error().find("requires non-empty string field 'text'") != std::string::npos;
                 log.add(absent ? ProblemKind::missing_query_text : ProblemKind::empty_query,
                         example(queries_name, line, std::string(*id), text.error()));
                 return;
               }
               queries.texts.emplace(std::string(*id), std::move(text).value());
             });

  // qrels/<split>.tsv (docs/behaviour/beir.md §4, §16.2-§16.3).
  const std::string qrels_name = "qrels/" + request.split + ".tsv";
  const std::string qrels_path = join_path(join_path(source, "qrels"), request.split + ".tsv");
  Positives positives;
  std::map<std::string, std::uint64_t, bool (*)(const std::string&, const std::string&)> grades(
      [](const std::string& a, const std::string& b) { return compare_integers(a, b) < 0; });
  const std::string threshold = policies.graded ? std::to_string(*policies.graded) : "1";
  const Expected<SourceFile> qrels_file = open_source(qrels_path, "qrels");
  if (!qrels_file) {
    log.add(ProblemKind::unreadable_file, example(qrels_name, std::nullopt, std::nullopt, qrels_file.error().message));
  } else {
    SourceLineReader reader(qrels_file->fd(), LineBreaks::newline);
    std::uint64_t number = 0;  // non-empty lines (docs/behaviour/beir.md §4)
    std::string_view line;
    for (;;) {
      const Expected<bool, ReadFailure> more = reader.next(line);
      if (!more) {
        const ReadFailure& failure = more.error();
        std::optional<std::uint64_t> at;
        if (failure.kind == ReadFailure::Kind::line_too_long) at = failure.line;
        log.add(read_failure_kind(failure),
                example(qrels_name, at, std::nullopt, fail_unreadable_qrels(failure, qrels_path).error.message));
        break;
      }
      if (!*more) {
        if (number == 0) {
          log.add(ProblemKind::invalid_qrels_header,
                  example(qrels_name, std::nullopt, std::nullopt, "unexpected or missing BEIR qrels header in " + qrels_path));
        }
        break;
      }
      const std::vector<std::string_view> pieces =
          policies.line_breaks == LineBreaks::python && reader.last_line_kept_whole() ? python::splitlines(line)
                                                                                       : std::vector<std::string_view>{line};
      for (const std::string_view piece : pieces) {
        if (piece.empty()) continue;
        ++number;
        if (number == 1) {
          const Expected<void, std::string> header = check_header(piece, qrels_path);
          if (header) continue;
          if (!reads_as_data(piece)) {
            log.add(ProblemKind::invalid_qrels_header, example(qrels_name, 1, std::nullopt, header.error()));
            continue;
          }
          // Read on as qrels_header=auto would.
          log.add(ProblemKind::qrels_without_header, example(qrels_name, 1, std::nullopt, header.error()));
        }
        const std::vector<std::string_view> row = split_tabs(piece);
        if (row.size() < 3) {
          log.add(ProblemKind::short_qrels_row,
                  example(qrels_name, number, std::nullopt,
                          "invalid BEIR qrels row at " + qrels_path + " line " + std::to_string(number)));
          continue;
        }
        if (auto rule = check_identifier(row[0], IdentifierSubject::query); !rule) {
          log.add(ProblemKind::unsafe_query_id, [&] { return example(qrels_name, number, std::string(row[0]), rule.error()); });
        }
        if (auto rule = check_identifier(row[1], IdentifierSubject::document); !rule) {
          log.add(identifier_problem(row[1], IdentifierSubject::document),
                  [&] { return example(qrels_name, number, std::string(row[1]), rule.error()); });
        }
        const std::optional<std::string> score = python::parse_int(row[2]);
        if (!score) {
          log.add(ProblemKind::invalid_score,
                  example(qrels_name, number, std::nullopt,
                          "invalid integer relevance score " + python::repr(row[2]) + " at " + qrels_path + " line " +
                              std::to_string(number)));
          continue;
        }
        ++counts.qrels_rows;
        ++grades[*score];
        // Without `graded`, a grade other than 0 and 1 is read on as graded=1 would.
        if (!policies.graded && *score != "0" && *score != "1") {
          log.add(ProblemKind::graded_score,
                  [&] { return example(qrels_name, number, std::nullopt, graded_message(*score, qrels_path, number)); });
        }
        if (compare_integers(*score, threshold) >= 0) {
          positives[std::string(row[0])].emplace(std::string(row[1]), number);
        }
      }
    }
  }
  counts.qrels_rows_by_grade.assign(grades.begin(), grades.end());

  // The pair policies (docs/behaviour/beir.md §16.5-§16.6), then §7 steps 6-10. A problem an
  // opt-in resolves is counted, then its pairs are dropped as that opt-in would.
  const auto drop = [&positives](const auto& doomed) {
    for (auto entry = positives.begin(); entry != positives.end();) {
      for (auto doc = entry->second.begin(); doc != entry->second.end();) {
        doc = doomed(entry->first, doc->first) ? entry->second.erase(doc) : std::next(doc);
      }
      entry = entry->second.empty() ? positives.erase(entry) : std::next(entry);
    }
  };
  for (const auto& entry : positives) {
    // Named, not a structured binding: a lambda cannot capture one before C++20.
    const std::string& query = entry.first;
    const auto& documents = entry.second;
    const auto same = documents.find(query);
    if (same == documents.end()) continue;
    log.add(ProblemKind::identical_ids, [&] {
      return example(qrels_name, same->second, query,
                     "positive pair of query " + python::repr(query) +
                         " and the document with the same id; BEIR's evaluator drops such pairs "
                         "(ignore_identical_ids)");
    });
  }
  if (policies.identical_ids == IdenticalIds::exclude) {
    drop([](const std::string& query, const std::string& doc) { return query == doc; });
  }
  std::map<std::string, std::uint64_t> absent_documents;
  for (const auto& [query, documents] : positives) {
    for (const auto& [doc, line] : documents) {
      if (corpus.index.contains(doc)) continue;
      auto [at, added] = absent_documents.emplace(doc, line);
      if (!added) at->second = std::min(at->second, line);
    }
  }
  for (const auto& [doc, line] : absent_documents) {
    log.add(ProblemKind::missing_document, [&, &doc = doc, &line = line] {
      return example(qrels_name, line, doc, "BEIR qrels reference missing documents: " + python::repr_list({doc}));
    });
  }
  drop([&absent_documents](const std::string&, const std::string& doc) { return absent_documents.count(doc) != 0; });
  std::vector<std::string> absent_queries;
  for (const auto& [query, documents] : positives) {
    if (queries.lines.count(query) != 0) continue;
    absent_queries.push_back(query);
    log.add(ProblemKind::missing_query, [&, &query = query, &documents = documents] {
      return example(qrels_name, first_line_naming_query(documents), query,
                     "BEIR qrels reference missing queries: " + python::repr_list({query}));
    });
  }
  for (const std::string& query : absent_queries) positives.erase(query);
  if (positives.empty()) {
    log.add(ProblemKind::no_positive_rows,
            example(qrels_name, std::nullopt, std::nullopt,
                    "BEIR qrels for split " + python::repr(request.split) + " contain no positive relevance rows"));
  }
  for (const auto& [query, documents] : positives) {
    if (judgments::is_judgment_query_id(query)) continue;
    log.add(ProblemKind::non_kebab_query_id, [&, &query = query, &documents = documents] {
      return example(qrels_name, first_line_naming_query(documents), query,
                     "BEIR query ids are not admissible as groundkit judgment ids: " + python::repr_list({query}) +
                         ". The harness requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map "
                         "these ids before adapting, rather than writing a corpus the harness would reject on load.");
    });
  }
  // docs/behaviour/beir.md §16.8: under query_ids=encode, two judged queries must not
  // become one judgment id.
  if (policies.query_ids == IdPolicy::encode) {
    std::map<std::string, std::vector<std::string>> originals;  // adapted -> originals, ascending
    for (const auto& entry : positives) originals[groundkit::kebab_case_id(entry.first)].push_back(entry.first);
    for (const auto& [adapted, group] : originals) {
      if (group.size() < 2) continue;
      log.add(ProblemKind::encoded_query_id_collision, [&, &adapted = adapted, &group = group] {
        return example(qrels_name, first_line_naming_query(positives.at(group[1])), group[1],
                       "BEIR query ids " + python::repr(group[0]) + " and " + python::repr(group[1]) +
                           " both become the judgment id " + python::repr(adapted) +
                           " under query_ids: encode; rename one of them before adapting. Nothing was written.");
      });
    }
  }
  for (const std::vector<std::string>& group : corpus.index.case_collisions()) {
    log.add(ProblemKind::case_colliding_document_ids, [&] {
      std::string listed = "[" + python::repr_list(group) + "]";
      return example(corpus_name, std::nullopt, group.front(),
                     "BEIR document ids collide when case is folded, so they would share one file on a "
                     "case-insensitive filesystem: " +
                         listed +
                         ". Each would overwrite the other while the judgments still reference both, leaving "
                         "quotes resolved against the wrong document. Rename or map these ids before adapting.");
    });
  }

  // What the reference meets only while writing (docs/behaviour/beir.md §15.3), on the
  // queries and documents the judgments would hold.
  std::set<std::string> quoted;
  for (const auto& [query, documents] : positives) {
    counts.relevance_pairs += documents.size();
    for (const auto& entry : documents) quoted.insert(entry.first);
    const std::string& text = queries.texts.count(query) != 0 ? queries.texts.at(query) : std::string();
    const std::uint64_t line = queries.lines.at(query);
    if (json::contains_lone_surrogate(text)) {
      log.add(ProblemKind::lone_surrogate, [&, &query = query] {
        return example(queries_name, line, query,
                       "BEIR query " + python::repr(query) +
                           " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which cannot be "
                           "written as UTF-8; refused. Nothing was written.");
      });
    }
    if (const std::optional<SeparatorAt> at = first_separator(text)) {
      log.add(ProblemKind::unicode_separator_in_text, [&, &query = query] {
        return example(queries_name, line, query,
                       "BEIR query " + python::repr(query) + " holds a raw " + character_name(at->code_point) +
                           " at character " + std::to_string(at->character) +
                           ", which json.dumps writes raw and groundkit's load_judgments reads as a line break");
      });
    }
  }
  counts.judged_queries = positives.size();
  for (const auto& [id, found] : corpus.separators) {
    if (quoted.count(id) == 0) continue;
    log.add(ProblemKind::unicode_separator_in_text, [&, &id = id, &found = found] {
      return example(corpus_name, found.first, id,
                     "BEIR document " + python::repr(id) + " holds a raw " + character_name(found.second.code_point) +
                         " at character " + std::to_string(found.second.character) +
                         ", which json.dumps writes raw and groundkit's load_judgments reads as a line break");
    });
  }

  ValidationReport report;
  report.valid = log.valid();
  for (const ProblemKind kind : log.kinds()) report.resolvable_kinds += resolved_by(kind) != nullptr ? 1 : 0;
  report.problems = log.to_json();
  report.counts = std::move(counts);
  return report;
}

boost::json::object validation_to_json(const ValidationReport& report) {
  boost::json::object out;
  out["valid"] = report.valid;
  out["problems"] = report.problems;
  boost::json::object counts;
  counts["documents"] = report.counts.documents;
  counts["queries"] = report.counts.queries;
  counts["qrels_rows"] = report.counts.qrels_rows;
  boost::json::object grades;
  for (const auto& [grade, rows] : report.counts.qrels_rows_by_grade) grades[grade] = rows;
  counts["qrels_rows_by_grade"] = std::move(grades);
  counts["judged_queries"] = report.counts.judged_queries;
  counts["relevance_pairs"] = report.counts.relevance_pairs;
  counts["total_characters"] = report.counts.total_characters;
  out["counts"] = std::move(counts);
  return out;
}

boost::json::object validate_subsets(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  if (request.source_dir.find('\0') != std::string::npos) throw Error(Status::invalid_argument, "embedded null byte");
  const std::string source = python_realpath(request.source_dir);
  // docs/behaviour/beir.md §17 step 2, as adapt mode refuses it.
  const std::string corpus = join_path(source, "corpus.jsonl");
  if (SourceFile::open(corpus)) {
    throw Error(Status::invalid_argument,
                "subsets is 'each' but " + python::repr(source) +
                    " holds corpus.jsonl itself: it is one BEIR dataset, not a folder of them; adapt it with "
                    "subsets 'refuse'");
  }
  const SubsetFolders folders = find_subsets(source);
  // docs/behaviour/beir.md §17 step 3: no subset, the folder is read as one dataset.
  if (folders.datasets.empty()) return validation_to_json(validate_beir_dataset(request, hooks));
  boost::json::object out;
  bool valid = true;
  boost::json::array subsets;
  for (const std::string& name : folders.datasets) {
    AdaptationRequest subset(join_path(source, name), std::string(), request.split, request.policies);
    boost::json::object entry;
    entry["name"] = name;
    for (auto& field : validation_to_json(validate_beir_dataset(subset, hooks))) entry[field.key()] = field.value();
    valid = valid && entry.at("valid").as_bool();
    subsets.push_back(std::move(entry));
  }
  out["valid"] = valid;
  out["subsets"] = std::move(subsets);
  boost::json::array skipped;
  for (const std::string& name : folders.skipped) skipped.emplace_back(name);
  out["skipped"] = std::move(skipped);
  return out;
}

// docs/behaviour/beir.md §18.2: "beir validate: N problems (M resolvable by opt-ins) in ...:
// kind count (opt-in), ...".
std::string validation_summary(const boost::json::object& result) {
  // docs/behaviour/beir.md §18.6: each subset with problems, after the count of subsets.
  if (const boost::json::value* subsets = result.if_contains("subsets")) {
    std::string names;
    std::string troubled;
    std::uint64_t with_problems = 0;
    for (const boost::json::value& subset : subsets->as_array()) {
      const std::string name(subset.at("name").as_string());
      names += (names.empty() ? "" : ", ") + name;
      if (subset.at("problems").as_array().empty()) continue;
      ++with_problems;
      const std::string line = validation_summary(subset.as_object());
      troubled += "; " + name + ": " + line.substr(std::string("beir validate: ").size());
    }
    return "beir validate: " + counted(subsets->as_array().size(), "subset", "subsets") + " (" + names + "), " +
           with_thousands(with_problems) + " with problems" + troubled;
  }
  const boost::json::object& counts = result.at("counts").as_object();
  const auto number = [](const boost::json::value& v) {
    return v.is_uint64() ? v.get_uint64() : static_cast<std::uint64_t>(v.to_number<std::int64_t>());
  };
  const boost::json::array& problems = result.at("problems").as_array();
  std::uint64_t resolvable = 0;
  std::string listed;
  for (const boost::json::value& problem : problems) {
    const boost::json::object& fields = problem.as_object();
    listed += (listed.empty() ? ": " : ", ") + std::string(fields.at("kind").as_string()) + " " +
              with_thousands(number(fields.at("count")));
    if (fields.at("resolved_by").is_string()) {
      ++resolvable;
      listed += " (" + std::string(fields.at("resolved_by").as_string()) + ")";
    }
  }
  const std::string scope = " in " + counted(number(counts.at("documents")), "document", "documents") + ", " +
                            counted(number(counts.at("queries")), "query", "queries") + " and " +
                            counted(number(counts.at("qrels_rows")), "qrels row", "qrels rows");
  if (problems.empty()) return "beir validate: no problems" + scope;
  return "beir validate: " + counted(problems.size(), "problem", "problems") + " (" + with_thousands(resolvable) +
         " resolvable by opt-ins)" + scope + listed;
}

}  // namespace grk::beir
