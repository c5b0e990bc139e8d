// TrecEvalStatistic: the `trec-eval` component of the `measures` module.
#ifndef GRK_MEASURES_STATISTIC_TREC_EVAL_STATISTIC_HPP
#define GRK_MEASURES_STATISTIC_TREC_EVAL_STATISTIC_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::measures {

/// Scores TREC runs against qrels exactly as trec_eval 10.0 does
/// (docs/behaviour/trec-eval.md), at full precision, and optionally writes
/// trec_eval's own text for each run into output_dir.
class TrecEvalStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "trec-eval";
  static constexpr std::string_view description =
      "trec_eval 10.0's measures of TREC runs against qrels, at full precision, with trec_eval's output files";
  static std::vector<ParamSpec> params();

  /// The measures, the options and empty files, before any step runs.
  Expected<void> validate(const Params& params) const override;
  /// The result written as text straight from the scores (its per-query
  /// values are too many to build as a tree first); compute() reads it back.
  std::optional<ResultText> compute_text(const Params& params, Context& context) override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::measures

#endif
