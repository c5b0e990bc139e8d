// Fuzz target: BEIR's JSONL files (plugins/beir/src/): the line reader
// (strict UTF-8, Python's splitlines), each line's JSON (parse_jsonl_line's
// fast scanner, then the full reader), then the record checks, for the input
// read both as queries.jsonl and as corpus.jsonl, under both line-break rules.
#include <cstddef>
#include <cstdint>
#include <string>

#include "pipeline/hooks.hpp"
#include "pipeline/corpus_passes.hpp"
#include "fuzz_check.hpp"
#include "read/jsonl_loader.hpp"
#include "memory_file.hpp"
#include "pipeline/record_checks.hpp"
#include "source/source_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const grk::fuzz::MemoryFile memory(data, size);
  auto file = grk::beir::SourceFile::open(memory.path());
  grk::fuzz::require(file.has_value(), "the in-memory file cannot be opened");
  const std::string path = "/beir/queries.jsonl";

  // Both line-break rules (docs/behaviour/beir.md §2, §16.1) on the same bytes.
  for (const auto line_breaks : {grk::beir::LineBreaks::python, grk::beir::LineBreaks::newline}) {
    file->rewind();
    const auto rows = grk::beir::load_jsonl_rows(*file, path, line_breaks);
    if (!rows) {
      grk::fuzz::require_message(rows.error().message);
    } else if (auto queries = grk::beir::check_query_records(rows->rows); !queries) {
      grk::fuzz::require_message(queries.error().message);
    }

    file->rewind();
    auto survey = grk::beir::survey_corpus(*file, "/beir/corpus.jsonl", line_breaks, grk::beir::AdaptationHooks{});
    if (!survey) {
      grk::fuzz::require_message(survey.error().message);
    } else if (auto corpus = grk::beir::check_corpus_records(*survey); !corpus) {
      grk::fuzz::require_message(corpus.error().message);
    }
  }
  return 0;
}
