#include "ranking/evaluation_options.hpp"

#include <string>

#include "trec/qrels_reader.hpp"

namespace grk::measures {

Expected<long> relevance_level_of(std::int64_t level) {
  if (level < -max_relevance_level || level > max_relevance_level) {
    return fail(Status::invalid_argument, "relevance_level must lie within +-" + std::to_string(max_relevance_level) +
                                              ", got " + std::to_string(level));
  }
  return static_cast<long>(level);
}

Expected<std::size_t> max_results_of(std::int64_t count) {
  if (count < 1) return fail(Status::invalid_argument, "max_results must be at least 1, got " + std::to_string(count));
  return static_cast<std::size_t>(count);
}

}  // namespace grk::measures
