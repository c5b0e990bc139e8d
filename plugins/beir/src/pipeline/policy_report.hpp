// What the opt-in policies add to the result (docs/behaviour/beir.md §16.7): the fields
// some policies always report, and `adjustments`, only when a policy changed
// something. With every policy at its default it adds nothing.
#ifndef GRK_BEIR_PIPELINE_POLICY_REPORT_HPP
#define GRK_BEIR_PIPELINE_POLICY_REPORT_HPP

#include <boost/json/object.hpp>

#include <cstdint>
#include <string>

#include "rules/adaptation_policies.hpp"
#include "policies/id_adaptation.hpp"
#include "write/judgments_text.hpp"
#include "policies/pair_policies.hpp"
#include "read/qrels_reader.hpp"

namespace grk::beir {

/// What the run saw that the policies report on.
struct PolicyEffects {
  std::uint64_t corpus_lines_kept_whole = 0;
  std::uint64_t query_lines_kept_whole = 0;
  std::string qrels_file;  ///< "qrels/<split>.tsv"
  const Qrels* qrels = nullptr;
  const PairAdjustments* pairs = nullptr;
  const RenderedJudgments* judgments = nullptr;
  const AdaptedIds* ids = nullptr;
};

/// The fields to append to the report, in order: `qrels_header` (auto only),
/// `grades` (with a `graded` threshold), `adjustments` (when one acted).
boost::json::object policy_fields(const AdaptationPolicies& policies, const PolicyEffects& effects);

}  // namespace grk::beir

#endif
