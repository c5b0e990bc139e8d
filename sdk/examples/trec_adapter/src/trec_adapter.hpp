// trec-to-groundkit: TREC qrels + topics + JSON Lines documents to a groundkit
// corpus folder and judgments.jsonl.
#ifndef TREC_ADAPTER_TREC_ADAPTER_HPP
#define TREC_ADAPTER_TREC_ADAPTER_HPP

#include <grk/dataset_adapter.hpp>
#include <grk/param.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace trec_adapter {

class TrecToGroundkit : public grk::DatasetAdapter {
 public:
  static constexpr std::string_view name = "trec-to-groundkit";
  static constexpr std::string_view description =
      "TREC qrels, topics (TSV) and JSON Lines documents to a groundkit corpus and judgments.jsonl";
  static std::vector<grk::ParamSpec> params();

  boost::json::value adapt(const grk::Params& params, grk::Context& context) override;
  std::string summarize(const boost::json::value& report) const override;
};

}  // namespace trec_adapter

#endif
