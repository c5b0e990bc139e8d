#include "pipeline/corpus_passes.hpp"

#include <grk/error.hpp>
#include <grk/json/wtf8.hpp>
#include <grk/python/text.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#include "read/beir_record.hpp"
#include "read/jsonl_loader.hpp"
#include "rules/refusal_hints.hpp"

namespace grk::beir {
namespace {

constexpr std::uint64_t progress_every = 4096;

using RecordCounter = std::function<void(std::uint64_t records, std::uint64_t bytes)>;

// The first pass over the lines `reader` gives, into `survey`. Fails as the
// reader does, or (after reading on to the end) with the loader's problem.
Expected<void> survey_lines(SourceLineReader& reader, const std::string& path, CorpusSurvey& survey,
                            const RecordCounter& counted) {
  std::string_view line;
  RecordFields row;
  for (;;) {
    const Expected<bool, ReadFailure> more = reader.next(line);
    if (!more) return fail_unreadable(more.error(), path);
    if (!*more) return {};
    if (python::strip(line).empty()) continue;
    if (auto parsed = parse_jsonl_line(line, path, reader.line_number(), row); !parsed) {
      return refuse_jsonl_line(reader, line, path, std::move(parsed).error());
    }
    const std::uint64_t position = ++survey.record_count;
    if (counted && position % progress_every == 0) counted(position, reader.bytes_read());
    if (survey.record_problem) continue;  // only the loader's checks still matter
    const RecordPlace place{"corpus", position};
    const Expected<std::string_view, RuleProblem> id = record_id(row, place, IdentifierSubject::document, survey.checks);
    if (!id) {
      const std::string where = dataset_file_name(path) + " line " + std::to_string(reader.line_number()) +
                                " (record " + std::to_string(position) + ")";
      const bool has_id = id.error().kind != ProblemKind::missing_id;
      survey.record_problem =
          RecordProblem{id.error().message, position, true,
                        has_id ? identifier_hint(where, "_id", row.value[RecordFields::id], IdentifierSubject::document)
                               : unresolvable_hint(where)};
      continue;
    }
    survey.index.add(*id, position);
    const Expected<DocumentText, RuleProblem> text = document_text(row, place, *id);
    if (!text) {
      survey.record_problem =
          RecordProblem{text.error().message, position, false,
                        unresolvable_hint(dataset_file_name(path) + " line " + std::to_string(reader.line_number()) +
                                          " (record " + std::to_string(position) + ")")};
      continue;
    }
    survey.total_characters += text->code_points();
    if (row.lone_surrogate[RecordFields::title] || row.lone_surrogate[RecordFields::text]) {
      survey.surrogate_ids.emplace_back(*id);  // stripping never removes a surrogate
    }
    // Stripping may remove a separator (Python counts them as whitespace);
    // the join cannot create one. The scanner flags escaped separators; a raw
    // one can only be in a line LineBreaks::newline kept whole.
    if ((row.line_separator[RecordFields::title] || row.line_separator[RecordFields::text] ||
         reader.last_line_kept_whole()) &&
        (contains_raw_line_separator(text->title) || contains_raw_line_separator(text->body))) {
      survey.separator_ids.emplace(*id);
    }
  }
}

Expected<CorpusSurvey> survey_in_order(const SourceFile& file, const std::string& path, LineBreaks line_breaks,
                                       const AdaptationHooks& hooks, IdentifierChecks checks) {
  CorpusSurvey survey;
  survey.checks = checks;
  survey.state = file.state();
  survey.line_breaks = line_breaks;
  SourceLineReader reader(file.fd(), line_breaks);
  RecordCounter counted;
  if (hooks.progress) {
    counted = [&](std::uint64_t records, std::uint64_t bytes) { hooks.progress("reading corpus", records, 0, bytes); };
  }
  if (auto surveyed = survey_lines(reader, path, survey, counted); !surveyed) {
    return unexpected(std::move(surveyed).error());
  }
  if (hooks.progress) hooks.progress("reading corpus", survey.record_count, 0, reader.bytes_read());
  survey.ranges.push_back(CorpusRange{0, std::nullopt, reader.fingerprint()});
  survey.lines_kept_whole = reader.lines_kept_whole();
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
                                                 LineBreaks line_breaks, const AdaptationHooks& hooks,
                                                 IdentifierChecks checks) {
  struct stat st {};
  if (::fstat(file.fd(), &st) != 0 || !S_ISREG(st.st_mode) || std::thread::hardware_concurrency() < 2) {
    return std::nullopt;
  }
  const FileState state = file.state();
  if (state.size < std::max<std::uint64_t>(hooks.parallel_survey_min_bytes, 2)) return std::nullopt;
  const std::optional<std::uint64_t> split = line_end_after(file.fd(), state.size / 2, state.size);
  if (!split || *split >= state.size) return std::nullopt;

  CorpusSurvey second;
  second.checks = checks;
  bool second_clean = false;
  std::atomic<std::uint64_t> second_records{0}, second_bytes{0};
  // Set when the first half stops early (a cancellation, docs/behaviour/beir.md
  // §20): the helper then stops at its next count instead of reading on.
  std::atomic<bool> stop_second{false};
  // Any problem, or an exception (out of memory), leaves a half not clean:
  // the in-order survey then meets the same problem and reports it. Nothing
  // may escape the helper thread, which would end the process.
  std::thread helper([&] {
    try {
      SourceLineReader reader(file.fd(), *split, state.size, line_breaks);
      const Expected<void> surveyed =
          survey_lines(reader, path, second, [&](std::uint64_t records, std::uint64_t bytes) {
            second_records = records;
            second_bytes = bytes;
            if (stop_second) throw std::runtime_error("stopped");  // caught below: the half is not clean
          });
      second.ranges.push_back(CorpusRange{*split, state.size, reader.fingerprint()});
      second.lines_kept_whole = reader.lines_kept_whole();
      second_clean = surveyed.has_value() && !second.record_problem;
    } catch (...) {
    }
  });
  CorpusSurvey first;
  first.checks = checks;
  bool first_clean = false;
  try {
    SourceLineReader reader(file.fd(), 0, *split, line_breaks);
    RecordCounter counted;
    if (hooks.progress) {
      counted = [&](std::uint64_t records, std::uint64_t bytes) {
        hooks.progress("reading corpus", records + second_records, 0, bytes + second_bytes);
      };
    }
    const Expected<void> surveyed = survey_lines(reader, path, first, counted);
    first.ranges.push_back(CorpusRange{0, *split, reader.fingerprint()});
    first.lines_kept_whole = reader.lines_kept_whole();
    first_clean = surveyed.has_value() && !first.record_problem;
  } catch (const Error& error) {
    // A cancellation from the progress hook: not a problem of the file, so
    // it is not surveyed again in order; the helper is stopped and joined first.
    if (error.status() == Status::cancelled) {
      stop_second = true;
      helper.join();
      throw;
    }
    // Anything else as below.
  } catch (...) {
    // As above; the helper must still be joined.
  }
  helper.join();
  if (!first_clean || !second_clean) return std::nullopt;

  first.index.append(second.index, first.record_count);
  first.record_count += second.record_count;
  first.total_characters += second.total_characters;
  first.surrogate_ids.insert(first.surrogate_ids.end(), second.surrogate_ids.begin(), second.surrogate_ids.end());
  first.separator_ids.insert(second.separator_ids.begin(), second.separator_ids.end());
  first.ranges.push_back(second.ranges.front());
  first.lines_kept_whole += second.lines_kept_whole;
  first.state = state;
  first.line_breaks = line_breaks;
  if (hooks.progress) hooks.progress("reading corpus", first.record_count, 0, state.size);
  return first;
}

Unexpected<Failure> refuse_changed(const std::string& path) {
  return fail(Status::failed_precondition,
              "BEIR file " + python::repr(path) + " changed while it was being adapted; refused. Nothing was written.");
}

}  // namespace

Expected<CorpusSurvey> survey_corpus(const SourceFile& file, const std::string& path, LineBreaks line_breaks,
                                     const AdaptationHooks& hooks, IdentifierChecks checks) {
  std::optional<CorpusSurvey> halves = survey_corpus_halves(file, path, line_breaks, hooks, checks);
  if (halves) return std::move(*halves);
  return survey_in_order(file, path, line_breaks, hooks, checks);
}

// The second read of corpus.jsonl: the same records again, each written (when
// `output` is given) and the referenced ones kept for the judgments. Anything
// that differs from the first pass means the file changed.
Expected<std::map<std::string, std::string>> replay_corpus(const SourceFile& file, const std::string& path,
                                                           const CorpusSurvey& survey,
                                                           const std::set<std::string>& referenced,
                                                           DatasetOutput* output, const AdaptationHooks& hooks,
                                                           const DocumentNames* names) {
  std::map<std::string, std::string> texts;
  std::string_view line;
  std::string text;
  std::string file_name;
  RecordFields row;
  std::uint64_t position = 0;
  std::uint64_t written_bytes = 0;
  for (const CorpusRange& range : survey.ranges) {
    if (!range.end) file.rewind();
    SourceLineReader reader =
        range.end ? SourceLineReader(file.fd(), range.begin, *range.end, survey.line_breaks)
                  : SourceLineReader(file.fd(), survey.line_breaks);
    for (;;) {
      const Expected<bool, ReadFailure> more = reader.next(line);
      if (!more) {
        // The first pass decoded this file cleanly.
        if (more.error().kind == ReadFailure::Kind::invalid_utf8) return refuse_changed(path);
        return fail_unreadable(more.error(), path);
      }
      if (!*more) break;
      if (python::strip(line).empty()) continue;
      if (!parse_jsonl_line(line, path, reader.line_number(), row) || ++position > survey.record_count) {
        return refuse_changed(path);
      }
      const RecordPlace place{"corpus", position};
      const Expected<std::string_view, RuleProblem> id = record_id(row, place, IdentifierSubject::document, survey.checks);
      if (!id) return refuse_changed(path);
      const Expected<DocumentText, RuleProblem> parts = document_text(row, place, *id);
      if (!parts) return refuse_changed(path);
      parts->compose(text);
      if (referenced.count(std::string(*id)) != 0) texts[std::string(*id)] = text;
      if (output != nullptr) {
        if (names != nullptr && names->changed(*id)) {
          file_name.assign(names->stem(*id)).append(".txt");
        } else {
          file_name.assign(*id).append(".txt");
        }
        written_bytes += text.size();
        if (auto written = output->write_document(file_name, std::move(text)); !written) {
          return unexpected(std::move(written).error());
        }
        if (hooks.progress && position % progress_every == 0) {
          hooks.progress("writing corpus", position, survey.record_count, written_bytes);
        }
      }
    }
    if (reader.fingerprint().value() != range.fingerprint.value() ||
        reader.bytes_read() != range.fingerprint.size()) {
      return refuse_changed(path);
    }
  }
  if (position != survey.record_count || !(file.state() == survey.state)) {
    return refuse_changed(path);
  }
  if (output != nullptr && hooks.progress) {
    hooks.progress("writing corpus", position, survey.record_count, written_bytes);
  }
  return texts;
}

}  // namespace grk::beir
