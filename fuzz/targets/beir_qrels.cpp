// Fuzz target: BEIR's qrels TSV reader (read_qrels, plugins/beir/src/read/qrels_reader.cpp)
// through the line reader, as the adapter reads qrels/<split>.tsv, with
// groundkit's rules and with the opt-ins on.
#include <cstddef>
#include <cstdint>

#include "fuzz_check.hpp"
#include "memory_file.hpp"
#include "read/qrels_reader.hpp"
#include "source/source_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const grk::fuzz::MemoryFile memory(data, size);
  auto file = grk::beir::SourceFile::open(memory.path());
  grk::fuzz::require(file.has_value(), "the in-memory file cannot be opened");
  // groundkit's rules, then every opt-in on (docs/behaviour/beir.md §16).
  grk::beir::QrelsRules opted_in;
  opted_in.line_breaks = grk::beir::LineBreaks::newline;
  opted_in.header = grk::beir::QrelsHeader::automatic;
  opted_in.graded = 1;
  for (const auto& rules : {grk::beir::QrelsRules{}, opted_in}) {
    file->rewind();
    const auto qrels = grk::beir::read_qrels(*file, "/beir/qrels/test.tsv", rules);
    if (!qrels) {
      grk::fuzz::require_message(qrels.error().message);
      continue;
    }
    for (const auto& [query, documents] : qrels->positives) {
      grk::fuzz::require(!query.empty() && !documents.empty(), "qrels kept an empty id or an empty set");
    }
  }
  return 0;
}
