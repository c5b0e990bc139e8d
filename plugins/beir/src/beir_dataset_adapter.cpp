#include "beir_dataset_adapter.hpp"

#include "adaptation_report.hpp"
#include "adaptation_steps.hpp"

namespace grk::beir {

std::vector<ParamSpec> BeirDatasetAdapter::params() {
  std::vector<ParamSpec> specs = {
      required("source_dir", ParamType::path, "BEIR dataset folder holding corpus.jsonl, queries.jsonl and qrels/"),
      as_output(required("output_dir", ParamType::path, "folder that receives corpus/ and judgments.jsonl")),
      with_default("split", ParamType::string, "test", "qrels split to adapt: qrels/<split>.tsv"),
  };
  for (ParamSpec& spec : policy_params()) specs.push_back(std::move(spec));
  return specs;
}

boost::json::value BeirDatasetAdapter::adapt(const Params& params, Context& context) {
  AdaptationRequest request;
  request.source_dir = params.string("source_dir");
  request.output_dir = params.string("output_dir");
  request.split = params.string("split");
  request.policies = read_policies(params).or_throw();
  AdaptationHooks hooks;
  hooks.progress = [&context](const char* phase, std::uint64_t done, std::uint64_t total, std::uint64_t bytes) {
    context.progress(phase, done, total, bytes);
  };
  return report_to_json(adapt_beir_dataset(request, hooks));
}

std::string BeirDatasetAdapter::summarize(const boost::json::value& report) const {
  const boost::json::object* fields = report.if_object();
  if (fields == nullptr) return {};
  auto count = [fields](const char* key) -> std::uint64_t {
    const boost::json::value* v = fields->if_contains(key);
    if (v == nullptr) return 0;
    return v->is_uint64() ? v->get_uint64() : v->is_int64() ? static_cast<std::uint64_t>(v->get_int64()) : 0;
  };
  auto text = [fields](const char* key) -> std::string {
    const boost::json::value* v = fields->if_contains(key);
    return v != nullptr && v->is_string() ? std::string(v->get_string()) : std::string();
  };
  std::string line = summary_line(count("document_count"), count("total_characters"), text("corpus_dir"),
                                  count("query_count"), count("relevance_pair_count"), text("judgments_path"));
  // docs/behaviour/beir.md §16.7: the opt-ins that changed something are named.
  if (const boost::json::value* adjustments = fields->if_contains("adjustments");
      adjustments != nullptr && adjustments->is_object()) {
    std::string names;
    for (const auto& entry : adjustments->get_object()) names += (names.empty() ? "" : ", ") + std::string(entry.key());
    line += "; adjusted by " + names;
  }
  return line;
}

}  // namespace grk::beir
