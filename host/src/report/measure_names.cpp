#include "report/measure_names.hpp"

#include <algorithm>

#include "language/measure_plan.hpp"

namespace grk::host {

Expected<std::vector<std::string>> document_names(const std::string& written) {
  GRK_TRY(const auto plan, measures::plan_measures({written}, measures::EvaluationOptions{}));
  std::vector<std::string> names;
  for (const auto& planned : plan.measures) names.push_back(planned.name);
  // An ir_measures name of trec_eval's family without options of its own is also a trec_eval entry.
  if (const auto entries = measures::trec_eval_entries({written})) {
    if (const auto twin = measures::plan_measures(*entries, measures::EvaluationOptions{})) {
      for (const auto& planned : twin->measures) {
        if (std::find(names.begin(), names.end(), planned.name) == names.end()) names.push_back(planned.name);
      }
    }
  }
  return names;
}

}  // namespace grk::host
