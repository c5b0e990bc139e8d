// validate mode's passes over corpus.jsonl and queries.jsonl (docs/behaviour/beir.md §18.4).
#include <grk/json/wtf8.hpp>
#include <grk/python/text.hpp>

#include <string_view>

#include "pipeline/validation_passes.hpp"
#include "read/beir_record.hpp"
#include "read/jsonl_loader.hpp"
#include "source/python_path.hpp"
#include "source/source_file.hpp"
#include "rules/identifier_rules.hpp"
#include "rules/problem_messages.hpp"

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

// A line the newline rule kept whole that Python's splitlines cuts: its pieces
// are the records when they all parse; else, when the line parses whole, it is
// a line-break-inside-record and is read whole, as line_breaks=newline would
// (docs/behaviour/beir.md §18.4).
template <typename OnRecord>
void read_cut_line(std::string_view line, std::uint64_t first, const std::string& path, const std::string& name,
                   ProblemLog& log, RecordFields& row, OnRecord& on_record) {
  const std::vector<std::string_view> pieces = python::splitlines(line);
  std::optional<RuleProblem> cut;
  std::uint64_t cut_at = 0;
  for (std::size_t i = 0; i < pieces.size() && !cut; ++i) {
    if (python::strip(pieces[i]).empty()) continue;
    if (auto parsed = jsonl_line_fields(pieces[i], path, first + i, row); !parsed) {
      cut = std::move(parsed).error();
      cut_at = first + i;
    }
  }
  if (!cut) {
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (python::strip(pieces[i]).empty()) continue;
      (void)jsonl_line_fields(pieces[i], path, first + i, row);
      on_record(row, first + i, false);
    }
    return;
  }
  if (jsonl_line_fields(line, path, first, row)) {
    log.add(ProblemKind::line_break_inside_record, example(name, cut_at, std::nullopt, cut->message));
    on_record(row, first, true);
  } else {
    log.add(cut->kind, example(name, cut_at, std::nullopt, cut->message));
  }
}

// The records of one JSONL file, each handed to `on_record(fields, line,
// kept_whole)`; every problem of reading and parsing goes to `log`, and the
// read goes on after it. Lines are numbered as the chosen rule numbers them.
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
      log_read_failure(log, name, more.error(), fail_unreadable(more.error(), path).error.message);
      return;
    }
    if (!*more) return;
    if (breaks == LineBreaks::python && reader.last_line_kept_whole()) {
      const std::uint64_t first = line_number + 1;
      line_number += 1 + python_only_breaks(line);
      read_cut_line(line, first, path, name, log, row, on_record);
      continue;
    }
    ++line_number;
    if (python::strip(line).empty()) continue;
    if (auto parsed = jsonl_line_fields(line, path, line_number, row); !parsed) {
      log.add(parsed.error().kind, example(name, line_number, std::nullopt, parsed.error().message));
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
  const Expected<std::string_view, RuleProblem> id = record_id(row, place, subject);
  if (id) return *id;
  const RuleProblem& problem = id.error();
  log.add(problem.kind, [&] { return example(name, line, problem.id, problem.message); });
  if (problem.kind == ProblemKind::missing_id) return std::nullopt;
  return row.value[RecordFields::id];
}

// The first raw separator of a document's composed text, counted in its characters.
std::optional<SeparatorAt> document_separator(const DocumentText& text) {
  std::optional<SeparatorAt> at = first_separator(text.title);
  if (at) return at;
  at = first_separator(text.body);
  if (at) at->character += text.title.empty() ? 0 : python::code_point_count(text.title) + 2;
  return at;
}

