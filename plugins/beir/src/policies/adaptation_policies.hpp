// The opt-in policies of the `beir` component (docs/behaviour/beir.md §16): what to do about
// the published BEIR sets' quirks that groundkit refuses. Each default keeps
// groundkit's rule exactly.
#ifndef GRK_BEIR_POLICIES_ADAPTATION_POLICIES_HPP
#define GRK_BEIR_POLICIES_ADAPTATION_POLICIES_HPP

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include "read/source_lines.hpp"

namespace grk::beir {

/// Whether the qrels must start with their header (docs/behaviour/beir.md §16.2).
enum class QrelsHeader { required, automatic };
/// What to do with raw U+0085, U+2028 and U+2029 in written judgments (docs/behaviour/beir.md §16.4).
enum class UnicodeSeparators { refuse, escape };
/// What to do with positive pairs naming an absent document or query (docs/behaviour/beir.md §16.5).
enum class MissingPolicy { refuse, drop };
/// What to do with pairs whose query id equals the document id (docs/behaviour/beir.md §16.6).
enum class IdenticalIds { keep, exclude };
/// What to do with ids groundkit refuses: document ids that are no safe file
/// name, query ids that are not kebab-case (docs/behaviour/beir.md §16.8).
enum class IdPolicy { refuse, encode };
/// What to do with a source folder of BEIR datasets in subfolders (docs/behaviour/beir.md §17).
enum class SubsetsPolicy { refuse, each };

struct AdaptationPolicies {
  LineBreaks line_breaks = LineBreaks::python;
  QrelsHeader qrels_header = QrelsHeader::required;
  /// Absent: groundkit's binary rule. k >= 1: scores >= k are positive (docs/behaviour/beir.md §16.3).
  std::optional<std::int64_t> graded;
  UnicodeSeparators unicode_separators = UnicodeSeparators::refuse;
  MissingPolicy missing_documents = MissingPolicy::refuse;
  MissingPolicy missing_queries = MissingPolicy::refuse;
  IdenticalIds identical_ids = IdenticalIds::keep;
  IdPolicy document_ids = IdPolicy::refuse;
  IdPolicy query_ids = IdPolicy::refuse;
  /// Read by the component, not by adapt_beir_dataset (docs/behaviour/beir.md §17).
  SubsetsPolicy subsets = SubsetsPolicy::refuse;
};

/// The declarations of the policy parameters, in the order `grk-eval describe beir` lists them.
std::vector<ParamSpec> policy_params();

/// Refuses (invalid_argument) a `graded` threshold below 1, naming the parameter.
Expected<void> check_graded(const std::optional<std::int64_t>& graded);

/// The policies the validated `params` choose; a value outside a parameter's
/// choices fails (invalid_argument) with a message naming the parameter.
Expected<AdaptationPolicies> read_policies(const Params& params);

}  // namespace grk::beir

#endif
