// Python's dicts written as TREC files, so that grk-eval's own commands can
// read them: grk_plugins.compare runs `grk-eval evaluate`, the one source of
// the systems x measures table, on runs and qrels it was given in memory
// (docs/behaviour/python-evaluators.md §4).
#ifndef GRK_MEASURES_PYTHON_TREC_FILES_HPP
#define GRK_MEASURES_PYTHON_TREC_FILES_HPP

#include "python/python_objects.hpp"  // Python.h first, as CPython asks

namespace grk::measures::python {

/// {query id: {document id: score}} as a TREC run on `fd`: one line per
/// document, `qid Q0 docno rank score grk`, in the dicts' order, each rank
/// the document's place in its query's dict, each score at the shortest
/// digits that read back as the same double. A query with no document has
/// no line. The entries are checked as the evaluator checks them
/// (dict_inputs.hpp), and each id must be one a TREC file can carry.
void write_trec_run(PyObject* run, int fd);

/// {query id: {document id: int relevance}} as TREC qrels on `fd`:
/// `qid 0 docno relevance`, in the dicts' order, checked likewise.
void write_trec_qrels(PyObject* qrels, int fd);

}  // namespace grk::measures::python

#endif
