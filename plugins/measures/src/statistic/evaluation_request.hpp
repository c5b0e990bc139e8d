// The trec-eval component's parameters, read and checked (docs/behaviour/trec-eval.md §8).
#ifndef GRK_MEASURES_STATISTIC_EVALUATION_REQUEST_HPP
#define GRK_MEASURES_STATISTIC_EVALUATION_REQUEST_HPP

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include "catalog/measure_request.hpp"
#include "language/measure_plan.hpp"
#include "ranking/evaluation_options.hpp"
#include "trec/qrels_reader.hpp"

namespace grk::measures {

struct EvaluationRequest {
  std::filesystem::path qrels;
  QrelsFormat qrels_format = QrelsFormat::automatic;
  std::vector<std::pair<std::string, std::filesystem::path>> runs;  ///< system -> run file
  std::vector<RequestedMeasure> measures;  ///< trec-eval's
  MeasurePlan plan;                        ///< evaluate's
  bool intersect = false;                  ///< evaluate's: only the queries every run has
  EvaluationOptions options;
  std::optional<std::filesystem::path> output_dir;
};

/// The declared parameters: trec-eval's, and evaluate's (the same, with
/// measures in any dialect and no output_dir).
std::vector<ParamSpec> evaluation_params();
std::vector<ParamSpec> evaluate_params();

/// The request the parameters make, every check that needs no file read:
/// the measures, the system names (each names a file `<system>.txt`), the
/// options' ranges, and files that are empty. invalid_argument names the
/// parameter; an empty file is invalid_data.
Expected<EvaluationRequest> read_request(const Params& params);

/// The same for evaluate: its measures made into a plan.
Expected<EvaluationRequest> read_plan_request(const Params& params);

}  // namespace grk::measures

#endif
