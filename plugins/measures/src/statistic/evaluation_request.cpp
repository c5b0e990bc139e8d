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

// An output_dir that holds files is refused, not written over, as beir
// refuses a corpus/ that is not empty: before any step runs, and again when
// the step starts, in case an earlier step wrote there.
Expected<void> check_output_dir_empty(const std::filesystem::path& folder) {
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) return {};
  const std::filesystem::directory_iterator first(folder, error);
  if (error || first == std::filesystem::directory_iterator()) return {};
  return unexpected(bad_param("output_dir", "'" + folder.string() + "' already holds files (" +
                                                first->path().filename().string() +
                                                "); name a new or empty folder, so that nothing is written over"));
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

std::vector<ParamSpec> evaluate_params() {
  std::vector<ParamSpec> params;
  for (auto& param : evaluation_params()) {
    if (param.name == "output_dir") continue;
    if (param.name == "ignore_identical_ids") {
      params.push_back(std::move(param));
      params.push_back(with_default("diversity_order", ParamType::string, "rank",
                                    "ndeval's measures: rank (the run's rank column, ndeval's default) or score "
                                    "(ndeval -traditional)")
                           .one_of({"rank", "score"}));
      continue;
    }
    if (param.name == "complete") {
      params.push_back(std::move(param));
      params.push_back(with_default("intersect", ParamType::boolean, false,
                                    "score only the qrels queries that every run has (default: every qrels query "
                                    "for ir_measures' names, trec_eval's queries for its names)"));
      continue;
    }
    if (param.name == "measures") {
      param = with_default("measures", ParamType::list, boost::json::array{"AP", "nDCG@10", "P@10", "R@100", "RR"},
                           "in any dialect: ir_measures' (nDCG@10, P(rel=2)@5, ERR@20, Judged@10), trec_eval's -m "
                           "entries (ndcg_cut.10, P.5,10, official) or its output names (ndcg_cut_10)");
    }
    params.push_back(std::move(param));
  }
  return params;
}

namespace {

// Everything but the measures.
Expected<EvaluationRequest> read_common(const Params& params) {
  EvaluationRequest request;
  request.qrels = params.path("qrels");
  request.qrels_format = format_named(params.string("qrels_format"));
  request.runs = params.paths("runs");
  GRK_TRY_VOID(check_system_names(request));
  EvaluationOptions& options = request.options;
  options.per_query = params.boolean("per_query");
  options.complete = params.boolean("complete");
  options.judged_only = params.boolean("judged_only");
  options.ignore_identical_ids = params.boolean("ignore_identical_ids");
  GRK_TRY(options.relevance_level, relevance_level_of(params.integer("relevance_level")));
  if (params.has("max_results")) {
    GRK_TRY(options.max_results, max_results_of(params.integer("max_results")));
  }
  if (params.has("output_dir")) {
    request.output_dir = params.path("output_dir");
    GRK_TRY_VOID(check_output_dir_empty(*request.output_dir));
  }
  GRK_TRY_VOID(check_not_empty(request.qrels, "qrels file"));
  for (const auto& [system, path] : request.runs) {
    (void)system;
    GRK_TRY_VOID(check_not_empty(path, "run file"));
  }
  return request;
}

}  // namespace

Expected<EvaluationRequest> read_request(const Params& params) {
  auto entries = trec_eval_entries(rejoin_measure_items(params.list("measures")));
  if (!entries) return unexpected(bad_param("measures", entries.error().message));
  auto measures = request_measures(*entries);
  if (!measures) return unexpected(bad_param("measures", measures.error().message));
  GRK_TRY(EvaluationRequest request, read_common(params));
  request.measures = std::move(*measures);
  return request;
}

Expected<EvaluationRequest> read_plan_request(const Params& params) {
  GRK_TRY(EvaluationRequest request, read_common(params));
  if (params.string("diversity_order") == "score") request.options.diversity_order = DiversityOrder::score;
  request.intersect = params.boolean("intersect");
  auto plan = plan_measures(rejoin_measure_items(params.list("measures")), request.options);
  if (!plan) return unexpected(bad_param("measures", plan.error().message));
  request.plan = std::move(*plan);
  return request;
}

}  // namespace grk::measures
