// Python's dicts as the evaluator's qrels and run: {query id: {document id:
// relevance}} and {query id: {document id: score}}, every id copied, so that
// the scoring needs no Python object (docs/behaviour/python-evaluators.md §1).
#ifndef GRK_MEASURES_PYTHON_DICT_INPUTS_HPP
#define GRK_MEASURES_PYTHON_DICT_INPUTS_HPP

#include "python/python_objects.hpp"
#include "trec/id_store.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures::python {

/// {query id: {document id: int relevance}}, the ids kept in `ids`, which
/// must outlive the qrels. A query with no judgment is left out, as
/// pytrec_eval leaves it out; file_order is the dict's order.
Qrels qrels_of(PyObject* dict, IdStore& ids);

/// {query id: {document id: score}}, a score an int or a float, finite.
TrecRun run_of(PyObject* dict);

}  // namespace grk::measures::python

#endif
