// The scores of one run: each query's values and the summary (docs/behaviour/trec-eval.md §4).
#ifndef GRK_MEASURES_EVALUATION_RUN_SCORES_HPP
#define GRK_MEASURES_EVALUATION_RUN_SCORES_HPP

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/measure_request.hpp"

namespace grk::measures {

/// Where each requested measure's values sit in a flat row of values.
struct ValueLayout {
  explicit ValueLayout(const std::vector<RequestedMeasure>& measures);
  const std::vector<RequestedMeasure>& measures;
  std::vector<std::size_t> offsets;  ///< first value of each measure
  std::size_t size = 0;
};

struct QueryScores {
  std::string qid;
  std::vector<double> values;  ///< in ValueLayout order
  std::string relstring;
};

struct RunScores {
  std::string run_id;
  std::vector<QueryScores> queries;  ///< the queries evaluated, in byte order of their ids
  std::vector<double> summary;       ///< in ValueLayout order
};

}  // namespace grk::measures

#endif
