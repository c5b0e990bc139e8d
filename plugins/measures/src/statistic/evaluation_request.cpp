#include "statistic/evaluation_request.hpp"

#include <system_error>

namespace grk::measures {

namespace {

Failure bad_param(const std::string& name, const std::string& why) {
  return Failure{Status::invalid_argument, "parameter '" + name + "': " + why, {}};
}

Expected<void> check_system_names(const EvaluationRequest& request) {
  if (request.runs.empty()) return unexpected(bad_param("runs", "no run given"));
  for (const auto& [system, path] : request.runs) {
    (void)path;
    if (system.empty() || system == "." || system == ".." || system.find('/') != std::string::npos ||
        system.find('\0') != std::string::npos) {
      return unexpected(bad_param("runs", "system name '" + system + "' cannot name a file " + system + ".txt"));
    }
  }
  return {};
}

// An empty file is refused before anything runs; a missing one is the reader's to report.
Expected<void> check_not_empty(const std::filesystem::path& path, const std::string& kind) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (!error && size == 0) return fail(Status::invalid_data, kind + " '" + path.string() + "' is empty");
  return {};
}

QrelsFormat format_named(const std::string& name) {
  if (name == "trec") return QrelsFormat::trec;
  if (name == "beir") return QrelsFormat::beir;
  return QrelsFormat::automatic;
}

}  // namespace

std::vector<ParamSpec> evaluation_params() {
  return {
      as_file(required("qrels", ParamType::path, "relevance judgments: TREC qrels (qid iter docno rel) or BEIR's TSV")),
      with_default("qrels_format", ParamType::string, "auto",
                   "auto (a BEIR header line means BEIR), trec or beir")
          .one_of({"auto", "trec", "beir"}),
      as_file(required("runs", ParamType::paths, "TREC runs (qid Q0 docno rank score tag), one per system")),
      with_default("measures", ParamType::list, boost::json::array{"official"},
                   "trec_eval -m entries: map, P.5,10, ndcg_cut.10, official, all_trec, beir, ..."),
      with_default("per_query", ParamType::boolean, false, "each query's values too (trec_eval -q)"),
      with_default("complete", ParamType::boolean, false, "average over every qrels query (trec_eval -c)"),
      with_default("judged_only", ParamType::boolean, false, "drop unjudged documents first (trec_eval -J)"),
      with_default("relevance_level", ParamType::integer, 1, "the lowest relevant level (trec_eval -l)"),
      optional("max_results", ParamType::integer, "documents kept per query (trec_eval -M)"),
      with_default("ignore_identical_ids", ParamType::boolean, false,
                   "drop a run line whose document id is its query id (BEIR's)"),
      as_output(as_folder(
          optional("output_dir", ParamType::path, "where <system>.txt gets trec_eval's output for each run"))),
  };
}

Expected<EvaluationRequest> read_request(const Params& params) {
  EvaluationRequest request;
  request.qrels = params.path("qrels");
  request.qrels_format = format_named(params.string("qrels_format"));
  request.runs = params.paths("runs");
  GRK_TRY_VOID(check_system_names(request));
  auto measures = request_measures(params.list("measures"));
  if (!measures) return unexpected(bad_param("measures", measures.error().message));
  request.measures = std::move(*measures);
  EvaluationOptions& options = request.options;
  options.per_query = params.boolean("per_query");
  options.complete = params.boolean("complete");
  options.judged_only = params.boolean("judged_only");
  options.ignore_identical_ids = params.boolean("ignore_identical_ids");
  GRK_TRY(options.relevance_level, relevance_level_of(params.integer("relevance_level")));
  if (params.has("max_results")) {
    GRK_TRY(options.max_results, max_results_of(params.integer("max_results")));
  }
  if (params.has("output_dir")) request.output_dir = params.path("output_dir");
  GRK_TRY_VOID(check_not_empty(request.qrels, "qrels file"));
  for (const auto& [system, path] : request.runs) {
    (void)system;
    GRK_TRY_VOID(check_not_empty(path, "run file"));
  }
  return request;
}

}  // namespace grk::measures
