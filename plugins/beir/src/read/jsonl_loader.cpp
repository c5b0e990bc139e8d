#include "read/jsonl_loader.hpp"

#include <grk/json/reader.hpp>
#include <grk/python/text.hpp>

#include "source/python_path.hpp"
#include "rules/refusal_hints.hpp"

namespace grk::beir {

// The fast scanner decides the common case; the full reader gives Python's
// exact result (or message) for everything else.
Expected<void, RuleProblem> jsonl_line_fields(std::string_view line, const std::string& path, std::uint64_t number,
                                              RecordFields& fields) {
  if (scan_record_fields(line, fields)) return {};
  const auto value = json::read(line);
  if (!value) {
    return unexpected(RuleProblem{
        ProblemKind::invalid_json,
        "invalid JSON in " + path + " line " + std::to_string(number) + ": " + value.error().message, std::nullopt});
  }
  if (!value->is_object()) {
    return unexpected(RuleProblem{ProblemKind::not_a_json_object,
                                  path + " line " + std::to_string(number) + " must be a JSON object", std::nullopt});
  }
  fields = fields_of(value->get_object());
  return {};
}

Expected<void> parse_jsonl_line(std::string_view line, const std::string& path, std::uint64_t number,
                                RecordFields& fields) {
  auto parsed = jsonl_line_fields(line, path, number, fields);
  if (!parsed) return fail(Status::invalid_data, std::move(parsed).error().message);
  return {};
}

Unexpected<Failure> fail_unreadable(const ReadFailure& failure, const std::string& path) {
  return fail_unreadable_source(failure, path, SourceWords{"file", "is", "record"});
}

Unexpected<Failure> refuse_jsonl_line(SourceLineReader& reader, std::string_view line, const std::string& path,
                                      Failure parsed) {
  // The hint reads `line`, which the drain below overwrites.
  parsed.hint = jsonl_line_hint(dataset_file_name(path), reader.line_number(), line, reader.last_terminator(),
                                reader.previous_terminator());
  if (auto drained = reader.drain(); !drained) return fail_unreadable(drained.error(), path);
  return unexpected(std::move(parsed));
}

Expected<JsonlRows> load_jsonl_rows(const SourceFile& file, const std::string& path, LineBreaks line_breaks) {
  JsonlRows loaded;
  std::vector<RecordFields>& rows = loaded.rows;
  RecordFields row;
  SourceLineReader reader(file.fd(), line_breaks);
  std::string_view line;
  for (;;) {
    const Expected<bool, ReadFailure> more = reader.next(line);
    if (!more) return fail_unreadable(more.error(), path);
    if (!*more) {
      loaded.lines_kept_whole = reader.lines_kept_whole();
      return loaded;
    }
    if (python::strip(line).empty()) continue;
    if (auto parsed = parse_jsonl_line(line, path, reader.line_number(), row); !parsed) {
      return refuse_jsonl_line(reader, line, path, std::move(parsed).error());
    }
    rows.push_back(std::move(row));
  }
}

}  // namespace grk::beir
