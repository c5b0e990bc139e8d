#include "corpus_passes.hpp"

#include <grk/error.hpp>
#include <grk/json/wtf8.hpp>
#include <grk/python/text.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#include "beir_record.hpp"
#include "identifier_rules.hpp"
#include "jsonl_loader.hpp"

namespace grk::beir {
namespace {

constexpr std::uint64_t progress_every = 4096;

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

CorpusSurvey survey_in_order(const SourceFile& file, const std::string& path, const AdaptationHooks& hooks) {
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

[[noreturn]] void refuse_changed(const std::string& path) {
  throw Error(Status::failed_precondition, "BEIR file " + python::repr(path) +
                                               " changed while it was being adapted; refused. Nothing was written.");
}

}  // namespace

CorpusSurvey survey_corpus(const SourceFile& file, const std::string& path, const AdaptationHooks& hooks) {
  std::optional<CorpusSurvey> halves = survey_corpus_halves(file, path, hooks);
  return halves ? std::move(*halves) : survey_in_order(file, path, hooks);
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
        if (referenced.count(std::string(id)) != 0) texts[std::string(id)] = text;
        if (output != nullptr) {
          file_name.assign(id).append(".txt");
          written_bytes += text.size();
          output->write_document(file_name, std::move(text));
          if (hooks.progress && position % progress_every == 0) {
            hooks.progress("writing corpus", position, survey.record_count, written_bytes);
          }
        }
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

}  // namespace grk::beir
