// validate mode of the `beir` component (docs/behaviour/beir.md §18): one read of the whole
// dataset that lists every problem the adapt path would refuse, with the
// opt-ins applied, and writes nothing.
#ifndef GRK_BEIR_PIPELINE_VALIDATE_HPP
#define GRK_BEIR_PIPELINE_VALIDATE_HPP

#include <boost/json/object.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/hooks.hpp"
#include "pipeline/adapt.hpp"

namespace grk::beir {

/// What one read of the dataset counted (docs/behaviour/beir.md §18.2).
struct ValidationCounts {
  std::uint64_t documents = 0;         ///< corpus records read
  std::uint64_t queries = 0;           ///< query records read
  std::uint64_t qrels_rows = 0;        ///< data rows with an integer score
  std::vector<std::pair<std::string, std::uint64_t>> qrels_rows_by_grade;  ///< ascending numeric order
  std::uint64_t judged_queries = 0;    ///< queries left with a positive pair
  std::uint64_t relevance_pairs = 0;   ///< distinct positive pairs left
  std::uint64_t total_characters = 0;  ///< code points of the composed documents
};

/// The result of validate mode: `{"valid", "problems", "counts"}`.
struct ValidationReport {
  bool valid = true;
  std::uint64_t resolvable_kinds = 0;  ///< kinds an opt-in resolves
  boost::json::array problems;
  ValidationCounts counts;
};

/// Reads the dataset `request` names once (output_dir is not used) and
/// returns every problem found with `request.policies` applied. Throws
/// grk::Error (invalid_argument) only for an unsafe split or a NUL byte in
/// source_dir, as the adapt path does; everything about the data is a problem
/// in the report.
ValidationReport validate_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks = {});

/// The report as the component's JSON result.
boost::json::object validation_to_json(const ValidationReport& report);

/// validate mode with `subsets: each` (docs/behaviour/beir.md §18.6): every subset of
/// `request.source_dir` validated as one dataset; `{"valid", "subsets":
/// [{"name", "valid", "problems", "counts"}, ...], "skipped"}`.
boost::json::object validate_subsets(const AdaptationRequest& request, const AdaptationHooks& hooks = {});

/// The one-line human summary of a validation result (docs/behaviour/beir.md §18.2).
std::string validation_summary(const boost::json::object& result);

}  // namespace grk::beir

#endif
