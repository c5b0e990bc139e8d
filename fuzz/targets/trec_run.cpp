// Fuzz target: TREC runs (parse_run, plugins/measures/src/trec/run_reader.cpp),
// then scored with all_trec against qrels judging a few of the run's documents.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "catalog/measure_request.hpp"
#include "evaluation/system_evaluation.hpp"
#include "fuzz_check.hpp"
#include "printing/trec_eval_text.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace gm = grk::measures;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto text = std::make_shared<const std::string>(reinterpret_cast<const char*>(data), size);
  const auto run = gm::parse_run(text, "fuzz.run");
  if (!run) {
    grk::fuzz::require_message(run.error().message);
    return 0;
  }
  grk::fuzz::require(!run->queries.empty(), "a run was accepted with no query");
  std::string qrels_text;
  for (std::size_t q = 0; q < run->queries.size(); ++q) {
    const auto& query = run->queries[q];
    grk::fuzz::require(q == 0 || run->queries[q - 1].qid < query.qid, "run queries out of byte order");
    grk::fuzz::require(!query.documents.empty(), "a run query without documents");
    for (std::size_t d = 0; d < query.documents.size(); ++d) {
      grk::fuzz::require(std::isfinite(query.documents[d].score), "a run gave a non-finite score");
      if (d % 2 == 0) {
        qrels_text += std::string(query.qid) + " 0 " + std::string(query.documents[d].docno) + " " +
                      std::to_string(static_cast<int>(d % 5) - 1) + "\n";
      }
    }
  }
  // A space first: a query id made of a byte-order mark's bytes is data in a
  // run past its first byte, but would open the qrels with a BOM, which is
  // refused (text_lines.cpp, refuse_byte_order_mark).
  qrels_text.insert(0, 1, ' ');
  const auto qrels = gm::parse_qrels(std::make_shared<const std::string>(qrels_text), "fuzz.qrels",
                                     gm::QrelsFormat::trec);
  grk::fuzz::require(static_cast<bool>(qrels), "qrels made from an accepted run were refused");
  const auto measures = gm::request_measures({"all_trec"});
  const gm::ValueLayout layout(*measures);
  gm::EvaluationOptions options;
  options.per_query = true;
  const auto scores = gm::evaluate_run(*run, "fuzz.run", *qrels, layout, options);
  grk::fuzz::require(static_cast<bool>(scores), "a run was not scored against its own documents");
  grk::fuzz::require(!gm::trec_eval_text(*scores, layout, true).empty(), "a scored run printed nothing");
  return 0;
}
