#include "pipeline/beir_dataset_adapter.hpp"

#include "pipeline/report.hpp"
#include "pipeline/adapt.hpp"
#include "pipeline/validate.hpp"
#include "pipeline/subsets.hpp"
#include "source/python_path.hpp"
#include "rules/output_checks.hpp"


namespace grk::beir {

namespace {

// docs/behaviour/beir.md §18.1: adapt writes, validate only reads and lists the problems.
ParamSpec mode_param() {
  return with_default("mode", ParamType::string, "adapt",
                      "adapt (write corpus/ and judgments.jsonl) or validate (read the whole dataset, write nothing, "
                      "and list every problem with the opt-ins applied)")
      .one_of({"adapt", "validate"});
}

// docs/behaviour/beir.md §18.1: the mode, and output_dir, which only validate mode may
// leave out; the mode's value, or the refusal.
Expected<std::string> checked_mode(const Params& params) {
  GRK_TRY_VOID(check_choice(params, mode_param()));
  const std::string mode = params.has("mode") ? params.string("mode") : "adapt";
  if (mode == "adapt" && !params.has("output_dir")) {
    return fail(Status::invalid_argument,
                "parameter 'output_dir': missing required parameter (only mode 'validate' runs without it)");
  }
  return mode;
}

}  // namespace

std::vector<ParamSpec> BeirDatasetAdapter::params() {
  std::vector<ParamSpec> specs = {
      as_folder(
          required("source_dir", ParamType::path, "BEIR dataset folder holding corpus.jsonl, queries.jsonl and qrels/")),
      as_output(optional("output_dir", ParamType::path,
                         "folder that receives corpus/ and judgments.jsonl (required when mode is adapt)")),
      with_default("split", ParamType::string, "test", "qrels split to adapt: qrels/<split>.tsv"),
  };
  for (ParamSpec& spec : policy_params()) specs.push_back(std::move(spec));
  specs.push_back(mode_param());
  return specs;
}

// docs/behaviour/beir.md §18.1: the host runs this before any step, after it checked
// every value against its declared choices. A `graded` below 1 is left to adapt(),
// which refuses it as it always has, first.
Expected<void> BeirDatasetAdapter::validate(const Params& params) const {
  const auto policies = read_policies(params);
  if (!policies) return {};
  GRK_TRY(const std::string mode, checked_mode(params));
  // docs/behaviour/beir.md §7 steps 11-12 before any step runs: an output the
  // step would refuse (a non-empty corpus/, a file in the way) is refused up
  // front with the step's own message. One dataset only: subsets each checks
  // its outputs one level down, after reading the subsets.
  if (mode == "adapt" && policies->subsets != SubsetsPolicy::each) {
    const std::string output_dir = params.string("output_dir");
    if (output_dir.find('\0') == std::string::npos) GRK_TRY_VOID(check_output(python_realpath(output_dir)));
  }
  return {};
}

boost::json::value BeirDatasetAdapter::adapt(const Params& params, Context& context) {
  AdaptationRequest request;
  request.source_dir = params.string("source_dir");
  request.split = params.string("split");
  request.policies = read_policies(params).or_throw();
  // docs/behaviour/beir.md §18.1: the mode, checked after the policies (declaration order).
  const std::string mode = checked_mode(params).or_throw();
  AdaptationHooks hooks;
  // Every pass reports progress every few thousand records, on the calling
  // thread: the place to poll for cancellation (SDK 1.2). The throw unwinds
  // through DatasetOutput, whose staging folder goes with it, so a cancelled
  // run leaves the destination as it was (docs/behaviour/beir.md §20).
  hooks.progress = [&context](const char* phase, std::uint64_t done, std::uint64_t total, std::uint64_t bytes) {
    context.progress(phase, done, total, bytes);
    context.stop_if_cancelled();
  };
  if (mode == "validate") {
    if (request.policies.subsets == SubsetsPolicy::each) return validate_subsets(request, hooks);
    return validation_to_json(validate_beir_dataset(request, hooks));
  }
  request.output_dir = params.string("output_dir");
  if (request.policies.subsets == SubsetsPolicy::each) return subsets_to_json(adapt_subsets(request, hooks));
  return report_to_json(adapt_beir_dataset(request, hooks));
}

std::string BeirDatasetAdapter::summarize(const boost::json::value& report) const {
  const boost::json::object* fields = report.if_object();
  if (fields == nullptr) return {};
  if (fields->contains("valid")) return validation_summary(*fields);
  auto count = [fields](const char* key) -> std::uint64_t {
    const boost::json::value* v = fields->if_contains(key);
    if (v == nullptr) return 0;
    return v->is_uint64() ? v->get_uint64() : v->is_int64() ? static_cast<std::uint64_t>(v->get_int64()) : 0;
  };
  auto text = [fields](const char* key) -> std::string {
    const boost::json::value* v = fields->if_contains(key);
    return v != nullptr && v->is_string() ? std::string(v->get_string()) : std::string();
  };
  // docs/behaviour/beir.md §17: one line for every subset together.
  if (const boost::json::value* subsets = fields->if_contains("subsets"); subsets != nullptr && subsets->is_array()) {
    std::uint64_t documents = 0, queries = 0, pairs = 0;
    std::string names;
    for (const auto& subset : subsets->get_array()) {
      const boost::json::object& entry = subset.as_object();
      names += (names.empty() ? "" : ", ") + std::string(entry.at("name").as_string());
      const boost::json::object& report = entry.at("report").as_object();
      documents += report.at("document_count").to_number<std::uint64_t>();
      queries += report.at("query_count").to_number<std::uint64_t>();
      pairs += report.at("relevance_pair_count").to_number<std::uint64_t>();
    }
    return subset_summary_line(subsets->get_array().size(), names, documents, queries, pairs, text("output_dir"));
  }
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
