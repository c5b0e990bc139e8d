// keep_until_exit: a results document left for the process's end to free.
#ifndef GRK_HOST_RUN_KEPT_UNTIL_EXIT_HPP
#define GRK_HOST_RUN_KEPT_UNTIL_EXIT_HPP

#include <utility>
#include <vector>

#include "run/results_document.hpp"

namespace grk::host {

/// Takes `document` and never frees it: a verb calls this once the document
/// is written and read for the last time, just before it returns. A result
/// kept as a tree (one that is not plain JSON, support/plain_json.hpp) can
/// hold millions of values; freeing them one by one was the last 25 ms of a
/// 7,000-query run, and the exit that follows returns all the process's
/// memory at once. The documents stay reachable
/// (a leak checker does not report them).
inline void keep_until_exit(ResultsDocument&& document) {
  static auto* const kept = new std::vector<ResultsDocument>();
  kept->push_back(std::move(document));
}

}  // namespace grk::host

#endif
