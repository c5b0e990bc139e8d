// adapt_beir_dataset: groundkit's BEIR adaptation (docs/behaviour/beir.md §7), streaming,
// with every check before the first write and an atomic publication.
#ifndef GRK_BEIR_PIPELINE_ADAPT_HPP
#define GRK_BEIR_PIPELINE_ADAPT_HPP

#include <string>
#include <utility>

#include "pipeline/hooks.hpp"
#include "rules/adaptation_policies.hpp"
#include "pipeline/report.hpp"

namespace grk::beir {

struct AdaptationRequest {
  AdaptationRequest() = default;
  // A constructor rather than aggregate initialisation, so that callers
  // written before the policies ({source, output, split}) need not name them.
  AdaptationRequest(std::string source, std::string output, std::string split_name = "test",
                    AdaptationPolicies chosen = {})
      : source_dir(std::move(source)),
        output_dir(std::move(output)),
        split(std::move(split_name)),
        policies(chosen) {}

  std::string source_dir;
  std::string output_dir;
  std::string split = "test";
  AdaptationPolicies policies;  ///< every default keeps the reference's rules
  /// Run every check and stop before the first write (docs/behaviour/beir.md §17): the
  /// report is then empty.
  bool check_only = false;
};

/// docs/behaviour/beir.md §7 steps 1-2 (and §16.3's threshold, for callers that bypass the
/// component's parameter checks): throws grk::Error (invalid_argument) for a
/// `graded` below 1, an unsafe split, or a NUL byte in source_dir (or in
/// output_dir, `with_output`). validate mode refuses the same.
void check_request(const AdaptationRequest& request, bool with_output);

/// Adapts the BEIR dataset in `request.source_dir` into `request.output_dir`.
/// Throws grk::Error with the reference's message and a status (invalid_argument
/// for the split, invalid_data for malformed sources, not_found for a missing
/// source file, failed_precondition for the output's state, io_error for the
/// OS). On any failure the output folder is left as it was. The one function
/// of the plugin that throws: every step below it returns grk::Expected.
AdaptationReport adapt_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks = {});

}  // namespace grk::beir

#endif
