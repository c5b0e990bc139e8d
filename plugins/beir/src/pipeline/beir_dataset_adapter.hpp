// The `beir` component (docs/behaviour/beir.md): groundkit's BEIR adaptation behind the
// grk DatasetAdapter interface. The work itself is pipeline/adapt.* (adapt mode)
// and pipeline/validate.* (validate mode).
#ifndef GRK_BEIR_PIPELINE_BEIR_DATASET_ADAPTER_HPP
#define GRK_BEIR_PIPELINE_BEIR_DATASET_ADAPTER_HPP

#include <grk/dataset_adapter.hpp>
#include <grk/param.hpp>

#include <string_view>
#include <vector>

namespace grk::beir {

class BeirDatasetAdapter : public DatasetAdapter {
 public:
  static constexpr std::string_view name = "beir";
  static constexpr std::string_view description =
      "Adapts a BEIR dataset (corpus.jsonl, queries.jsonl, qrels/<split>.tsv) into a groundkit corpus/ "
      "and judgments.jsonl, byte-identical to groundkit's adapter";
  static std::vector<ParamSpec> params();

  /// The pre-run check (docs/behaviour/beir.md §18.1): `mode`, and `output_dir` in adapt mode.
  Expected<void> validate(const Params& params) const override;
  boost::json::value adapt(const Params& params, Context& context) override;
  std::string summarize(const boost::json::value& report) const override;
};

}  // namespace grk::beir

#endif
