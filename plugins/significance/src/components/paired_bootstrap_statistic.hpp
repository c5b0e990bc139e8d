// PairedBootstrapStatistic: the `paired-bootstrap` component of the
// `significance` module.
#ifndef GRK_SIGNIFICANCE_COMPONENTS_PAIRED_BOOTSTRAP_STATISTIC_HPP
#define GRK_SIGNIFICANCE_COMPONENTS_PAIRED_BOOTSTRAP_STATISTIC_HPP

#include <string>
#include <string_view>
#include <vector>

#include <grk/statistic.hpp>

namespace grk::significance {

/// groundkit's paired bootstrap on either two stages of an EvalReport
/// (`report`, compare_report_stages) or two score maps (`scores`,
/// paired_bootstrap), bit-identical to CPython 3.11. See README.md.
///
/// Check order: exactly one of report/scores; metric; then the input file
/// (not found, UTF-8, JSON, content); then docs/behaviour/paired-bootstrap.md §9 (report only) and
/// docs/behaviour/paired-bootstrap.md §2 in their order.
class PairedBootstrapStatistic : public Statistic {
 public:
  static constexpr std::string_view name = "paired-bootstrap";
  static constexpr std::string_view description =
      "Paired bootstrap CI and achieved significance level of a candidate-minus-baseline metric "
      "delta, identical to groundkit's (CPython 3.11)";
  static std::vector<ParamSpec> params();

  /// The cheap checks before the run (docs/behaviour/comparisons.md §2.5).
  Expected<void> validate(const Params& params) const override;
  boost::json::value compute(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& result) const override;
};

}  // namespace grk::significance

#endif