// One corpus record (docs/behaviour/beir.md §7 step 4).
void check_document(ValidationScope& scope, CorpusFacts& corpus, const RecordFields& row, std::uint64_t line,
                    bool kept_whole) {
  static const std::string name = "corpus.jsonl";
  const std::uint64_t position = ++scope.counts.documents;
  corpus.line_of_record.push_back(line);
  if (scope.hooks.progress && position % progress_every == 0) scope.hooks.progress("reading corpus", position, 0, 0);
  const RecordPlace place{"corpus", position};
  const std::optional<std::string_view> id = checked_id(row, place, IdentifierSubject::document, name, line, scope.log);
  if (!id) return;
  corpus.index.add(*id, position);
  const Expected<DocumentText, RuleProblem> text = document_text(row, place, *id);
  if (!text) {
    scope.log.add(text.error().kind, [&] { return example(name, line, text.error().id, text.error().message); });
    return;
  }
  scope.counts.total_characters += text->code_points();
  if (row.lone_surrogate[RecordFields::title] || row.lone_surrogate[RecordFields::text]) {
    scope.log.add(ProblemKind::lone_surrogate,
                  [&] { return example(name, line, std::string(*id), lone_surrogate_message("document", *id)); });
  }
  if (row.line_separator[RecordFields::title] || row.line_separator[RecordFields::text] || kept_whole) {
    if (const std::optional<SeparatorAt> at = document_separator(*text)) {
      corpus.separators.emplace(std::string(*id), std::make_pair(line, *at));
    }
  }
}

}  // namespace

ProblemExample example(const std::string& file, std::optional<std::uint64_t> line, std::optional<std::string> id,
                       std::string message) {
  return ProblemExample{file, line, std::move(id), std::move(message)};
}

void log_read_failure(ProblemLog& log, const std::string& name, const ReadFailure& failure, std::string message) {
  ProblemKind kind = ProblemKind::unreadable_file;
  std::optional<std::uint64_t> at;
  if (failure.kind == ReadFailure::Kind::invalid_utf8) kind = ProblemKind::invalid_utf8;
  if (failure.kind == ReadFailure::Kind::line_too_long) {
    kind = ProblemKind::line_too_long;
    at = failure.line;
  }
  log.add(kind, example(name, at, std::nullopt, std::move(message)));
}

void validate_corpus(ValidationScope& scope, CorpusFacts& corpus) {
  const std::string name = "corpus.jsonl";
  read_jsonl(join_path(scope.source, name), name, scope.policies.line_breaks, scope.log,
             [&](const RecordFields& row, std::uint64_t line, bool kept_whole) {
               check_document(scope, corpus, row, line, kept_whole);
             });
  if (scope.hooks.progress) scope.hooks.progress("reading corpus", scope.counts.documents, 0, 0);
  corpus.index.seal();
  std::uint64_t repeats = 0;
  for (const DuplicateDocument& duplicate : corpus.index.earliest_duplicates(ProblemLog::max_examples, repeats)) {
    scope.log.add(ProblemKind::duplicate_document_id,
                  example(name, corpus.line_of_record[duplicate.position - 1], duplicate.id,
                          duplicate_id_message("document", duplicate.id)));
  }
  for (std::uint64_t i = ProblemLog::max_examples; i < repeats; ++i) {
    scope.log.add(ProblemKind::duplicate_document_id, [] { return ProblemExample{}; });
  }
}

void validate_queries(ValidationScope& scope, QueryFacts& queries) {
  const std::string name = "queries.jsonl";
  read_jsonl(join_path(scope.source, name), name, scope.policies.line_breaks, scope.log,
             [&](const RecordFields& row, std::uint64_t line, bool) {
               const RecordPlace place{"query", ++scope.counts.queries};
               const std::optional<std::string_view> id =
                   checked_id(row, place, IdentifierSubject::query, name, line, scope.log);
               if (!id) return;
               if (queries.lines.count(std::string(*id)) != 0) {
                 scope.log.add(ProblemKind::duplicate_query_id,
                               example(name, line, std::string(*id), duplicate_id_message("query", *id)));
                 return;
               }
               queries.lines.emplace(std::string(*id), line);
               Expected<std::string, RuleProblem> text = query_text(row, place, *id);
               if (!text) {
                 scope.log.add(text.error().kind, example(name, line, std::string(*id), text.error().message));
                 return;
               }
               queries.texts.emplace(std::string(*id), std::move(text).value());
             });
}

}  // namespace grk::beir
