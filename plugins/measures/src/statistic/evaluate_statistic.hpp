// EvaluateStatistic: the `evaluate` component of the `measures` module.
#ifndef GRK_MEASURES_STATISTIC_EVALUATE_STATISTIC_HPP
#define GRK_MEASURES_STATISTIC_EVALUATE_STATISTIC_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::measures {

/// Scores TREC runs against qrels with measures named in any dialect, each
/// equal to its own reference (docs/behaviour/measures.md).
class EvaluateStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "evaluate";
  static constexpr std::string_view description =
      "measures of TREC runs named as ir_measures or trec_eval names them, each equal to its own reference "
      "(trec_eval, gdeval, ndeval, cwl_eval, MS MARCO, Judged, Compatibility)";
  static std::vector<ParamSpec> params();

  /// The measures (every bad name at once), the options and empty files, before any step runs.
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::measures

#endif
