// evaluate's `intersect`: the means and values over only the qrels queries
// that every run has, ranx's and trec_eval's habit when runs differ in their
// queries (docs/behaviour/measures.md §4).
#ifndef GRK_MEASURES_EVALUATION_SHARED_QUERIES_HPP
#define GRK_MEASURES_EVALUATION_SHARED_QUERIES_HPP

#include <string>
#include <vector>

#include "trec/qrels_reader.hpp"

namespace grk::measures {

/// `qrels` without the queries named in `dropped` (each run's missing
/// queries, in any order), their order and file order kept; the judgments
/// still point into the same text.
Qrels without_queries(const Qrels& qrels, const std::vector<std::string>& dropped);

}  // namespace grk::measures

#endif
