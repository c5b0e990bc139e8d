// Fuzz target: qrels in each format (parse_qrels,
// plugins/measures/src/trec/qrels_reader.cpp), then scored with all_trec for
// a run that retrieves every judged document.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "catalog/measure_request.hpp"
#include "evaluation/system_evaluation.hpp"
#include "fuzz_check.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace gm = grk::measures;

namespace {

void check_and_score(const gm::Qrels& qrels) {
  grk::fuzz::require(!qrels.queries.empty(), "qrels were accepted with no judgment");
  std::string run_text;
  for (std::size_t q = 0; q < qrels.queries.size(); ++q) {
    const auto& query = qrels.queries[q];
    grk::fuzz::require(q == 0 || qrels.queries[q - 1].qid < query.qid, "qrels queries out of byte order");
    for (std::size_t j = 0; j < query.judgments.size(); ++j) {
      const auto& judgment = query.judgments[j];
      grk::fuzz::require(j == 0 || query.judgments[j - 1].docno < judgment.docno, "judgments out of order or twice");
      grk::fuzz::require(judgment.relevance >= -gm::max_relevance_level && judgment.relevance <= gm::max_relevance_level,
                         "a relevance beyond the bound");
      // A run line whose first field starts with '#' is a comment: such a query has no run.
      if (query.qid.front() == '#') continue;
      run_text += std::string(query.qid) + " Q0 " + std::string(judgment.docno) + " 1 " +
                  std::to_string(judgment.relevance % 3) + " fuzz\n";
    }
  }
  if (run_text.empty()) return;
  // A space first: a query id made of a byte-order mark's bytes is data in
  // qrels past their first byte, but would open the run with a BOM, which
  // is refused (text_lines.cpp, refuse_byte_order_mark).
  run_text.insert(0, 1, ' ');
  const auto run = gm::parse_run(std::make_shared<const std::string>(run_text), "fuzz.run");
  grk::fuzz::require(static_cast<bool>(run), "a run made from accepted qrels was refused");
  const auto measures = gm::request_measures({"all_trec"});
  const gm::ValueLayout layout(*measures);
  for (const bool judged_only : {false, true}) {
    gm::EvaluationOptions options;
    options.judged_only = judged_only;
    options.complete = true;
    const auto scores = gm::evaluate_run(*run, "fuzz.run", qrels, layout, options);
    grk::fuzz::require(static_cast<bool>(scores), "a run of the judged documents was not scored");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto text = std::make_shared<const std::string>(reinterpret_cast<const char*>(data), size);
  for (const auto format : {gm::QrelsFormat::automatic, gm::QrelsFormat::trec, gm::QrelsFormat::beir}) {
    const auto qrels = gm::parse_qrels(text, "fuzz.qrels", format);
    if (!qrels) {
      grk::fuzz::require_message(qrels.error().message);
      continue;
    }
    check_and_score(*qrels);
  }
  return 0;
}
