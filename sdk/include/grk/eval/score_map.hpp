// grk/eval/score_map.hpp: ScoreMap, one system's per-query scores on one
// metric, the value every reader of grk/eval/ produces.
#ifndef GRK_EVAL_SCORE_MAP_HPP
#define GRK_EVAL_SCORE_MAP_HPP

#include <map>
#include <string>

namespace grk::eval {

/// Query id -> score. std::map orders keys bytewise, which for UTF-8 is
/// Python's code-point order (docs/behaviour/paired-bootstrap.md §3 step 1).
using ScoreMap = std::map<std::string, double>;

}  // namespace grk::eval

#endif
